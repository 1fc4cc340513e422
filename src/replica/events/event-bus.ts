/**
 * @module
 * The platform events one environment app published, in order, on the mock clock. A publish
 * checks the body the way a record create does (names in any case, unknown ones INVALID_FIELD,
 * values coerced to the field's type, required fields present, standard fields not writable),
 * then appends the event with its `ReplayId`, `EventUuid`, `CreatedDate` and `CreatedById`.
 *
 * An event is published after commit, Salesforce's default: a publish inside a transaction (a
 * composite `allOrNone`, an Apex handler) records how to take it back, and a rollback does,
 * giving its replay id back too. One declared `PublishImmediately` stays published.
 * @see https://developer.salesforce.com/docs/atlas.en-us.platform_events.meta/platform_events/platform_events_publish_behavior.htm
 */
import { randomUUID } from 'node:crypto'
import { FieldValidationError } from '../errors.js'
import { makeRecordId } from '../ids.js'
import { coerceValue, formatDatetime } from '../records/coerce.js'
import type { EventType, EventTypes } from './event-types.js'
import { EventContent, type PublishedEvent } from './published-event.js'

export interface EventBusOptions {
  types: EventTypes
  clock: { now(): Date }
  /** Records how to undo a publish if the transaction it happens in rolls back (ignored outside one). */
  onRollback(step: () => void): void
  /** Runs `hook` once the transaction a publish happens in commits (at once outside one). */
  onCommit(hook: () => void): void
  /** Key prefix -> object name, to check a reference value. */
  objectNameOfPrefix(keyPrefix: string): string | undefined
  /** Events kept; past it the oldest go first (not back on a rollback). */
  capacity: number
}

/** Which events to list. */
export interface EventFilter {
  /** The event's API name, any case. */
  type?: string
  /** Only events after this replay id. */
  after?: number
}

/** Told of every event once it is published for good (the standalone server's journal). */
export interface EventObserver {
  published(event: PublishedEvent): void
}

export class EventBus {
  readonly types: EventTypes
  #options: EventBusOptions
  #observer: EventObserver | undefined
  #published: PublishedEvent[] = []
  #lastReplayId = 0

  constructor(options: EventBusOptions, content?: EventContent) {
    this.#options = options
    this.types = options.types
    if (content) this.#install(content)
  }

  /**
   * Publishes an event of `type` with the fields of `input` (a JSON object, as a REST body) as
   * the User `userId`. Throws `FieldValidationError` (nothing published) on a bad body.
   */
  publish(type: EventType, input: unknown, userId: string): PublishedEvent {
    const fields = this.#bind(type, input)
    const replayId = this.#lastReplayId + 1
    const now = this.#options.clock.now()
    const event = Object.freeze({
      type: type.name,
      replayId,
      id: makeRecordId(type.keyPrefix, replayId),
      publishedAt: now.toISOString(),
      fields: Object.freeze({
        ...fields,
        CreatedDate: formatDatetime(now),
        CreatedById: userId,
        EventUuid: randomUUID(),
      }),
    })
    this.#published.push(event)
    this.#lastReplayId = replayId
    if (this.#published.length > this.#options.capacity) this.#published.shift()
    if (type.publishBehavior === 'PublishImmediately') {
      this.#observer?.published(event)
      return event
    }
    this.#options.onCommit(() => this.#observer?.published(event))
    this.#options.onRollback(() => {
      const at = this.#published.lastIndexOf(event)
      if (at === -1) return
      this.#published.splice(at, 1)
      // the replay id is given back unless an event published at once came after it
      if (at === this.#published.length) this.#lastReplayId = replayId - 1
    })
    return event
  }

  /** Reports every event published for good to `observer` from now on. */
  observe(observer: EventObserver | undefined): void {
    this.#observer = observer
  }

  /** Published events, oldest first. */
  list(filter: EventFilter = {}): PublishedEvent[] {
    const type = filter.type?.toLowerCase()
    const after = filter.after ?? 0
    return this.#published.filter(
      (event) => event.replayId > after && (type === undefined || event.type.toLowerCase() === type),
    )
  }

  get size(): number {
    return this.#published.length
  }

  /** Plain JSON of the events (the event objects themselves, frozen). */
  serialise(): EventContent {
    return { lastReplayId: this.#lastReplayId, published: [...this.#published] }
  }

  /** Checks `content` (a `serialise()` result, possibly through JSON); throws a TypeError on a bad one. */
  static check(content: unknown): EventContent {
    const parsed = EventContent.safeParse(content)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      throw new TypeError(
        `[replica-mock] Failed to restore platform events: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
      )
    }
    return parsed.data
  }

  /** Replaces every event with checked content (`check`); none empties the bus. */
  replace(content: EventContent | undefined): void {
    this.#published = []
    this.#lastReplayId = 0
    if (content) this.#install(content)
  }

  /** `content` is checked (`check`) or a bus's own `serialise()`: its events need only be frozen. */
  #install(content: EventContent): void {
    this.#published = content.published
      .slice(-this.#options.capacity)
      .map((event) =>
        Object.isFrozen(event)
          ? event
          : Object.freeze({ ...event, fields: Object.freeze({ ...event.fields }) }),
      )
    this.#lastReplayId = Math.max(content.lastReplayId, this.#published.at(-1)?.replayId ?? 0)
  }

  /** The body's fields, named canonically and coerced; REQUIRED_FIELD_MISSING when one is left out. */
  #bind(type: EventType, input: unknown): Record<string, string | number | boolean | null> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new FieldValidationError(
        'JSON_PARSER_ERROR',
        'Failed to read the event: expected a JSON object of fields',
      )
    }
    const fields: Record<string, string | number | boolean | null> = {}
    const notWritable: string[] = []
    for (const [key, raw] of Object.entries(input)) {
      if (key === 'attributes' && (raw === null || typeof raw === 'object')) continue
      const field = type.field(key)
      if (!field) {
        throw new FieldValidationError(
          'INVALID_FIELD',
          `No such column '${key}' on sobject of type ${type.name}`,
        )
      }
      if (field.name in fields) {
        throw new FieldValidationError('JSON_PARSER_ERROR', `Duplicate field: ${field.name}`, [field.name])
      }
      if (!field.createable) notWritable.push(field.name)
      fields[field.name] = null
    }
    if (notWritable.length > 0) {
      throw new FieldValidationError(
        'INVALID_FIELD_FOR_INSERT_UPDATE',
        `Unable to create/update fields: ${notWritable.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        notWritable,
      )
    }
    for (const [key, raw] of Object.entries(input)) {
      const field = type.field(key)
      if (field) fields[field.name] = coerceValue(field, raw, 'json', this.#options.objectNameOfPrefix)
    }
    const missing = type.fields.filter(
      (field) =>
        field.createable &&
        !field.nillable &&
        !field.defaultedOnCreate &&
        (fields[field.name] ?? null) === null,
    )
    if (missing.length > 0) {
      const names = missing.map((field) => field.name)
      throw new FieldValidationError(
        'REQUIRED_FIELD_MISSING',
        `Required fields are missing: [${names.join(', ')}]`,
        names,
      )
    }
    for (const field of type.fields) {
      if (field.createable && !(field.name in fields)) fields[field.name] = defaultOf(field.defaultValue)
    }
    return fields
  }
}

/** A field left out of the body holds its default (a checkbox's `false`), else null. */
function defaultOf(value: unknown): string | number | boolean | null {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null
}
