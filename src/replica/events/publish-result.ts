/**
 * @module
 * What a save result says about a published event: Salesforce publishes events asynchronously and
 * answers `success: true` with one `OPERATION_ENQUEUED` item in `errors` whose message is the
 * event's `EventUuid`; a record's create answers no items.
 * @see https://developer.salesforce.com/docs/atlas.en-us.platform_events.meta/platform_events/platform_events_publish_status_match.htm
 */
import type { WriteResult } from '../records/record-service-types.js'

export interface EnqueuedNotice {
  statusCode: 'OPERATION_ENQUEUED'
  message: string
  fields: string[]
}

/** The `errors` of a successful save: the enqueued notice of an event, none for a record. */
export function saveNotices(result: WriteResult): EnqueuedNotice[] {
  return result.eventUuid === undefined
    ? []
    : [{ statusCode: 'OPERATION_ENQUEUED', message: result.eventUuid, fields: [] }]
}
