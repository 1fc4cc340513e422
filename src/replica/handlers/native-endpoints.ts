/**
 * @module
 * The native endpoints the fidelity report counts (`GET /__replica/fidelity`), each under the
 * route pattern that serves it, and `noteEndpoint`: a middleware that tells the gateway, in the
 * request context, which of them the router matched. The gateway counts by that, so the report never reads a path on its
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
  [`${V}/actions`, { name: 'actions', query: [] }],
  [`${V}/actions/:kind`, { name: 'actions/{kind}', query: [] }],
  [`${V}/actions/:kind/:type`, { name: 'actions/{kind}/{type}', query: [] }],
  [`${V}/actions/:kind/:type/:name`, { name: 'actions/{kind}/{type}/{name}', query: [] }],
  // the org's own endpoints read what they are sent
  ['/services/apexrest', { name: 'apexrest' }],
  ['/services/apexrest/*', { name: 'apexrest' }],
  ['/services/oauth2/token', { name: 'oauth2/token' }],
  // they refuse a parameter they do not define
  [`${V}/limits/recordCount`, { name: 'limits/recordCount' }],
  [`${V}/recent`, { name: 'recent' }],
])

/**
 * Resources that share the record's routes (`/sobjects/{object}/{id}[/{value}[/...]]`, see
 * sobject-routes.ts): the fixed segments after the object name them, in any case. Keyed by the
 * route, then by those segments in lower case (`describe/layouts`; `*` for one parameter:
 * `listviews/*` is a list view by its id).
 */
export const SHARED_ROUTES: ReadonlyMap<string, ReadonlyMap<string, NativeEndpoint>> = new Map([
  [
    `${V}/sobjects/:object/:id`,
    new Map([
      ['describe', { name: 'sobjects/{object}/describe', query: [] }],
      ['quickactions', { name: 'sobjects/{object}/quickActions', query: [] }],
      // these refuse a parameter they do not define
      ['updated', { name: 'sobjects/{object}/updated' }],
      ['deleted', { name: 'sobjects/{object}/deleted' }],
      ['listviews', { name: 'sobjects/{object}/listviews' }],
    ]),
  ],
  [
    `${V}/sobjects/:object/:id/:value`,
    new Map([
      ['describe/layouts', { name: 'sobjects/{object}/describe/layouts', query: [] }],
      ['describe/compactlayouts', { name: 'sobjects/{object}/describe/compactLayouts', query: [] }],
      ['describe/approvallayouts', { name: 'sobjects/{object}/describe/approvalLayouts', query: [] }],
      ['listviews/*', { name: 'sobjects/{object}/listviews/{id}' }],
    ]),
  ],
  [
    `${V}/sobjects/:object/:id/:value/*`,
    new Map([
      ['describe/layouts/*', { name: 'sobjects/{object}/describe/layouts/{recordTypeId}', query: [] }],
      ['listviews/*/describe', { name: 'sobjects/{object}/listviews/{id}/describe' }],
      ['listviews/*/results', { name: 'sobjects/{object}/listviews/{id}/results' }],
    ]),
  ],
])

/** A record's blob (sObject Blob Get): the handler names it, as the path alone cannot tell it from an external id. */
export const BLOB_ENDPOINT: NativeEndpoint = { name: 'sobjects/{object}/{id}/{blobField}' }

/** Every endpoint the report knows, by name (the routes' own and the resources sharing them). */
export const NATIVE_ENDPOINT_NAMES: readonly string[] = [
  ...new Set([
    ...[...NATIVE_ENDPOINTS.values()].map(({ name }) => name),
    ...[...SHARED_ROUTES.values()].flatMap((byKey) => [...byKey.values()].map(({ name }) => name)),
    BLOB_ENDPOINT.name,
  ]),
]

/** Tells the gateway the endpoint the router matched (`c.get('nativeEndpoint')`), for the fidelity report. */
export function noteEndpoint(): MiddlewareHandler<NativeEnv> {
  return (c, next) => {
    c.set('nativeEndpoint', endpointOf(matchedRoutes(c), c.req.path))
    return next()
  }
}

/** The last of the matched routes that serves an endpoint (the others are middleware or catch-alls). */
function endpointOf(routes: ReadonlyArray<{ path: string }>, path: string): NativeEndpoint | undefined {
  for (let i = routes.length - 1; i >= 0; i--) {
    const pattern = patternOf(routes[i]!.path)
    const shared = SHARED_ROUTES.get(pattern)
    const found = shared && sharedEndpoint(shared, path)
    if (found) return found
    const endpoint = NATIVE_ENDPOINTS.get(pattern)
    if (endpoint) return endpoint
  }
  return undefined
}

/**
 * The resource of a path on a shared route, by the segments after
 * `/services/data/vXX.X/sobjects/{object}`: as they are (`describe/layouts`), with the last one a
 * parameter (`describe/layouts/*`, `listviews/*`), or with the second one a parameter
 * (`listviews/*​/results`). A wildcard route also matches a path with nothing past it, whose
 * segments then name none of its resources.
 */
function sharedEndpoint(
  byKey: ReadonlyMap<string, NativeEndpoint>,
  path: string,
): NativeEndpoint | undefined {
  const segments = path
    .split('/')
    .slice(6)
    .map((segment) => segment.toLowerCase())
  const withParameter = (index: number) =>
    segments.map((segment, at) => (at === index ? '*' : segment)).join('/')
  return (
    byKey.get(segments.join('/')) ??
    byKey.get(withParameter(segments.length - 1)) ??
    (segments.length > 2 ? byKey.get(withParameter(1)) : undefined)
  )
}

/** A route's pattern without its parameters' constraints: `/:version{v[0-9]+}` is `/:version`. */
export function patternOf(routePath: string): string {
  return routePath.replace(/\{[^/]*\}/g, '')
}
