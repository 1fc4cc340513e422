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
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor)
  const data: R[] = []
  let last: Position | undefined
  for (const { record, position } of collection.newestFirst(after)) {
    if (!filter(record)) continue
    if (data.length === request.limit) return { data, nextCursor: encodeCursor(last!) }
    data.push(view(record))
    last = position
  }
  return { data, nextCursor: null }
}

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.key, position.seq])).toString('base64url')
}

function decodeCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1])) {
      return { key: value[0], seq: value[1] }
    }
  } catch {
    // falls through to the error below
  }
  throw invalidRequest('Failed to read cursor: it is malformed', { cursor: ['Malformed cursor'] })
}
