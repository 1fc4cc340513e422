/**
 * @module
 * Open query cursors of one CRM app: the rows of a REST query that did not fit in its first
 * batch, kept for `queryMore` (`/query/{locator}-{offset}`). Like Salesforce, a cursor belongs to
 * the user that opened it, dies after 15 minutes without use (on the mock clock), and only a
 * bounded number stay open: opening one more closes the least recently used.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query_more_results.htm
 */
import { ReplicaError } from './errors.js'
import { makeRecordId } from './ids.js'

/** Key prefix of Salesforce query locators (`01g...`). */
const LOCATOR_PREFIX = '01g'
const DEFAULT_IDLE_MS = 15 * 60_000
const DEFAULT_MAX_OPEN = 50

export interface QueryCursorsOptions {
  clock: { now(): Date }
  /** Cursors kept at once; the least recently used goes first. @default 50 */
  maxOpen?: number
  /** A cursor unused for this long is gone. @default 15 minutes */
  idleMs?: number
}

interface Cursor<Rows> {
  rows: Rows
  owner: string
  touchedAt: number
}

/** Cursors holding `Rows` (the CRM app keeps a query's `SoqlRows`). */
export type QueryCursors<Rows = unknown> = ReturnType<typeof createQueryCursors<Rows>>

export function createQueryCursors<Rows = unknown>(options: QueryCursorsOptions) {
  const { clock, maxOpen = DEFAULT_MAX_OPEN, idleMs = DEFAULT_IDLE_MS } = options
  // Map order is least recently used first: a touched cursor is moved to the end
  const cursors = new Map<string, Cursor<Rows>>()
  let counter = 0

  return {
    /** Keeps `rows` for `owner` (the actor); returns the locator id (`01g...`). */
    open(rows: Rows, owner: string): string {
      const id = makeRecordId(LOCATOR_PREFIX, ++counter)
      cursors.set(id, { rows, owner, touchedAt: clock.now().getTime() })
      for (const oldest of cursors.keys()) {
        if (cursors.size <= maxOpen) break
        cursors.delete(oldest)
      }
      return id
    },

    /** The rows of an open cursor of `owner`; an unknown, expired or foreign one is INVALID_QUERY_LOCATOR. */
    rows(id: string, owner: string): Rows {
      const cursor = cursors.get(id)
      const now = clock.now().getTime()
      if (!cursor || cursor.owner !== owner || now - cursor.touchedAt > idleMs) {
        if (cursor && cursor.owner === owner) cursors.delete(id)
        throw new ReplicaError('INVALID_QUERY_LOCATOR', 'invalid query locator')
      }
      cursor.touchedAt = now
      cursors.delete(id)
      cursors.set(id, cursor)
      return cursor.rows
    },

    /** Closes every cursor (the app's data was replaced). */
    clear(): void {
      cursors.clear()
    },

    get size(): number {
      return cursors.size
    },
  }
}
