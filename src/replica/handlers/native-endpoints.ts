/**
 * @module
 * The native endpoints the fidelity report counts (`GET /__replica/fidelity`), each under the
 * route pattern that serves it, and `noteEndpoint`: a middleware that notes on the call which of
 * them the router matched. The gateway counts by that, so the report never reads a path on its
 * own. Routes not listed here (search, limits, logins beside the token endpoint, identity, the
 * features answered `FEATURE_NOT_ENABLED`) are counted by their path, as unlisted.
 */
import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { NativeEndpoint } from '../native-call.js'
import type { NativeEnv } from './native-env.js'

/** The versioned REST base, `/services/data/vXX.X`, as its route names it. */
const V = '/services/data/:version'

/** Route pattern (parameter constraints left out) -> the endpoint it serves. */
export const NATIVE_ENDPOINTS: ReadonlyMap<string, NativeEndpoint> = new Map([
  ['/services/data', { name: 'versions', query: [] }],
  [V, { name: 'resources', query: [] }],
  [`${V}/sobjects`, { name: 'sobjects', query: [] }],
  [`${V}/sobjects/:object`, { name: 'sobjects/{object}', query: [] }],
  [`${V}/sobjects/:object/:id`, { name: 'sobjects/{object}/{id}', query: ['fields'] }],
  [
    `${V}/sobjects/:object/:id/:value`,
    { name: 'sobjects/{object}/{field}/{value}', query: ['fields', 'updateOnly'] },
  ],
  // the query routes refuse a parameter they do not define
  [`${V}/query`, { name: 'query' }],
  [`${V}/queryAll`, { name: 'queryAll' }],
  [`${V}/query/:locator`, { name: 'query/{locator}' }],
  [`${V}/queryAll/:locator`, { name: 'queryAll/{locator}' }],
  [`${V}/composite`, { name: 'composite' }],
  [`${V}/composite/batch`, { name: 'composite/batch' }],
  [`${V}/composite/graph`, { name: 'composite/graph' }],
  [`${V}/composite/tree/:object`, { name: 'composite/tree/{object}' }],
  [`${V}/composite/sobjects`, { name: 'composite/sobjects' }],
  [`${V}/composite/sobjects/:object`, { name: 'composite/sobjects/{object}' }],
  [`${V}/jobs/ingest`, { name: 'jobs/ingest' }],
  [`${V}/jobs/ingest/:jobId`, { name: 'jobs/ingest/{jobId}' }],
  [`${V}/jobs/ingest/:jobId/batches`, { name: 'jobs/ingest/{jobId}/batches' }],
  [`${V}/jobs/ingest/:jobId/successfulResults`, { name: 'jobs/ingest/{jobId}/{results}' }],
  [`${V}/jobs/ingest/:jobId/failedResults`, { name: 'jobs/ingest/{jobId}/{results}' }],
  [`${V}/jobs/ingest/:jobId/unprocessedrecords`, { name: 'jobs/ingest/{jobId}/{results}' }],
  [`${V}/jobs/query`, { name: 'jobs/query' }],
  [`${V}/jobs/query/:jobId`, { name: 'jobs/query/{jobId}' }],
  [`${V}/jobs/query/:jobId/results`, { name: 'jobs/query/{jobId}/results' }],
  [`${V}/jobs/query/:jobId/resultPages`, { name: 'jobs/query/{jobId}/resultPages' }],
  ['/services/oauth2/token', { name: 'oauth2/token' }],
])

/**
 * Resources that share the record's routes (`/sobjects/{object}/{id}[/{value}[/...]]`, see
 * sobject-routes.ts): the fixed segments after the object name them, in any case. Keyed by the
 * route, then by those segments in lower case (`describe/layouts`; `*` for one parameter).
 */
export const SHARED_ROUTES: ReadonlyMap<string, ReadonlyMap<string, NativeEndpoint>> = new Map([
  [
    `${V}/sobjects/:object/:id`,
    new Map([
      ['describe', { name: 'sobjects/{object}/describe', query: [] }],
      ['quickactions', { name: 'sobjects/{object}/quickActions', query: [] }],
    ]),
  ],
  [
    `${V}/sobjects/:object/:id/:value`,
    new Map([
      ['describe/layouts', { name: 'sobjects/{object}/describe/layouts', query: [] }],
      ['describe/compactlayouts', { name: 'sobjects/{object}/describe/compactLayouts', query: [] }],
      ['describe/approvallayouts', { name: 'sobjects/{object}/describe/approvalLayouts', query: [] }],
    ]),
  ],
  [
    `${V}/sobjects/:object/:id/:value/*`,
    new Map([
      ['describe/layouts/*', { name: 'sobjects/{object}/describe/layouts/{recordTypeId}', query: [] }],
    ]),
  ],
])

/** Every endpoint the report knows, by name (the routes' own and the resources sharing them). */
export const NATIVE_ENDPOINT_NAMES: readonly string[] = [
  ...new Set([
    ...[...NATIVE_ENDPOINTS.values()].map(({ name }) => name),
    ...[...SHARED_ROUTES.values()].flatMap((byKey) => [...byKey.values()].map(({ name }) => name)),
  ]),
]

/** Notes the endpoint the router matched on the call (a composite's subrequests keep the outer one). */
export function noteEndpoint(): MiddlewareHandler<NativeEnv> {
  return (c, next) => {
    c.env.call.endpoint ??= endpointOf(matchedRoutes(c), c.req.path)
    return next()
  }
}

/** The last of the matched routes that serves an endpoint (the others are middleware or catch-alls). */
function endpointOf(routes: ReadonlyArray<{ path: string }>, path: string): NativeEndpoint | undefined {
  for (let i = routes.length - 1; i >= 0; i--) {
    const pattern = patternOf(routes[i]!.path)
    const shared = SHARED_ROUTES.get(pattern)
    if (shared) {
      const found = shared.get(sharedKey(path, pattern))
      if (found) return found
    }
    const endpoint = NATIVE_ENDPOINTS.get(pattern)
    if (endpoint) return endpoint
  }
  return undefined
}

/**
 * The fixed segments after `/services/data/vXX.X/sobjects/{object}` of a path on a shared route:
 * `describe/layouts` for `.../describe/layouts`, `describe/layouts/*` for a path past them (a
 * wildcard route matches the path without anything past it too, which is not its endpoint).
 */
function sharedKey(path: string, pattern: string): string {
  const segments = path
    .split('/')
    .slice(6)
    .map((segment) => segment.toLowerCase())
  if (!pattern.endsWith('/*')) return segments.join('/')
  return segments.length > 2 ? `${segments.slice(0, 2).join('/')}/*` : ''
}

/** A route's pattern without its parameters' constraints: `/:version{v[0-9]+}` is `/:version`. */
export function patternOf(routePath: string): string {
  return routePath.replace(/\{[^/]*\}/g, '')
}
