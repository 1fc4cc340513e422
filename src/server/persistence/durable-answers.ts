/**
 * @module
 * Holds each response until every change made before it is on disk (`Persistence.durable`): a
 * client never sees a 2xx for a write a crash could lose, nor a state a crash could take back.
 * Middleware of the one app, run around everything but the request log.
 */
import type { MiddlewareHandler } from 'hono'
import type { Persistence } from './persistence.js'

/** Methods that change nothing the mock does not report itself. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function durableAnswers(persistence: Persistence): MiddlewareHandler {
  return async (c, next) => {
    await next()
    // the control API's clock, lifecycle and faults report nothing: count any write as a change
    if (!SAFE_METHODS.has(c.req.method)) persistence.touch()
    const wait = persistence.durable()
    if (!wait) return
    try {
      await wait
    } catch (error) {
      await c.res.body?.cancel()
      const message = `Failed to persist the change: ${(error as Error).message}`
      c.res = undefined
      c.res = c.json({ error: { code: 'unavailable', message } }, 503)
    }
  }
}
