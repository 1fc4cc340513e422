/**
 * @module
 * Copy-on-write sharing of record tables. A baseline is loaded record content whose tables are
 * frozen (`shared`): any number of stores can start from it at the cost of two small Maps, and a
 * store layers a table of its own over a shared one when it first writes to it (`writableTable`:
 * overlays over large maps, copies of small ones). Opening an environment's CRM app from the seed
 * or a snapshot shares the loaded seed or snapshot this way instead of checking and indexing every
 * record again, and `reset()` takes back a marked start's records (`RecordStore.keep`) the same way.
 */
import type { RecordData } from './record-content.js'
import { COPY_BELOW, layerOver } from './overlay-map.js'
import { builtIndex, copyIds, type Table, type Tables } from './record-table.js'

/** Loaded record content nobody writes to: start stores from it with `adoptBaseline`. */
export interface RecordBaseline {
  readonly tables: Tables
  readonly sequences: ReadonlyMap<string, number>
}

/** Freezes `data` as a baseline: nothing writes to it again (writers copy a table first). */
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
 * that hold the returned table write to the store's own copy. The copy's maps are overlays over
 * the shared ones (`overlay-map.ts`): it costs the number of indexes, not of records.
 */
export function writableTable(tables: Tables, table: Table): Table {
  if (!table.shared) return table
  // A small table's copy leaves an index nobody built unbuilt (the copy builds its own from its
  // records when first looked up: a bulk insert into a copy of the seed's few Accounts maintains no
  // index). A large one's copy layers over the shared index, built now if it was not: once per
  // shared table, so a reset store's lookups after its first write cost O(its writes), not O(records).
  const small = table.byId.size < COPY_BELOW
  const indexList = table.indexList.map((index) => ({
    ...index,
    map: index.map === undefined && small ? undefined : layerOver(builtIndex(table, index), copyIds),
  }))
  const copy: Table = {
    ...table,
    byId: layerOver(table.byId),
    indexList,
    indexes: new Map(indexList.map((index) => [index.field, index])),
    shared: false,
  }
  tables.byName.set(table.def.name.toLowerCase(), copy)
  tables.byPrefix.set(table.def.keyPrefix, copy)
  return copy
}
