/**
 * @module
 * The tables of a record store: per object, records in a `Map` by id (insertion order is scan
 * order), the count of live records, and equality indexes on external-id / idLookup / reference
 * fields, each built by the first lookup by its field (a create pays only for the indexes someone
 * reads: a bulk insert of 100k Accounts none). Plain functions over a `Table`; none records undo
 * steps (the writes in `record-writes.ts` do).
 */
import { normaliseId } from '../ids.js'
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import type { MetadataService } from '../metadata/metadata-service.js'

export type FieldValue = string | number | boolean | null
/** A stored record: canonical field name -> value, frozen. A write stores a new record. */
export type SObjectRecord = Readonly<Record<string, FieldValue>>

/** The ids of an index key: one id, or a set when several records share the value. */
export type IdSet = string | Set<string>

export interface FieldIndex {
  field: string
  /** Ids key by their canonical form (stored so already), text case-insensitively. */
  isId: boolean
  /**
   * Value key -> id (or ids), built by the first lookup by the field (`builtIndex`): until then
   * writes skip it, so a table nobody looks up by this field pays nothing for it.
   */
  map: Map<unknown, IdSet> | undefined
}

export interface Table {
  def: ObjectDef
  /** Stored fields, schema order: the fields of every record of the table, in that order. */
  fields: readonly FieldDef[]
  fieldNames: Set<string>
  byId: Map<string, SObjectRecord>
  /** Records not in the recycle bin. */
  live: number
  /** Indexed field -> its index. */
  indexes: Map<string, FieldIndex>
  /** Reference and id fields: index keys and restored values of these are canonical ids. */
  idFields: Set<string>
  /** Last id counter issued (ids are never reused, even after a purge). */
  counter: number
  /** Part of a baseline several stores share: copy it before writing (`record-baseline.ts`). */
  shared: boolean
}

export interface Tables {
  /** Lower-case object name -> table. */
  byName: Map<string, Table>
  byPrefix: Map<string, Table>
}

/**
 * Fields with an equality index: external ids, idLookup fields and references. Audit references
 * (CreatedById, LastModifiedById) are left out: a handful of users would each hold a set of every
 * record id, for lookups nobody makes by equality.
 */
export function isIndexedField(field: FieldDef): boolean {
  if (field.type === 'id') return false // the id is the Map key
  if (field.externalId || field.idLookup || field.unique) return true
  return field.type === 'reference' && field.name !== 'CreatedById' && field.name !== 'LastModifiedById'
}

/** Empty tables for every object of the schema. */
export function buildTables(metadata: MetadataService): Tables {
  const byName = new Map<string, Table>()
  const byPrefix = new Map<string, Table>()
  for (const def of metadata.objects()) {
    const fields = metadata.storedFields(def)
    const idFields = new Set(
      fields.filter((f) => f.type === 'reference' || f.type === 'id').map((f) => f.name),
    )
    const indexes = new Map<string, FieldIndex>()
    for (const field of fields.filter(isIndexedField)) {
      indexes.set(field.name, { field: field.name, isId: idFields.has(field.name), map: undefined })
    }
    const table: Table = {
      def,
      fields,
      fieldNames: new Set(fields.map((field) => field.name)),
      byId: new Map(),
      live: 0,
      indexes,
      idFields,
      counter: 0,
      shared: false,
    }
    byName.set(def.name.toLowerCase(), table)
    byPrefix.set(def.keyPrefix, table)
  }
  return { byName, byPrefix }
}

/**
 * Stores `next` in place of `previous` (or as a new record), indexes and live count included. An
 * index entry whose key did not change is left alone (most updates change no indexed field).
 */
export function putRecord(table: Table, next: SObjectRecord, previous: SObjectRecord | undefined): void {
  const id = next.Id as string
  table.byId.set(id, next)
  for (const { field, isId, map } of table.indexes.values()) {
    if (map === undefined) continue
    const key = storedKey(next[field], isId)
    const was = previous === undefined ? undefined : storedKey(previous[field], isId)
    if (was === key) continue
    if (was !== undefined) removeId(map, was, id)
    if (key !== undefined) addId(map, key, id)
  }
  table.live += (next.IsDeleted ? 0 : 1) - (previous && !previous.IsDeleted ? 1 : 0)
}

/** Removes the record with `id`, if any, from the table and its indexes. */
export function dropRecord(table: Table, id: string): void {
  const previous = table.byId.get(id)
  if (!previous) return
  for (const { field, isId, map } of table.indexes.values()) {
    if (map === undefined) continue
    const key = storedKey(previous[field], isId)
    if (key !== undefined) removeId(map, key, id)
  }
  table.byId.delete(id)
  if (!previous.IsDeleted) table.live--
}

/** The table of `object` (any case); throws on an object the schema does not have. */
export function tableOf(tables: Tables, object: string): Table {
  const table = tables.byName.get(object.toLowerCase())
  if (!table) throw new TypeError(`[replica-mock] Failed to use the record store: unknown object "${object}"`)
  return table
}

/** Puts a table's records back in id order (creation order for ids the replica issues). */
export function sortById(table: Table): void {
  const entries = [...table.byId.values()].sort(byId)
  table.byId.clear()
  for (const found of entries) table.byId.set(found.Id as string, found)
}

/** The stored name of `field` (any case), or undefined when the object has no such field. */
export function canonicalField(table: Table, field: string): string | undefined {
  if (table.fieldNames.has(field)) return field
  const lower = field.toLowerCase()
  for (const name of table.fieldNames) if (name.toLowerCase() === lower) return name
  return undefined
}

/**
 * Equality key of a value someone looks up: ids in canonical 18-character form (any 15/18 form
 * and case matches), text case-insensitive (like SOQL's `=`).
 */
export function indexKey(value: unknown, isId: boolean): unknown {
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'string') return value
  if (isId) return normaliseId(value) ?? value
  return value.toLowerCase()
}

/** The key of a stored value: stored ids are canonical already, so only text needs folding. */
function storedKey(value: FieldValue | undefined, isId: boolean): unknown {
  if (value === null || value === undefined) return undefined
  return typeof value === 'string' && !isId ? value.toLowerCase() : value
}

/**
 * The map of `index`, built from the table's records on its first use. Building it on a shared
 * table is safe: nobody writes to a shared table, so the map stays true for every store reading
 * it, and a store's copy of the table copies it (`record-baseline.ts`).
 */
export function builtIndex(table: Table, index: FieldIndex): Map<unknown, IdSet> {
  if (index.map !== undefined) return index.map
  const map = new Map<unknown, IdSet>()
  for (const found of table.byId.values()) {
    const key = storedKey(found[index.field], index.isId)
    if (key !== undefined) addId(map, key, found.Id as string)
  }
  index.map = map
  return map
}

function addId(map: Map<unknown, IdSet>, key: unknown, id: string): void {
  const ids = map.get(key)
  if (ids === undefined) map.set(key, id)
  else if (typeof ids === 'string') map.set(key, new Set([ids, id]))
  else ids.add(id)
}

function removeId(map: Map<unknown, IdSet>, key: unknown, id: string): void {
  const ids = map.get(key)
  if (ids === undefined) return
  if (typeof ids === 'string') {
    if (ids === id) map.delete(key)
    return
  }
  ids.delete(id)
  if (ids.size === 1) map.set(key, ids.values().next().value!)
}

/**
 * Index sets lose insertion order when a record is re-indexed: answer in id order, which is
 * creation order for ids the replica issues (fixed-width base-62 counters).
 */
export function byId(a: SObjectRecord, b: SObjectRecord): number {
  return (a.Id as string) < (b.Id as string) ? -1 : 1
}
