/**
 * @module
 * Keyset pagination shared by every list operation (decision 0007): newest first by a
 * timestamp field, records with the same timestamp newest inserted first; opaque cursors name the
 * last record shown by (timestamp, id), so pages stay stable while records are added between them
 * and a cursor stays valid across export/import.
 *
 * A page is one `findMany` of the records at or before the cursor, sorted by @msw/data (its sort
 * is stable, so ties keep insertion order), then cut after the cursor's record. @msw/data's own
 * `take`/`cursor` options walk insertion order before sorting, so they cannot cut this order.
 */
import { matching, type StoreCollection } from '../store/store-collection.js'
import { invalidRequest } from './errors.js'

export interface PageRequest {
  limit: number
  cursor?: string | undefined
}

export interface Page<T> {
  data: T[]
  nextCursor: string | null
}

export interface PageOptions<T, R> {
  /** Which records to list. @default every record */
  where?: (record: T) => boolean
  /** The timestamp field the list is ordered by, newest first. @default insertion order alone */
  orderBy?: keyof T & string
  /** What a listed record is shown as. */
  view?: (record: T) => R
  /** Known to match nothing (e.g. a filter on a workspace the caller cannot see). */
  empty?: boolean
}

/** Where the previous page stopped: the timestamp and id of its last record. */
interface After {
  key: string
  id: string
}

export function paginate<T extends { id: string }, R = T>(
  collection: StoreCollection<T>,
  request: PageRequest,
  options: PageOptions<T, R> = {},
): Page<R> {
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor)
  if (options.empty) return { data: [], nextCursor: null }
  const { where = () => true, orderBy } = options
  const keyOf = (record: T) => (orderBy === undefined ? '' : String(record[orderBy]))
  const isCursor = (record: T) => after !== undefined && record.id === after.id && keyOf(record) === after.key
  const listed = collection
    .findMany(
      // the cursor's own record stays in (it may no longer match) to tell where the page starts
      matching(
        (record) =>
          (after === undefined || keyOf(record) <= after.key) && (isCursor(record) || where(record)),
      ),
      orderBy === undefined ? undefined : { orderBy: { [orderBy]: 'asc' } as never },
    )
    .reverse()
  const start = after ? startAfter(listed, after.key, isCursor, keyOf) : 0
  const shown = listed.slice(start, start + request.limit)
  const view = options.view ?? ((record: T) => record as unknown as R)
  const last = shown.at(-1)
  const more = start + request.limit < listed.length
  return {
    data: shown.map(view),
    nextCursor: more && last ? encodeCursor({ key: keyOf(last), id: last.id }) : null,
  }
}

/** Just past the cursor's record; when it is gone, past every record with its timestamp. */
function startAfter<T>(
  newestFirst: readonly T[],
  key: string,
  isCursor: (record: T) => boolean,
  keyOf: (record: T) => string,
): number {
  const at = newestFirst.findIndex(isCursor)
  if (at >= 0) return at + 1
  const older = newestFirst.findIndex((record) => keyOf(record) < key)
  return older >= 0 ? older : newestFirst.length
}

function encodeCursor(after: After): string {
  return Buffer.from(JSON.stringify([after.key, after.id])).toString('base64url')
}

function decodeCursor(cursor: string): After {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    // handled below
  }
  if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw invalidRequest('Failed to read cursor: it is malformed', { cursor: ['Malformed cursor'] })
  }
  return { key: value[0], id: value[1] }
}
