/**
 * @module
 * A filtered list page in one pass over `newestFirst()` from the cursor (same cursors as
 * `paginate`), bounded by an index when a filter has one: given the records an index says can
 * match, the pass stops as soon as all of them have gone by instead of running to the oldest
 * record, and an empty candidate set answers without a pass.
 */
import type { IndexedCollection } from '../store/indexed-collection.js'
import { encodeCursor, type Page, type PageRequest, resolveCursor } from './pagination.js'

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
  for (const { record } of collection.newestFirst(after)) {
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
