/**
 * @module
 * `GET /services/data/vXX.X/recent[?limit=n]`: the records recently viewed or referenced (a query
 * `FOR VIEW` / `FOR REFERENCE` marks them, records/recently-viewed.ts), newest first, each as
 * `{ attributes, Id, Name }`; at most 200, the size of Salesforce's RecentlyViewed list.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_recent_items.htm
 */
import type { Hono } from 'hono'
import { ReplicaError } from '../errors.js'
import { RECENTLY_VIEWED_MAX } from '../records/recently-viewed.js'
import { toRecordJson } from '../records/record-view.js'
import { jsonUtf8 } from './json-response.js'
import { resource } from './method-dispatch.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { refuseUnknownParams } from './query-params.js'

const RECENT_PARAMS: ReadonlySet<string> = new Set(['limit'])

export function recentRoutes(app: Hono<NativeEnv>): void {
  resource(app, '/recent', { GET: recent })
}

function recent(c: NativeContext): Response {
  refuseUnknownParams(c, RECENT_PARAMS)
  const view = c.get('view')
  const items = c.get('data').recent(view, limitOf(c.req.query('limit')))
  return jsonUtf8(
    c,
    items.map((item) => toRecordJson(item.object, item.record, view.apiVersion)),
  )
}

/** A positive whole number; more than the list holds answers the whole list. */
function limitOf(value: string | undefined): number {
  if (value === undefined) return RECENTLY_VIEWED_MAX
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new ReplicaError(
      'MALFORMED_QUERY',
      `Failed to read the request: limit "${value}" is not a positive whole number`,
    )
  }
  return Math.min(Number(value), RECENTLY_VIEWED_MAX)
}
