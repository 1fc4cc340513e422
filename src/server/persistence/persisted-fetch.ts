/**
 * @module
 * Holds each response until every change made before it is on disk (`Persistence.durable`): a
 * client never sees a 2xx for a write a crash could lose, nor a state a crash could take back.
 */
import type { Persistence } from './persistence.js'

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>

/** Methods that change nothing the mock does not report itself. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function persistedFetch(fetch: Fetch, persistence: Persistence): Fetch {
  return async (request, env) => {
    const response = await fetch(request, env)
    // the control API's clock, lifecycle and faults report nothing: count any write as a change
    if (!SAFE_METHODS.has(request.method)) persistence.touch()
    const wait = persistence.durable()
    if (!wait) return response
    try {
      await wait
      return response
    } catch (error) {
      await response.body?.cancel()
      const message = `Failed to persist the change: ${(error as Error).message}`
      return Response.json({ error: { code: 'unavailable', message } }, { status: 503 })
    }
  }
}
