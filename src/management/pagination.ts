/**
 * @module
 * Keyset pagination shared by every list operation: newest first, opaque cursors that encode
 * the last record's position, stable while records are added between pages (DESIGN.md
 * "Pagination"). A page is one pass over the collection's ordered records from the cursor on.
 */
import type { IndexedCollection, Position } from '../store/indexed-collection.js'
import { invalidRequest } from './errors.js'

export interface PageRequest {
  limit: number
  cursor?: string | undefined
}

export interface Page<T> {
  data: T[]
  nextCursor: string | null
}

/** An unfiltered or simply filtered page: `pageOf` without index candidates. */
export function paginate<T extends { id: string }, R = T>(
  collection: IndexedCollection<T>,
  request: PageRequest,
  filter: (record: T) => boolean = () => true,
  view?: (record: T) => R,
): Page<R> {
  return pageOf(collection, request, { filter, view })
}

/**
 * A filtered page in one pass over `newestFirst()` from the cursor, bounded by an index when a
 * filter has one: given the records an index says can match, the pass stops as soon as all of
 * them have gone by instead of running to the oldest record, and an empty candidate set answers
 * without a pass.
 */
export interface PageOptions<T, R> {
  /** The full filter (candidates narrow the pass; they do not replace this). */
  filter: (record: T) => boolean
  view?: (record: T) => R
  /** Every record that can match, from an index on one of the filtered fields. */
  candidates?: readonly T[] | undefined
  /** The collection's order key, to tell which candidates lie past the cursor. */
  orderKey?: (record: T) => string
  /** Known to match nothing (e.g. a filter on a workspace the caller cannot see). */
  empty?: boolean
}

export function pageOf<T extends { id: string }, R = T>(
  collection: IndexedCollection<T>,
  request: PageRequest,
  options: PageOptions<T, R>,
): Page<R> {
  const after = request.cursor === undefined ? undefined : resolveCursor(collection, request.cursor)
  const view = options.view ?? ((record: T) => record as unknown as R)
  if (options.empty) return { data: [], nextCursor: null }

  let candidateIds: Set<string> | undefined
  if (options.candidates) {
    const orderKey = options.orderKey
    // candidates newer than the cursor were on earlier pages; ties with its key may still come
    const ahead =
      after && orderKey
        ? options.candidates.filter((record) => orderKey(record) <= after.key)
        : options.candidates
    if (ahead.length === 0) return { data: [], nextCursor: null }
    candidateIds = new Set(ahead.map((record) => record.id))
  }

  const data: R[] = []
  let last: T | undefined
  for (const record of collection.newestFirst(after)) {
    if (candidateIds && !candidateIds.delete(record.id)) continue
    if (options.filter(record)) {
      if (data.length === request.limit) return { data, nextCursor: encodeCursor(collection, last!) }
      data.push(view(record))
      last = record
    }
    if (candidateIds?.size === 0) break
  }
  return { data, nextCursor: null }
}

// A cursor names the last record shown by (order key, id), not by insertion number, so it stays
// valid across export/import (which renumbers insertions).
export function encodeCursor<T extends { id: string }>(collection: IndexedCollection<T>, last: T): string {
  const key = collection.positionOf(last.id)!.key
  return Buffer.from(JSON.stringify([key, last.id])).toString('base64url')
}

export function resolveCursor<T extends { id: string }>(
  collection: IndexedCollection<T>,
  cursor: string,
): Position {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    // handled below
  }
  if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw invalidRequest('Failed to read cursor: it is malformed', { cursor: ['Malformed cursor'] })
  }
  const [key, id] = value as [string, string]
  const position = collection.positionOf(id)
  // the record is gone (hard-deleted): resume after every record with the same key
  return position?.key === key ? position : { key, seq: Number.NEGATIVE_INFINITY }
}
