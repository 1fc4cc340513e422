/**
 * @module
 * Every response carries `x-request-id` (and CORS headers for a browser caller, see cors.ts),
 * set on the response once the route has answered, whichever way it made it. Requests wait until
 * the store holds its data (`ready`, a new promise after each reset).
 */
import { createMiddleware } from 'hono/factory'
import { makeId } from '../../store/ids.js'
import { type CorsPolicy, corsHeadersFor } from './cors.js'
import type { ReplicaEnv } from './replica-env.js'

export function responseHeaders(ready: () => Promise<void>, cors: CorsPolicy) {
  return createMiddleware<ReplicaEnv>(async (c, next) => {
    const requestId = makeId('requestId')
    c.set('requestId', requestId)
    await ready()
    await next()
    c.res.headers.set('x-request-id', requestId)
    const origin = c.req.header('origin')
    if (origin && cors(c.req.path, origin)) {
      for (const [name, value] of corsHeadersFor(origin)) c.res.headers.set(name, value)
    }
  })
}
