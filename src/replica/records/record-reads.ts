/**
 * @module
 * Reads of a record store: by id, by scan, by an equality index. Records in the recycle bin
 * (`IsDeleted = true`) are hidden unless `includeDeleted`.
 */
import { keyPrefixOf, normaliseId } from '../ids.js'
import {
  builtIndex,
  byId,
  canonicalField,
  indexKey,
  type SObjectRecord,
  type Table,
  type Tables,
  tableOf,
} from './record-table.js'

export interface ReadOptions {
  /** Also return records in the recycle bin (`queryAll`). @default false */
  includeDeleted?: boolean
}

function visible(found: SObjectRecord | undefined, options?: ReadOptions): SObjectRecord | undefined {
  if (!found) return undefined
  return found.IsDeleted && !options?.includeDeleted ? undefined : found
}

/** A record by id (15 or 18 characters, any case for 18). */
export function getRecord(tables: Tables, id: string, options?: ReadOptions): SObjectRecord | undefined {
  const canonical = normaliseId(id)
  if (!canonical) return undefined
  const table = tables.byPrefix.get(keyPrefixOf(canonical))
  return visible(table?.byId.get(canonical), options)
}

/** Every record of an object, oldest first. */
export function* scanRecords(
  tables: Tables,
  object: string,
  options?: ReadOptions,
): Generator<SObjectRecord> {
  const table = tableOf(tables, object)
  const includeDeleted = options?.includeDeleted === true
  for (const found of table.byId.values()) if (includeDeleted || !found.IsDeleted) yield found
}

export function countRecords(tables: Tables, object: string, options?: ReadOptions): number {
  const table = tableOf(tables, object)
  return options?.includeDeleted ? table.byId.size : table.live
}

/** True when `findRecordsBy` can answer for this field from an index. */
export function isIndexed(tables: Tables, object: string, field: string): boolean {
  const table = tableOf(tables, object)
  return field.toLowerCase() === 'id' || table.indexes.has(canonicalField(table, field) ?? '')
}

/**
 * Records whose `field` equals `value` (text case-insensitively, ids in any 15/18 form), oldest
 * first; `undefined` when the field has no index, so the caller knows to scan instead.
 */
export function findRecordsBy(
  tables: Tables,
  object: string,
  field: string,
  value: unknown,
  options?: ReadOptions,
): SObjectRecord[] | undefined {
  const table = tableOf(tables, object)
  if (field.toLowerCase() === 'id') {
    const canonical = typeof value === 'string' ? normaliseId(value) : undefined
    const found = canonical ? visible(table.byId.get(canonical), options) : undefined
    return found ? [found] : []
  }
  const name = canonicalField(table, field)
  const index = name === undefined ? undefined : table.indexes.get(name)
  if (!index) return undefined
  const key = indexKey(value, index.isId)
  const ids = key === undefined ? undefined : builtIndex(table, index).get(key)
  if (ids === undefined) return []
  return visibleById(table, typeof ids === 'string' ? [ids] : ids, options)
}

function visibleById(table: Table, ids: Iterable<string>, options?: ReadOptions): SObjectRecord[] {
  const out: SObjectRecord[] = []
  for (const id of ids) {
    const found = visible(table.byId.get(id), options)
    if (found) out.push(found)
  }
  return out.length > 1 ? out.sort(byId) : out
}
