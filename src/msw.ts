/**
 * @module
 * Where the package meets msw, the same in both majors of the peer range (decision 0051): the
 * exported MSW handlers, a couple of catch-alls that hand every request under `baseUrl` to the
 * one Hono app, and the `listen()` options that say what happens to a request none answers.
 * Never one MSW handler per route: msw's matching costs ~14 us per registered handler per
 * request (decision 0002).
 */
import { createRequire } from 'node:module'
import type { http as MswHttp, RequestHandler } from 'msw'

/** What msw does with a request no handler answers. */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error'

export function createMswHandlers(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
): RequestHandler[] {
  return [mswHttp().all(`${baseUrl}/*`, ({ request }) => fetch(request))]
}

/**
 * msw's `http` from the subpath each major exports it at: `msw/core/http` (msw 2), `msw/http`
 * (msw 3, ESM, which Node >= 22.12, its minimum, requires). Not from msw's root entry, the only
 * one both share: it loads the `graphql` package (~130 modules) for GraphQL handlers, ~45 ms of
 * every Vitest file's start. msw tells handlers by their `kind`, not their class, so msw 2's
 * CommonJS handler works with an ES-module `setupServer`.
 */
export function mswHttp(): typeof MswHttp {
  const require = createRequire(import.meta.url)
  try {
    return (require('msw/core/http') as { http: typeof MswHttp }).http
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error
  }
  return (require('msw/http') as { http: typeof MswHttp }).http
}

/**
 * `setupServer(...).listen()` options applying `strategy` to requests no handler answers: msw 2
 * reads `onUnhandledRequest`, msw 3 `onUnhandledFrame` (the same strategies), and each ignores
 * the other's.
 */
export function listenOptions(strategy: UnhandledRequestStrategy): {
  onUnhandledRequest: UnhandledRequestStrategy
  onUnhandledFrame: UnhandledRequestStrategy
} {
  return { onUnhandledRequest: strategy, onUnhandledFrame: strategy }
}
