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
  ['/services/oauth2/token', { name: 'oauth2/token' }],
])

/** `describe` shares the record's route (sobject-routes.ts); the segment in its place tells them apart. */
const RECORD_ROUTE = `${V}/sobjects/:object/:id`
const DESCRIBE: NativeEndpoint = { name: 'sobjects/{object}/describe', query: [] }

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
    const endpoint = NATIVE_ENDPOINTS.get(pattern)
    if (!endpoint) continue
    if (pattern === RECORD_ROUTE && path.split('/')[6] === 'describe') return DESCRIBE
    return endpoint
  }
  return undefined
}

/** A route's pattern without its parameters' constraints: `/:version{v[0-9]+}` is `/:version`. */
export function patternOf(routePath: string): string {
  return routePath.replace(/\{[^/]*\}/g, '')
}
