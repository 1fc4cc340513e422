/**
 * @module
 * The one Hono app behind every transport (MSW catch-alls in-process, `@hono/node-server`
 * standalone, Playwright routing): request ids, CORS, `/v1`, `/__replica`, the gateway in front of
 * the apps (`/apps/...` and native paths at the root), one error path.
 */
import { Hono } from 'hono'
import { getPath } from 'hono/utils/url'
import { createGateway } from '../gateway/create-gateway.js'
import { collapseSlashes } from '../gateway/received-call.js'
import type { NativeHandler } from '../replica/native-call.js'
import { ManagementError } from '../management/errors.js'
import { bulkFaultMatches } from '../management/faults.js'
import { createCrmNativeHandler } from '../replica/handlers/native-handler.js'
import type { ReplicaRuntime } from '../runtime/create-runtime.js'
import { controlRoutes } from './control-routes.js'
import { gatewayRoutes } from './gateway-routes.js'
import { controlAccessOf } from './http/control-guard.js'
import { corsPolicy, corsPreflight } from './http/cors.js'
import { responseHeaders } from './http/response-headers.js'
import type { ReplicaEnv } from './http/replica-env.js'
import { toManagementErrorResponse } from './http/to-error-response.js'
import { managementRoutes } from './management/management-routes.js'

export function createApp(runtime: ReplicaRuntime) {
  // `//services/data` is routed as `/services/data` (see `collapseSlashes`)
  const app = new Hono<ReplicaEnv>({ getPath: (request) => collapseSlashes(getPath(request)) })

  const access = controlAccessOf(runtime)
  const cors = corsPolicy((origin) => access.origins.includes(origin))
  app.use(responseHeaders(() => runtime.ready, cors))
  // only preflights pass through it: one step less for every other request
  app.options('*', corsPreflight(cors))

  app.route('/v1', managementRoutes(runtime))
  app.route('/__replica', controlRoutes(runtime))
  const gateway = createGateway({
    ctx: runtime.ctx,
    nativeHandler: nativeHandlerOf(runtime),
    maxUploadBytes: runtime.options.maxUploadBytes,
  })
  app.route('/', gatewayRoutes(gateway))

  const { usage } = runtime.ctx
  app.notFound((c) =>
    toManagementErrorResponse(
      c,
      new ManagementError('not_found', `Failed to find route: ${c.req.method} ${c.req.path}`),
      usage,
    ),
  )
  app.onError((error, c) => toManagementErrorResponse(c, error, usage))
  return app
}

export type ReplicaApp = ReturnType<typeof createApp>

/**
 * The native handler behind the gateway for a catalog app id: the user's (`nativeHandlers`
 * option), else the built-in replica (every catalog app is of type `replica`).
 */
export function nativeHandlerOf(runtime: ReplicaRuntime): (appId: string) => NativeHandler {
  const builtIn = createCrmNativeHandler({
    appFor: (call) => runtime.apps.get(call.environmentId, call.appName),
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
  const custom = runtime.options.nativeHandlers ?? {}
  return (appId) => custom[appId] ?? builtIn
}
