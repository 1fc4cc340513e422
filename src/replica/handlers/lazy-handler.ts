/**
 * @module
 * Surfaces that load on their first request (composite, sObject Collections, SOSL, the OAuth
 * endpoints, SOAP, Bulk results): their routes are registered up front, so the router, the
 * endpoint notes and the fidelity report see every pattern, while the code a route runs (and what
 * it brings: zod schemas, parsers) is an `import()` that Node's module cache keeps after the first.
 * @see docs/decisions/0046-surfaces-load-on-first-use.md
 */
import type { NativeContext } from './native-env.js'
import { whenStoreFree } from './store-turn.js'

/**
 * Loads a module, then runs `work` with it once the record store is free: the load is an await,
 * and a transaction may have taken the store since the router's check (store-turn.ts).
 * @example
 * const composite = () => import('../composite/index.js')
 * resource(app, '/composite', { POST: (c) => withLoaded(c, composite, ({ planComposite }) => ...) })
 */
export async function withLoaded<M, R>(
  c: NativeContext,
  load: () => Promise<M>,
  work: (module: M) => R,
): Promise<Awaited<R>> {
  const module = await load()
  return await whenStoreFree(c, () => work(module))
}
