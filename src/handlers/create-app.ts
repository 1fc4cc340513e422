/**
 * @module
 * The one Hono app behind every transport (MSW catch-alls in-process, `@hono/node-server`
 * standalone, Playwright routing): request ids, CORS, `/v1`, `/__replica`, one error path.
 */
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { ManagementError } from '../management/errors.js'
import type { ReplicaRuntime } from '../runtime/create-runtime.js'
import { makeId } from '../store/ids.js'
import { controlRoutes } from './control-routes.js'
import type { ReplicaEnv } from './http/replica-env.js'
import { toManagementErrorResponse } from './http/to-error-response.js'
import { managementRoutes } from './management/management-routes.js'

export function createApp(runtime: ReplicaRuntime) {
  const app = new Hono<ReplicaEnv>()

  app.use(async (c, next) => {
    const requestId = makeId('requestId')
    c.set('requestId', requestId)
    await runtime.ready
    await next()
    c.res.headers.set('x-request-id', requestId)
  })
  app.use(
    cors({
      origin: (origin) => origin || '*',
      credentials: true,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['x-request-id', 'content-disposition', 'Vendor-Locator', 'Sforce-Locator', 'Location'],
      maxAge: 600,
    }),
  )

  app.route('/v1', managementRoutes(runtime))
  app.route('/__replica', controlRoutes(runtime))

  app.notFound((c) =>
    toManagementErrorResponse(
      c,
      new ManagementError('not_found', `Failed to find route: ${c.req.method} ${c.req.path}`),
    ),
  )
  app.onError((error, c) => toManagementErrorResponse(c, error))
  return app
}

export type ReplicaApp = ReturnType<typeof createApp>
