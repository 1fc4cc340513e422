/**
 * @module
 * Publishing is creating: Salesforce publishes a platform event through the same calls that
 * insert records (`POST /sobjects/{event}`, composite subrequests, sObject Collections). This
 * wraps an app's record service so a create of an `__e` object the schema declares publishes it
 * on the app's event bus; every other call is the record service's own (an event is no record:
 * reading, updating or deleting one is NOT_FOUND, as its object holds none).
 * @see https://developer.salesforce.com/docs/atlas.en-us.platform_events.meta/platform_events/platform_events_publish_api.htm
 */
import { UnsupportedFeatureError } from '../errors.js'
import type { RecordService } from '../records/record-service.js'
import type { EventBus } from './event-bus.js'

export function withPlatformEvents(records: RecordService, bus: EventBus): RecordService {
  if (bus.types.all().length === 0) return records
  return {
    ...records,
    create(objectName, input, view, options) {
      const type = bus.types.find(objectName)
      if (!type) return records.create(objectName, input, view, options)
      if (options?.format === 'csv')
        throw new UnsupportedFeatureError(`Publishing ${type.name} through the Bulk API`)
      const event = bus.publish(type, input, records.userFor(view.actor))
      return { object: type.name, id: event.id, eventUuid: event.fields.EventUuid as string }
    },
  }
}
