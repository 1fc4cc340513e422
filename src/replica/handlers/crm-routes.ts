/**
 * @module
 * The CRM replica's native REST API as Hono routes. The mock mounts them in its one app behind
 * the gateway (src/handlers/create-app.ts), which resolves the call from the app token and puts
 * it in the request context (`c.get('native')`); the routes' first middleware finds the live data of
 * that environment app. Errors leave through `toNativeErrorResponse`, in the Salesforce error
 * array. The versioned resources' fixed segments are routed in any case (`spell`, applied by the
 * app's `getPath`), and their answers carry `Sforce-Limit-Info` (`limit-info.ts`). An ordinary
 * call waits while a composite (or a bulk job) holds the store (store-turn.ts).
 *
 * The same routes also answer as a `NativeHandler` (`handler`) for a caller holding a `Request`
 * and a resolved call outside the one app: tests and benches, and the composite resources, which
 * send their subrequests back into them.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/intro_rest.htm
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { getPathNoStrict } from 'hono/utils/url'
import { NotFoundError, UnsupportedFeatureError } from '../errors.js'
import type { NativeCall, NativeHandler } from '../native-call.js'
import { actionsRoutes } from './actions-routes.js'
import { apexRestRoutes } from './apex-rest-routes.js'
import { bulkRoutes } from './bulk-routes.js'
import { compositeRoutes } from './composite-routes.js'
import { identityRoutes } from './identity-routes.js'
import { limitInfo } from './limit-info.js'
import { resource } from './method-dispatch.js'
import type { CrmRoutesOptions, NativeContext, NativeEnv } from './native-env.js'
import { noteEndpoint } from './native-endpoints.js'
import { oauthRoutes } from './oauth-routes.js'
import { queryRoutes } from './query-routes.js'
import { recentRoutes } from './recent-routes.js'
import { resourceSpelling } from './resource-spelling.js'
import { searchLimitsRoutes } from './search-limits-routes.js'
import { soapRoutes } from './soap-routes.js'
import { sobjectRoutes } from './sobject-routes.js'
import { whenStoreFree } from './store-turn.js'
import type { SubrequestScope } from './subrequest-dispatch.js'
import { toNativeErrorResponse } from './to-native-error-response.js'
import { unsupportedServiceRoutes, unsupportedVersionedRoutes } from './unsupported-routes.js'
import { listResources, listVersions, requireServedVersion } from './versions-routes.js'

export type { CrmRoutesOptions } from './native-env.js'

export interface CrmRoutes {
  /** The routes, to mount in the one app behind the gateway (`app.route('/', routes)`). */
  routes: Hono<NativeEnv>
  /**
   * The path with the versioned resources' fixed segments in the routes' spelling: the routing
   * path of a call to them (the app's `getPath` applies it).
   */
  spell(path: string): string
  /** The same routes for a caller holding a `Request` and a resolved call (tests, benches). */
  handler: NativeHandler
}

/** Where the routes live: the native paths the gateway admits calls on (a wildcard takes the root too). */
const NATIVE_ROOTS = ['/services/*', '/id/*']

/** Where the resources of one API version live. */
const VERSIONED = '/services/data/:version{v[0-9]+\\.[0-9]+}'

/** The bindings of the routes called outside the one app: the call, and a subrequest's scope. */
type DirectEnv = NativeEnv & { Bindings: { call: NativeCall; scope?: SubrequestScope } }

/**
 * @example
 * const crm = createCrmRoutes({ dataFor: (call) => runtime.apps.get(call.environmentId, call.appName) })
 * await crm.handler(new Request('http://x/services/data/v60.0/sobjects'), call)
 */
export function createCrmRoutes(options: CrmRoutesOptions): CrmRoutes {
  const routes = new Hono<NativeEnv>()
  // only on the native paths: mounted at the root of the one app, the routes' middleware must
  // not run for a path the gateway never admitted (`/favicon.ico` is the management API's 404)
  for (const root of NATIVE_ROOTS) {
    routes.use(root, openData(options), noteEndpoint(), (c, next) => {
      refuseXmlResponses(c)
      // an ordinary call waits while a composite or bulk transaction holds the store (store-turn.ts)
      return whenStoreFree(c, next)
    })
  }
  resource(routes, '/services/data', { GET: listVersions })

  const version = new Hono<NativeEnv>()
  version.use(requireServedVersion())
  version.use(limitInfo())
  resource(version, '/', { GET: listResources })
  sobjectRoutes(version)
  queryRoutes(version)
  searchLimitsRoutes(version)
  recentRoutes(version)
  compositeRoutes(version, (request, scope) => direct.fetch(request, { call: scope.call, scope }))
  bulkRoutes(version)
  actionsRoutes(version)
  unsupportedVersionedRoutes(version)
  routes.route(VERSIONED, version)
  const spell = resourceSpelling(
    VERSIONED,
    version.routes.map((route) => route.path),
  )

  oauthRoutes(routes)
  soapRoutes(routes)
  identityRoutes(routes)
  apexRestRoutes(routes)
  unsupportedServiceRoutes(routes)

  // outside the one app: the call comes as a binding and the body is read here
  const direct = new Hono<DirectEnv>({ getPath: (request) => spell(getPathNoStrict(request)) })
  direct.use(async (c, next) => {
    const { call, scope } = c.env
    const body = new Uint8Array(await c.req.arrayBuffer())
    c.set('native', { call, origin: scope?.origin ?? new URL(c.req.url).origin, body })
    if (scope) {
      c.set('data', scope.data)
      c.set('options', scope.options)
      c.set('transaction', scope.transaction)
    }
    await next()
    // a subrequest's blob is the composite call's: the recording keeps its bytes out
    const marks = c.get('nativeBinary')
    if (scope && marks) scope.markBinary(marks)
  })
  direct.route('/', routes)
  direct.notFound(crmNotFound)
  direct.onError((error, c) => toNativeErrorResponse(c, error))

  return {
    routes,
    spell,
    handler: async (request, call) => direct.fetch(request, { call }),
  }
}

/** The answer to a native path no route serves, in the native format. */
export function crmNotFound(c: Context): Response {
  return toNativeErrorResponse(c, new NotFoundError())
}

/**
 * Finds the live data of the call's environment app, and processes the bulk jobs due by now, so
 * every call sees the app as of now. A composite's subrequests come with their caller's.
 */
function openData(options: CrmRoutesOptions): MiddlewareHandler<NativeEnv> {
  return async (c, next) => {
    if (c.get('data') !== undefined) return next()
    const { call } = c.get('native')
    const data = options.dataFor(call)
    if (!data) {
      throw new NotFoundError(
        `Failed to find the data of app "${call.appName}" of environment "${call.environmentId}"`,
      )
    }
    c.set('data', data)
    c.set('options', options)
    const due = data.jobs.runDue()
    if (due) await due
    return next()
  }
}

/** The real API answers XML on request; the replica speaks JSON only and says so. */
function refuseXmlResponses(c: NativeContext): void {
  const accept = c.req.header('accept')
  if (!accept || !/xml/i.test(accept) || /json|\*\/\*|application\/\*/i.test(accept)) return
  // SOAP speaks XML; the login page is HTML
  if (c.req.path.startsWith('/services/Soap/') || c.req.path === '/services/oauth2/authorize') return
  throw new UnsupportedFeatureError('An XML response (Accept: application/xml)')
}
