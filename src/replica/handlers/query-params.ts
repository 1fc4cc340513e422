/**
 * @module
 * Query parameters a resource does not define fail loudly (400 `MALFORMED_QUERY` naming the
 * parameter), rather than being ignored: a client relying on one the replica does not know would
 * otherwise get an answer that silently differs.
 */
import { ReplicaError } from '../errors.js'
import type { NativeContext } from './native-env.js'

export function refuseUnknownParams(c: NativeContext, known: ReadonlySet<string>): void {
  const search = new URL(c.req.url).searchParams
  for (const name of search.keys()) {
    if (!known.has(name)) {
      throw new ReplicaError(
        'MALFORMED_QUERY',
        `Failed to read the request: the query parameter "${name}" is not one the replica serves here (it serves: ${[...known].join(', ')})`,
      )
    }
  }
}
