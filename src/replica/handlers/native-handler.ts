/**
 * @module
 * The CRM replica's native REST API as a `NativeHandler` (src/replica/native-call.ts): the gateway
 * resolves the environment app and actor from the token and hands each call over with its native
 * path; this Hono app routes it to the live `CrmData` of that environment app. Every error leaves
 * through `toNativeErrorResponse`, in the Salesforce error array. The versioned resources' fixed
 * segments are routed in any case (`resource-spelling.ts`), and their answers carry
 * `Sforce-Limit-Info` (`limit-info.ts`). The composite resources send
 * their subrequests back into this same app; an ordinary call waits while one of them (or a bulk
 * job) holds the store (store-turn.ts).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/intro_rest.htm
 */
import { Hono } from 'hono'
import { getPathNoStrict } from 'hono/utils/url'
import type { ManagementContext } from '../../management/context.js'
import type { NativeCall, NativeHandler } from '../native-call.js'
import type { BulkHooks } from '../bulk/bulk-hooks.js'
import type { CrmData } from '../crm-data.js'
import { NotFoundError, UnsupportedFeatureError } from '../errors.js'
import { compositeRoutes } from './composite-routes.js'
import { resource } from './method-dispatch.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { identityRoutes } from './identity-routes.js'
import { limitInfo } from './limit-info.js'
import { oauthRoutes } from './oauth-routes.js'
import { bulkRoutes } from './bulk-routes.js'
import { queryRoutes } from './query-routes.js'
import { resourceSpelling } from './resource-spelling.js'
import { searchLimitsRoutes } from './search-limits-routes.js'
import { soapRoutes } from './soap-routes.js'
import { sobjectRoutes } from './sobject-routes.js'
import { whenStoreFree } from './store-turn.js'
import { noteEndpoint } from './native-endpoints.js'
import { nativeErrorItem, toNativeErrorResponse } from './to-native-error-response.js'
import { unsupportedServiceRoutes, unsupportedVersionedRoutes } from './unsupported-routes.js'
import { listResources, listVersions, requireServedVersion } from './versions-routes.js'

export interface CrmNativeHandlerOptions {
  /** The live app of the call's environment app; undefined when the environment holds no data. */
  appFor(call: NativeCall): CrmData | undefined
  /** The management side: the login endpoints issue tokens in it, `/limits` counts its recorded calls. */
  management?: ManagementContext
  /** Bulk job delays and faults (the mock's lifecycle and fault queue). @default due at once, no faults */
  bulk?: BulkHooks
  /** The largest Bulk API upload, counted inflated for a gzip one. @default 150 MiB */
  maxUploadBytes?: number
}

/**
 * @example
 * const handler = createCrmNativeHandler({ appFor: (call) => runtime.apps.get(call.environmentId, call.appName) })
 * await handler(new Request('http://x/services/data/v60.0/sobjects'), call)
 */
export function createCrmNativeHandler(options: CrmNativeHandlerOptions): NativeHandler {
  const routes = createCrmRoutes()
  return async (request, call) => {
    const app = options.appFor(call)
    if (!app) {
      const failure = new NotFoundError(
        `Failed to find the data of app "${call.appName}" of environment "${call.environmentId}"`,
      )
      return Response.json([nativeErrorItem(failure)], { status: 404 })
    }
    // bulk jobs due by now are processed first, so every call sees the app as of now
    const due = app.jobs.runDue()
    if (due) await due
    return routes.fetch(withMethodOverride(request), {
      call,
      app,
      bulk: options.bulk,
      management: options.management,
      maxUploadBytes: options.maxUploadBytes,
    })
  }
}

/** Where the resources of one API version live. */
const VERSIONED = '/services/data/:version{v[0-9]+\\.[0-9]+}'

/** The routes, for a caller that supplies the `{ call, app }` bindings itself. */
export function createCrmRoutes(): Hono<NativeEnv> {
  // the versioned resources' fixed segments in any case (resource-spelling.ts); set once they are routed
  let spell = (path: string) => path
  const app = new Hono<NativeEnv>({ getPath: (request) => spell(getPathNoStrict(request)) })
  app.use(noteEndpoint())
  app.use((c, next) => {
    refuseXmlResponses(c)
    // an ordinary call waits while a composite or bulk transaction holds the store (store-turn.ts)
    return whenStoreFree(c, next)
  })
  resource(app, '/services/data', { GET: listVersions })

  const version = new Hono<NativeEnv>({ strict: false })
  version.use(requireServedVersion())
  version.use(limitInfo())
  resource(version, '/', { GET: listResources })
  sobjectRoutes(version)
  queryRoutes(version)
  searchLimitsRoutes(version)
  compositeRoutes(version, (request, env) => app.fetch(request, env))
  bulkRoutes(version)
  unsupportedVersionedRoutes(version)
  app.route(VERSIONED, version)
  spell = resourceSpelling(VERSIONED, version.routes)

  oauthRoutes(app)
  soapRoutes(app)
  identityRoutes(app)
  unsupportedServiceRoutes(app)
  app.notFound((c) => toNativeErrorResponse(c, new NotFoundError()))
  app.onError((error, c) => toNativeErrorResponse(c, error))
  return app
}

/**
 * `POST ...?_HttpMethod=PATCH`: the real API's override for clients that cannot send PATCH.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_update_fields.htm
 */
function withMethodOverride(request: Request): Request {
  if (request.method !== 'POST') return request
  const override = new URL(request.url).searchParams.get('_HttpMethod')?.toUpperCase()
  if (override !== 'PATCH' && override !== 'DELETE') return request
  return new Request(request, { method: override })
}

/** The real API answers XML on request; the replica speaks JSON only and says so. */
function refuseXmlResponses(c: NativeContext): void {
  const accept = c.req.header('accept')
  if (!accept || !/xml/i.test(accept) || /json|\*\/\*|application\/\*/i.test(accept)) return
  // SOAP speaks XML; the login page is HTML
  if (c.req.path.startsWith('/services/Soap/') || c.req.path === '/services/oauth2/authorize') return
  throw new UnsupportedFeatureError('An XML response (Accept: application/xml)')
}
