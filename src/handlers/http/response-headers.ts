/**
 * @module
 * `x-request-id` (and CORS headers for browser callers) on every response, set once the route has
 * answered: on a new response with plain headers when the standalone adapter made the route's
 * response with plain headers (`withHeaders`), else on its `Headers`.
 * @note Not prepared with `c.header()` before the route: Hono then builds every response with a
 * Fetch `Headers`, which the adapter writes through its slow path (a `/v1` GET: ~10 µs more
 * server CPU, measured; docs/decisions.md). A route's `c.json(body, status)` keeps plain headers.
 */
import { createMiddleware } from 'hono/factory'
import { withHeaders } from '../../gateway/node-server-response-cache.js'
import { makeId } from '../../store/ids.js'
import { type CorsPolicy, corsHeadersFor } from './cors.js'
import type { ReplicaEnv } from './replica-env.js'

/**
 * @param ready settles once the store holds its data (a new promise after each reset)
 * @param cors which responses carry CORS headers for the request's origin
 */
export function responseHeaders(ready: () => Promise<void>, cors: CorsPolicy) {
  // awaiting a settled promise still costs a microtask turn on every request
  const settled = new WeakSet<Promise<void>>()
  return createMiddleware<ReplicaEnv>(async (c, next) => {
    const requestId = makeId('requestId')
    c.set('requestId', requestId)
    const origin = c.req.header('origin')
    const headers: [string, string][] = [
      ['x-request-id', requestId],
      ...(origin && cors(c.req.path, origin) ? corsHeadersFor(origin) : []),
    ]
    const pending = ready()
    if (!settled.has(pending)) {
      await pending
      settled.add(pending)
    }
    await next()
    const rebuilt = withHeaders(c.res, headers)
    if (rebuilt) {
      // unset first: setting a response over another merges the two through full Fetch objects
      c.res = undefined
      c.res = rebuilt
    } else for (const [name, value] of headers) c.res.headers.set(name, value)
  })
}
