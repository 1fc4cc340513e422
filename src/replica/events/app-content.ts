/**
 * @module
 * An app's content (`CrmData.serialise()`, what snapshots and the state document keep) is its
 * record store's, plus `platformEvents` once it has published any: content without events is the
 * record store's document unchanged, so documents written before events existed still load.
 */
import { EventBus } from './event-bus.js'
import type { EventContent } from './published-event.js'

const KEY = 'platformEvents'

/** The record store's content with the events beside it (none: the record content itself). */
export function withEvents<C extends object>(records: C, events: EventContent): C {
  return events.published.length === 0 && events.lastReplayId === 0 ? records : { ...records, [KEY]: events }
}

/** The part of an app's content the record store reads (everything but the events). */
export function recordsPart(content: unknown): unknown {
  if (!hasEvents(content)) return content
  const { [KEY]: _events, ...records } = content as Record<string, unknown>
  return records
}

/** The events of an app's content, checked (a TypeError names what is wrong); none when it has none. */
export function eventsPart(content: unknown): EventContent | undefined {
  return hasEvents(content) ? EventBus.check((content as Record<string, unknown>)[KEY]) : undefined
}

function hasEvents(content: unknown): boolean {
  return typeof content === 'object' && content !== null && Object.hasOwn(content, KEY)
}
