/**
 * @module
 * `GET /sobjects/{object}/updated?start=&end=` and `GET /sobjects/{object}/deleted?start=&end=`
 * (data replication, `records/updated-deleted.ts`) on the mock clock.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getupdated.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getdeleted.htm
 */
import {
  deletedRecords,
  orgCreatedDate,
  type ReplicationRequest,
  updatedRecords,
} from '../records/updated-deleted.js'
import { jsonUtf8 } from './json-response.js'
import { byMethod } from './method-dispatch.js'
import type { NativeContext } from './native-env.js'
import { refuseUnknownParams } from './query-params.js'

const WINDOW_PARAMS: ReadonlySet<string> = new Set(['start', 'end'])

export const updatedResource = byMethod({ GET: (c) => replicate(c, 'updated') })
export const deletedResource = byMethod({ GET: (c) => replicate(c, 'deleted') })

function replicate(c: NativeContext, which: 'updated' | 'deleted'): Response {
  refuseUnknownParams(c, WINDOW_PARAMS)
  const app = c.get('data')
  const object = app.metadata.getObject(c.req.param('object')!, c.get('view'))
  const request: ReplicationRequest = {
    start: c.req.query('start'),
    end: c.req.query('end'),
    now: app.clock.now(),
    orgCreated: orgCreatedDate(app.store, app.store.objects),
  }
  const result =
    which === 'updated'
      ? updatedRecords(app.store, object, request)
      : deletedRecords(app.store, object, request)
  return jsonUtf8(c, result)
}
