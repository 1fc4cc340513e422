/**
 * @module
 * `expect(mock).toHavePublished('Order_Placed__e', { Order_Number__c: '42' })`: a platform event
 * of that type whose fields hold the given values (asymmetric matchers allowed) was published.
 * It reads the mock's events (every live environment's, or one's with `{ environmentId }`); on
 * failure the message diffs the expected fields against each event of the type that was published.
 */
import type { EnvironmentEvent } from '../../src/index.js'

export interface PublishedEventOptions {
  /** Only this environment's events. @default every live environment's */
  environmentId?: string
  /** How many matching events there must be. @default at least one */
  times?: number
}

export interface EventMatchers<R = unknown> {
  /**
   * A platform event of `type` (any case) was published with `fields` among its fields.
   * @example expect(mock).toHavePublished('Order_Placed__e', { Order_Number__c: '42' })
   */
  toHavePublished(type: string, fields?: Record<string, unknown>, options?: PublishedEventOptions): R
}

interface MatcherContext {
  isNot: boolean
  equals(a: unknown, b: unknown): boolean
  utils: {
    printReceived(value: unknown): string
    stringify(value: unknown, maxDepth?: number, options?: { min?: boolean }): string
    diff(a: unknown, b: unknown): string | null | undefined
  }
}

/** Events shown in a failure message, at most. */
const SHOWN = 5

export const eventMatchers = {
  toHavePublished(
    this: MatcherContext,
    received: unknown,
    type: string,
    fields: Record<string, unknown> = {},
    options: PublishedEventOptions = {},
  ) {
    const events = eventsOf(received, options.environmentId)
    const ofType = events.filter((event) => event.type.toLowerCase() === type.toLowerCase())
    const matching = ofType.filter((event) => this.equals(pick(event.fields, fields), fields))
    const pass = options.times === undefined ? matching.length > 0 : matching.length === options.times
    const want = `${type}${Object.keys(fields).length > 0 ? ` with ${this.utils.stringify(fields, 10, { min: true })}` : ''}`
    const times = options.times === undefined ? '' : ` ${options.times} time(s), found ${matching.length}`
    return {
      pass,
      message: () => {
        if (this.isNot) {
          return `expected no ${want} to have been published, but found ${matching.length}:\n${matching
            .slice(0, SHOWN)
            .map((event) => `  #${event.replayId} ${this.utils.printReceived(event.fields)}`)
            .join('\n')}`
        }
        const head = `expected ${want} to have been published${times}`
        if (ofType.length === 0) return `${head}, but ${summary(events)}`
        const diffs = ofType.slice(0, SHOWN).map((event) => {
          const diff = this.utils.diff(fields, pick(event.fields, fields)) ?? ''
          return `${type} #${event.replayId} (environment ${event.environmentId}):\n${diff}`
        })
        const more = ofType.length > SHOWN ? `\n… and ${ofType.length - SHOWN} more` : ''
        return `${head}; the ${type} events published:\n\n${diffs.join('\n\n')}${more}`
      },
    }
  },
}

/** The fields of the event named in `expected`, so a diff shows only what was asked for. */
function pick(
  fields: Readonly<Record<string, unknown>>,
  expected: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(expected).map((key) => [key, key in fields ? fields[key] : undefined]),
  )
}

function summary(events: readonly EnvironmentEvent[]): string {
  if (events.length === 0) return 'no event was published'
  const counts = new Map<string, number>()
  for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1)
  return `only ${[...counts].map(([name, count]) => `${name} ×${count}`).join(', ')} were published`
}

function eventsOf(received: unknown, environmentId: string | undefined): EnvironmentEvent[] {
  if (Array.isArray(received)) return received as EnvironmentEvent[]
  const holder = (received as { mock?: unknown } | null)?.mock ?? received
  const events = (holder as { events?: unknown } | null)?.events
  if (typeof events !== 'function') {
    throw new TypeError(
      '[replica-mock] toHavePublished expects the mock (createReplicaMock()), the `replica` fixture, or an array of events',
    )
  }
  return events.call(holder, environmentId) as EnvironmentEvent[]
}
