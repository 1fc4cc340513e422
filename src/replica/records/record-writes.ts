/**
 * @module
 * Writes of a record store. Each applies in place (reads see it at once) and records the step
 * that undoes it in the store's transaction log, so a rolled-back transaction restores records,
 * indexes, id counters (a rolled-back create does not burn its id), auto-number sequences, the
 * recycle bin and scan order exactly. Outside a transaction the log records nothing.
 */
import type { TransactionLog } from '../../store/transaction.js'
import { counterOf, keyPrefixOf, makeRecordId, normaliseId } from '../ids.js'
import type { RecordData } from './record-content.js'
import { writableTable } from './record-baseline.js'
import { materialise } from './record-materialise.js'
import {
  dropRecord,
  type FieldValue,
  putRecord,
  type SObjectRecord,
  sortById,
  type Table,
  tableOf,
} from './record-table.js'

/**
 * Told of a record store's committed writes, in commit order (for the standalone server's
 * journal): a record stored (`record`) or purged (undefined), an auto-number sequence moved on,
 * or the whole content replaced.
 */
export interface RecordObserver {
  record(object: string, id: string, record: SObjectRecord | undefined): void
  sequence(name: string, value: number): void
  replaced(): void
}

/** A record store's data and the log its writes record undo steps in. */
export interface RecordState extends RecordData {
  readonly log: TransactionLog
  observer?: RecordObserver
  /** Tables a rollback appended purged records back to (re-sorted once it is over). */
  readonly reorder: Set<Table>
  /** Re-sorts the tables in `reorder` (one function, so `afterRollback` runs it once). */
  readonly resort: () => void
}

/** Fresh state over `data`, writing to `log`. */
export function createRecordState(data: RecordData, log: TransactionLog): RecordState {
  const reorder = new Set<Table>()
  const resort = () => {
    for (const table of reorder) sortById(table)
    reorder.clear()
  }
  return { ...data, log, reorder, resort }
}

/** Issues the next id of an object. */
export function nextId(state: RecordState, object: string): string {
  const table = writableTableOf(state, object)
  table.counter++
  state.log.onRollback(() => {
    table.counter--
  })
  return makeRecordId(table.def.keyPrefix, table.counter)
}

/** The next number of an auto-number sequence (`Case.CaseNumber`). */
export function nextSequence(state: RecordState, name: string, start = 1): number {
  const { sequences } = state
  const previous = sequences.get(name)
  const next = previous === undefined ? start : previous + 1
  sequences.set(name, next)
  state.log.onRollback(() => {
    if (previous === undefined) sequences.delete(name)
    else sequences.set(name, previous)
  })
  const observer = state.observer
  if (observer) state.log.onCommit(() => observer.sequence(name, next))
  return next
}

/**
 * Adds a record, a copy of `values`: they must hold a canonical `Id` of the object and only
 * stored fields; missing fields are stored as null.
 */
export function insertRecord(
  state: RecordState,
  object: string,
  values: Readonly<Record<string, FieldValue>>,
): SObjectRecord {
  const table = writableTableOf(state, object)
  const next = materialise(table, values)
  const id = next.Id as string
  if (table.byId.has(id)) {
    throw new TypeError(`[replica-mock] Failed to insert ${table.def.name} record: id "${id}" exists`)
  }
  putRecord(table, next, undefined)
  const counter = table.counter
  table.counter = Math.max(counter, counterOf(id, table.def.keyPrefix))
  state.log.onRollback(() => {
    dropRecord(table, id)
    table.counter = counter
  })
  report(state, table, id, next)
  return next
}

/**
 * Replaces fields of a record (recycle-bin records included) with `changes`, which may repeat the
 * record's own `Id`; returns the new record.
 */
export function updateRecord(
  state: RecordState,
  id: string,
  changes: Readonly<Record<string, FieldValue>>,
): SObjectRecord {
  const { table, previous } = findForWrite(state, id)
  if (!table || !previous) throw new TypeError(`[replica-mock] Failed to update record: no record "${id}"`)
  if ('Id' in changes && changes.Id !== previous.Id) {
    throw new TypeError(`[replica-mock] Failed to update ${table.def.name} record: its Id cannot change`)
  }
  const next = materialise(table, { ...previous, ...changes })
  putRecord(table, next, previous)
  state.log.onRollback(() => putRecord(table, previous, next))
  report(state, table, next.Id as string, next)
  return next
}

/** Removes a record for good (hard delete / emptying the recycle bin). */
export function purgeRecord(state: RecordState, id: string): SObjectRecord | undefined {
  const { table, previous } = findForWrite(state, id)
  if (!table || !previous) return undefined
  dropRecord(table, previous.Id as string)
  state.log.onRollback(() => {
    putRecord(table, previous, undefined)
    // a Map only appends: the record's place is restored once the rollback is over
    state.reorder.add(table)
    state.log.afterRollback(state.resort)
  })
  report(state, table, previous.Id as string, undefined)
  return previous
}

/** The store's own (writable) table of `object`. */
function writableTableOf(state: RecordState, object: string): Table {
  return writableTable(state.tables, tableOf(state.tables, object))
}

/** The record with `id` and its table, made writable when the record exists. */
function findForWrite(state: RecordState, id: string): { table?: Table; previous?: SObjectRecord } {
  const canonical = normaliseId(id)
  const found = canonical ? state.tables.byPrefix.get(keyPrefixOf(canonical)) : undefined
  const previous = canonical ? found?.byId.get(canonical) : undefined
  if (!found || !previous) return {}
  return { table: writableTable(state.tables, found), previous }
}

/** Tells the observer of a write once it commits (records are immutable: no copy needed). */
function report(state: RecordState, table: Table, id: string, record: SObjectRecord | undefined): void {
  const observer = state.observer
  if (observer) state.log.onCommit(() => observer.record(table.def.name, id, record))
}
