/**
 * @module
 * A published platform event as the replica keeps it (what the control API, the inspector,
 * `mock.events()` and snapshots show), and the event list's serialised form inside an app's
 * content (`CrmData.serialise()`).
 */
import * as z from 'zod'

export const PublishedEvent = z.strictObject({
  /** The event's API name (`Order_Placed__e`). */
  type: z.string().min(1),
  /** Its place in the app's event stream: 1, 2, ... in publish order (`ReplayId`). */
  replayId: z.int().min(1),
  /** The id the publish answered (not unique in Salesforce; here it is). */
  id: z.string().length(18),
  /** When it was published, on the mock clock (ISO 8601). */
  publishedAt: z.iso.datetime(),
  /** The payload a subscriber gets: the custom fields sent, `EventUuid`, `CreatedDate`, `CreatedById`. */
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
})
export type PublishedEvent = z.infer<typeof PublishedEvent>

/** The events of one app, oldest first, and the last replay id issued. */
export const EventContent = z.strictObject({
  lastReplayId: z.int().min(0),
  published: z.array(PublishedEvent),
})
export type EventContent = z.infer<typeof EventContent>
