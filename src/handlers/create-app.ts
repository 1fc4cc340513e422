/**
 * @module
 * The one Hono app behind every transport (MSW catch-alls in-process, `@hono/node-server`
 * standalone, Playwright routing): request ids, CORS, `/v1`, `/__replica`, and the app URLs
 * (`/apps/...` and native paths at the root): the gateway as middleware, with the built-in CRM
 * app's routes mounted behind it in the same app (docs/architecture.md#the-request-path).
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { getPath } from 'hono/utils/url'
import { gatewayMiddleware } from '../gateway/gateway-middleware.js'
import { routingPath } from '../gateway/routing-path.js'
import { ManagementError } from '../management/errors.js'
import { bulkFaultMatches } from '../management/faults.js'
import { type CrmRoutes, createCrmRoutes, crmNotFound } from '../replica/handlers/crm-routes.js'
import { toNativeErrorResponse } from '../replica/handlers/to-native-error-response.js'
import type { ReplicaRuntime } from '../runtime/create-runtime.js'
import { controlRoutes } from './control-routes.js'
import { controlAccessOf } from './http/control-guard.js'
import { corsPolicy, corsPreflight } from './http/cors.js'
import type { ReplicaEnv } from './http/replica-env.js'
import { responseHeaders } from './http/response-headers.js'
import { toManagementErrorResponse } from './http/to-error-response.js'
import { managementRoutes } from './management/management-routes.js'

/** Where the gateway answers: app URLs, and native paths at the root. */
const GATEWAY_PATHS = ['/apps/*', '/services/*', '/id/*']

/**
 * @param outermost middleware a transport runs around everything else (the standalone server's
 * request log): it sees the answer as the client gets it, and the gateway's `c.get('callNote')`
 */
export function createApp(runtime: ReplicaRuntime, outermost: MiddlewareHandler<ReplicaEnv>[] = []) {
  const crm = builtInCrmRoutes(runtime)
  const app = new Hono<ReplicaEnv>({ getPath: (request) => routingPath(getPath(request), crm.spell) })
  for (const middleware of outermost) app.use(middleware)

  const access = controlAccessOf(runtime)
  const cors = corsPolicy((origin) => access.origins.includes(origin))
  app.use(responseHeaders(() => runtime.ready, cors))
  // only preflights pass through it: one step less for every other request
  app.options('*', corsPreflight(cors))

  app.route('/v1', managementRoutes(runtime))
  app.route('/__replica', controlRoutes(runtime))
  const custom = runtime.options.nativeHandlers ?? {}
  const gateway = gatewayMiddleware({
    ctx: runtime.ctx,
    userHandler: (appId) => custom[appId],
    maxUploadBytes: runtime.options.maxUploadBytes,
  })
  for (const path of GATEWAY_PATHS) app.use(path, gateway)
  // a call the gateway admits to the built-in app (`c.get('native')` set) answers in its format
  app.route('/', crm.routes)

  const { usage } = runtime.ctx
  app.notFound((c) =>
    c.get('native')
      ? crmNotFound(c)
      : toManagementErrorResponse(
          c,
          new ManagementError('not_found', `Failed to find route: ${c.req.method} ${c.req.path}`),
          usage,
        ),
  )
  app.onError((error, c) =>
    c.get('native') ? toNativeErrorResponse(c, error) : toManagementErrorResponse(c, error, usage),
  )
  return app
}

export type ReplicaApp = ReturnType<typeof createApp>

/** The built-in CRM app's routes over the runtime's environment apps (every catalog app is one). */
export function builtInCrmRoutes(runtime: ReplicaRuntime): CrmRoutes {
  return createCrmRoutes({
    dataFor: (call) => runtime.apps.get(call.environmentId, call.appName),
    management: runtime.ctx,
    maxUploadBytes: runtime.options.maxUploadBytes,
    orgCode: runtime.orgCode,
    bulk: {
      delayMs: () => runtime.lifecycle.bulkMs,
      takeFault: (target) => {
        const fault = runtime.ctx.faults.take('bulk.job', (candidate) => bulkFaultMatches(candidate, target))
        return fault && { message: fault.message }
      },
    },
  })
}
