/**
 * @module
 * `GET /services/data/vXX.X/search?q=<SOSL>` (simple SOSL, `search/run-search.ts`) answering
 * `{ searchRecords }` as from API 37.0 on (the SOSL code loads with the first search), `GET /services/data/vXX.X/limits` (the org's
 * limits, `DailyApiRequests` counting the environment's recorded calls of the last 24 hours) and
 * `GET .../limits/recordCount` (live records per object, `limits/record-count.ts`).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_search.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_limits.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_record_count.htm
 */
import type { Hono } from 'hono'
import { ReplicaError } from '../errors.js'
import { orgLimits } from '../limits/org-limits.js'
import { recordCounts } from '../limits/record-count.js'
import { jsonUtf8, jsonValue } from './json-response.js'
import { usedApiRequests } from './limit-info.js'
import { resource } from './method-dispatch.js'
import { basePath, type NativeContext, type NativeEnv } from './native-env.js'
import { refuseUnknownParams } from './query-params.js'
import { withLoaded } from './lazy-handler.js'

const SEARCH_PARAMS: ReadonlySet<string> = new Set(['q', '_HttpMethod'])
const LIMITS_PARAMS: ReadonlySet<string> = new Set(['_HttpMethod'])
const RECORD_COUNT_PARAMS: ReadonlySet<string> = new Set(['sObjects', '_HttpMethod'])

export function searchLimitsRoutes(app: Hono<NativeEnv>): void {
  resource(app, '/search', { GET: search })
  resource(app, '/limits', { GET: limits })
  resource(app, '/limits/recordCount', { GET: recordCount })
}

const sosl = () => import('../search/run-search.js')

function search(c: NativeContext): Promise<Response> {
  refuseUnknownParams(c, SEARCH_PARAMS)
  const text = c.req.query('q')
  if (text === undefined || text.trim() === '') {
    throw new ReplicaError('MALFORMED_SEARCH', 'A search string has to be specified in the q parameter')
  }
  const base = basePath(c)
  return withLoaded(c, sosl, ({ runSearch }) =>
    jsonValue(
      c,
      runSearch(c.get('data'), text, c.get('view'), {
        recordUrl: (type, id) => `${base}/sobjects/${type}/${id}`,
      }),
    ),
  )
}

/** `sObjects=Account,Contact`: a comma-separated list (repeating the parameter adds to it). */
function recordCount(c: NativeContext): Response {
  refuseUnknownParams(c, RECORD_COUNT_PARAMS)
  const given = c.req.queries('sObjects')
  const names = given
    ?.flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean)
  const app = c.get('data')
  return jsonUtf8(
    c,
    recordCounts(app.metadata, (object) => app.store.count(object), c.get('view'), names),
  )
}

function limits(c: NativeContext): Response {
  refuseUnknownParams(c, LIMITS_PARAMS)
  return jsonValue(c, orgLimits(usedApiRequests(c)))
}
