/**
 * @module
 * Tables shared between stores, copied on write. A baseline is loaded record content whose tables
 * are marked `shared`: any number of stores start from it at the cost of two small Maps, and a
 * store copies a table (its records `Map` and the indexes built so far) the first time it writes
 * to it. Opening an environment's CRM app from the seed or a snapshot shares the loaded seed or
 * snapshot this way instead of checking and indexing every record again, and `reset()` comes back
 * to a kept start (`RecordStore.keep`) at the cost of what the test wrote since. Records are frozen
 * (`record-materialise.ts`), so a shared record cannot change under a store that reads it.
 */
import type { RecordData } from './record-content.js'
import type { FieldIndex, Table, Tables } from './record-table.js'

/** Loaded record content nobody writes to: start stores from it with `adoptBaseline`. */
export interface RecordBaseline {
  readonly tables: Tables
  readonly sequences: ReadonlyMap<string, number>
}

/** Marks `data`'s tables shared: whoever writes to one from now on copies it first. */
export function freezeBaseline(data: RecordData): RecordBaseline {
  for (const table of data.tables.byName.values()) table.shared = true
  return data
}

/** Record data of a new store starting from `baseline`: the tables themselves, shared. */
export function adoptBaseline(baseline: RecordBaseline): RecordData {
  return {
    tables: { byName: new Map(baseline.tables.byName), byPrefix: new Map(baseline.tables.byPrefix) },
    sequences: new Map(baseline.sequences),
  }
}

/**
 * `table`, or its copy when it is shared: the copy replaces it in `tables` for good, so undo steps
 * that hold the returned table write to the store's own copy. The records themselves are not
 * copied (they are frozen); an index nobody built stays unbuilt.
 */
export function writableTable(tables: Tables, table: Table): Table {
  if (!table.shared) return table
  const indexes = new Map<string, FieldIndex>()
  for (const [name, index] of table.indexes) indexes.set(name, { ...index, map: copyIndex(index) })
  const copy: Table = { ...table, byId: new Map(table.byId), indexes, shared: false }
  tables.byName.set(table.def.name.toLowerCase(), copy)
  tables.byPrefix.set(table.def.keyPrefix, copy)
  return copy
}

function copyIndex({ map }: FieldIndex): FieldIndex['map'] {
  if (map === undefined) return undefined
  const copy: NonNullable<FieldIndex['map']> = new Map()
  for (const [key, ids] of map) copy.set(key, typeof ids === 'string' ? ids : new Set(ids))
  return copy
}
