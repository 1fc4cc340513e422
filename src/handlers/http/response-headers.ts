/**
 * @module
 * `x-request-id` (and CORS headers for browser callers) on every response. Management and control
 * responses are built by Hono's context, so the headers are prepared before the route runs and go
 * into the response as it is made. Setting them on `c.res` afterwards made Hono and the node
 * adapter rebuild every response (measured: the largest cost of a `/v1` GET after the route). The
 * gateway passes the app's own Response on, so there the headers are set afterwards: on a new
 * response with plain headers when the standalone adapter made it (`withHeaders`), else on its
 * `Headers`.
 */
import { createMiddleware } from 'hono/factory'
import { withHeaders } from '../../gateway/node-server-response-cache.js'
import { makeId } from '../../store/ids.js'
import { type CorsPolicy, corsHeadersFor } from './cors.js'
import type { ReplicaEnv } from './replica-env.js'

const builtByContext = (path: string) => path.startsWith('/v1') || path.startsWith('/__replica')

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
    const prepared = builtByContext(c.req.path)
    if (prepared) for (const [name, value] of headers) c.header(name, value)
    const pending = ready()
    if (!settled.has(pending)) {
      await pending
      settled.add(pending)
    }
    await next()
    if (prepared) return
    const rebuilt = withHeaders(c.res, headers)
    if (rebuilt) {
      // unset first: setting a response over another merges the two through full Fetch objects
      c.res = undefined
      c.res = rebuilt
    } else for (const [name, value] of headers) c.res.headers.set(name, value)
  })
}
