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

export function paginate<T extends { id: string }, R = T>(
  collection: IndexedCollection<T>,
  request: PageRequest,
  filter: (record: T) => boolean = () => true,
  view: (record: T) => R = (record) => record as unknown as R,
): Page<R> {
  const after = request.cursor === undefined ? undefined : resolveCursor(collection, request.cursor)
  const data: R[] = []
  let last: T | undefined
  for (const { record } of collection.newestFirst(after)) {
    if (!filter(record)) continue
    if (data.length === request.limit) return { data, nextCursor: encodeCursor(collection, last!) }
    data.push(view(record))
    last = record
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
