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
 * `describe` and the sub-resources of sobject-subresources.ts share the record's routes
 * (sobject-routes.ts); the segments in its place tell them apart.
 */
const RECORD_ROUTE = `${V}/sobjects/:object/:id`
const ROW_ROUTE = `${V}/sobjects/:object/:id/:value`
const DEEP_ROUTE = `${V}/sobjects/:object/:id/:value/*`
const SHARING_RECORD_ROUTE: ReadonlyMap<string, NativeEndpoint> = new Map([
  ['describe', { name: 'sobjects/{object}/describe', query: [] }],
  // these refuse a parameter they do not define
  ['updated', { name: 'sobjects/{object}/updated' }],
  ['deleted', { name: 'sobjects/{object}/deleted' }],
  ['listviews', { name: 'sobjects/{object}/listviews' }],
])
const LIST_VIEW: NativeEndpoint = { name: 'sobjects/{object}/listviews/{id}' }
/** A record's blob (sObject Blob Get): the handler names it, as the path alone cannot tell it from an external id. */
export const BLOB_ENDPOINT: NativeEndpoint = { name: 'sobjects/{object}/{id}/{blobField}' }
const OF_LIST_VIEW: ReadonlyMap<string, NativeEndpoint> = new Map([
  ['describe', { name: 'sobjects/{object}/listviews/{id}/describe' }],
  ['results', { name: 'sobjects/{object}/listviews/{id}/results' }],
])

/** Every endpoint the report counts, by name: the routed ones and those sharing the record's routes. */
export function nativeEndpointNames(): string[] {
  const all = [
    ...NATIVE_ENDPOINTS.values(),
    ...SHARING_RECORD_ROUTE.values(),
    LIST_VIEW,
    ...OF_LIST_VIEW.values(),
    BLOB_ENDPOINT,
  ]
  return [...new Set(all.map(({ name }) => name))]
}

/** Notes the endpoint the router matched on the call (a composite's subrequests keep the outer one). */
export function noteEndpoint(): MiddlewareHandler<NativeEnv> {
  return (c, next) => {
    c.env.call.endpoint ??= endpointOf(matchedRoutes(c), c.req.path)
    return next()
  }
}

/** The last of the matched routes that serves an endpoint (the others are middleware or catch-alls). */
function endpointOf(routes: ReadonlyArray<{ path: string }>, path: string): NativeEndpoint | undefined {
  const segments = path.split('/')
  for (let i = routes.length - 1; i >= 0; i--) {
    const pattern = patternOf(routes[i]!.path)
    const endpoint = sharedEndpoint(pattern, segments) ?? NATIVE_ENDPOINTS.get(pattern)
    if (endpoint) return endpoint
  }
  return undefined
}

/** The endpoint of a path one of the record's routes matched, when another resource shares it. */
function sharedEndpoint(pattern: string, segments: readonly string[]): NativeEndpoint | undefined {
  const name = segments[6]?.toLowerCase() ?? ''
  if (pattern === RECORD_ROUTE) return SHARING_RECORD_ROUTE.get(name)
  if (name !== 'listviews') return undefined
  if (pattern === ROW_ROUTE) return LIST_VIEW
  if (pattern === DEEP_ROUTE) return OF_LIST_VIEW.get(segments[8]?.toLowerCase() ?? '')
  return undefined
}

/** A route's pattern without its parameters' constraints: `/:version{v[0-9]+}` is `/:version`. */
export function patternOf(routePath: string): string {
  return routePath.replace(/\{[^/]*\}/g, '')
}
