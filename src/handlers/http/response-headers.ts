/**
 * @module
 * Every response carries `x-request-id` (and CORS headers for a browser caller, see cors.ts):
 * prepared on the context before the route runs, as Hono's own `requestId` middleware does, so
 * every answer made through the context (`c.json`, `c.body`, `c.newResponse`) carries them.
 * Requests wait until the store holds its data (`ready`, a new promise after each reset); when it
 * never will (a schema source that failed the start), they answer 503 `unavailable` saying why.
 */
import { createMiddleware } from 'hono/factory'
import { ManagementError } from '../../management/errors.js'
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
    try {
      await ready()
    } catch (error) {
      throw new ManagementError('unavailable', `The mock is not ready: ${(error as Error).message}`)
    }
    await next()
  })
}
