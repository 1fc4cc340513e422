/**
 * @module
 * Every response carries `x-request-id` (and CORS headers for a browser caller, see cors.ts):
 * prepared on the context before the route runs, as Hono's own `requestId` middleware does, so
 * every answer made through the context (`c.json`, `c.body`, `c.newResponse`) carries them.
 * Requests wait until the store holds its data (`ready`, a new promise after each reset).
 */
import { createMiddleware } from 'hono/factory'
import { makeId } from '../../store/ids.js'
import { type CorsPolicy, corsHeadersFor } from './cors.js'
import type { ReplicaEnv } from './replica-env.js'

export function responseHeaders(ready: () => Promise<void>, cors: CorsPolicy) {
  return createMiddleware<ReplicaEnv>(async (c, next) => {
    const requestId = makeId('requestId')
    c.set('requestId', requestId)
    c.header('x-request-id', requestId)
    const origin = c.req.header('origin')
    if (origin && cors(c.req.path, origin)) {
      for (const [name, value] of corsHeadersFor(origin)) c.header(name, value)
    }
    await ready()
    await next()
  })
}
