/**
 * @module
 * The record store of one environment's CRM app: records per object in a `Map` by id, equality
 * indexes on external-id / idLookup / reference fields (each built by the first lookup by its
 * field, kept in step by every write after it), a recycle bin (deleted records stay with
 * `IsDeleted = true`, hidden unless `includeDeleted`), transactions through the store's one
 * transaction API (`src/store/transaction.ts`), and a plain-JSON serialise/restore. Not
 * @msw/data: it scans on every lookup (decision 0013).
 *
 * Records are frozen plain objects holding every stored field of their object in schema order; a
 * write stores a new one, so a record read earlier stays a consistent snapshot and `serialise()`
 * hands the objects out without copying. Stores started from one baseline (the seed, a snapshot,
 * a kept start) share its tables until they write to them (`record-baseline.ts`).
 *
 * This file is the facade; the work is in `record-table.ts` (tables, indexes),
 * `record-materialise.ts` (record objects, checks), `record-reads.ts`, `record-writes.ts` (undo
 * steps) and `record-content.ts` (serialise/restore).
 *
 * Transactions: `transaction(work)` is synchronous (every REST write; nested = savepoint).
 * `transactionAsync(work)` is for work that awaits between writes (a composite request, a bulk
 * job): it holds the store's write lock until it commits or rolls back. Any writer outside it —
 * a native request handler about to call the record service — first waits while someone holds
 * the lock, with no await between that check and its synchronous write:
 *
 *     for (let wait = store.whenFree(); wait; wait = store.whenFree()) await wait
 *     records.create(...)
 *
 * `whenFree()` is `undefined` when nobody holds the lock, so the ordinary write pays nothing.
 * Writes made inside the holder (a composite's subrequests run through the Hono routes) must
 * not wait, or they would wait for themselves: the composite executor marks its subrequests so
 * the handler skips the wait. See `src/store/write-lock.ts`.
 */
import { runExclusive, TransactionLog, type TransactionScope } from '../../store/transaction.js'
import { WriteLock } from '../../store/write-lock.js'
import type { MetadataService } from '../metadata/metadata-service.js'
import { adoptBaseline, freezeBaseline, type RecordBaseline } from './record-baseline.js'
import { loadContent, type RecordStoreContent, serialiseContent } from './record-content.js'
import {
  countRecords,
  findRecordsBy,
  getRecord,
  isIndexed,
  type ReadOptions,
  scanRecords,
} from './record-reads.js'
import { buildTables, type FieldValue, type SObjectRecord } from './record-table.js'
import {
  createRecordState,
  insertRecord,
  nextId,
  nextSequence,
  purgeRecord,
  type RecordObserver,
  type RecordState,
  updateRecord,
} from './record-writes.js'

export { RECORD_STORE_FORMAT, RecordStoreContent } from './record-content.js'
export type { RecordBaseline } from './record-baseline.js'
export type { RecordObserver } from './record-writes.js'
export type { ReadOptions } from './record-reads.js'
export { type FieldValue, indexKey, isIndexedField, type SObjectRecord } from './record-table.js'

/**
 * Checks and loads `content` (a `serialise()` result) once, as a baseline any number of stores
 * can start from (`adopt`) without loading it again; throws on a bad document.
 */
export function loadBaseline(metadata: MetadataService, content: unknown): RecordBaseline {
  return freezeBaseline(loadContent(metadata, content))
}

/** An empty record store, or one holding `baseline` (shared, copied table by table on write). */
export function createRecordStore(metadata: MetadataService, baseline?: RecordBaseline): RecordStore {
  return new RecordStore(metadata, baseline)
}

/** A class, not an object of closures: an environment app holds one, and each is small. */
export class RecordStore {
  readonly #metadata: MetadataService
  readonly #state: RecordState
  readonly #lock = new WriteLock()

  constructor(metadata: MetadataService, baseline?: RecordBaseline) {
    this.#metadata = metadata
    this.#state = createRecordState(
      baseline ? adoptBaseline(baseline) : { tables: buildTables(metadata), sequences: new Map() },
      new TransactionLog(),
    )
  }

  /** Canonical object names, schema order. */
  get objects(): string[] {
    return [...this.#state.tables.byName.values()].map((table) => table.def.name)
  }

  /** A record by id (15 or 18 characters, any case for 18). */
  get(id: string, options?: ReadOptions): SObjectRecord | undefined {
    return getRecord(this.#state.tables, id, options)
  }

  /** Every record of an object, oldest first. */
  scan(object: string, options?: ReadOptions): Generator<SObjectRecord> {
    return scanRecords(this.#state.tables, object, options)
  }

  count(object: string, options?: ReadOptions): number {
    return countRecords(this.#state.tables, object, options)
  }

  /** True when `findBy` can answer for this field from an index. */
  isIndexed(object: string, field: string): boolean {
    return isIndexed(this.#state.tables, object, field)
  }

  /**
   * Records whose `field` equals `value` (text case-insensitively, ids in any 15/18 form), oldest
   * first; `undefined` when the field has no index, so the caller knows to scan instead.
   */
  findBy(object: string, field: string, value: unknown, options?: ReadOptions): SObjectRecord[] | undefined {
    return findRecordsBy(this.#state.tables, object, field, value, options)
  }

  /** Issues the next id of an object (a rolled-back create does not burn it). */
  nextId(object: string): string {
    return nextId(this.#state, object)
  }

  /** The next number of an auto-number sequence (`Case.CaseNumber`). */
  nextSequence(name: string, start = 1): number {
    return nextSequence(this.#state, name, start)
  }

  /**
   * Adds a record, a copy of `values`: they must hold a canonical `Id` of the object and only
   * stored fields; missing fields are stored as null.
   */
  insert(object: string, values: Readonly<Record<string, FieldValue>>): SObjectRecord {
    return insertRecord(this.#state, object, values)
  }

  /**
   * Replaces fields of a record (recycle-bin records included) with `changes`, which may repeat
   * the record's own `Id`; returns the new record.
   */
  update(id: string, changes: Readonly<Record<string, FieldValue>>): SObjectRecord {
    return updateRecord(this.#state, id, changes)
  }

  /** Removes a record for good (hard delete / emptying the recycle bin). */
  purge(id: string): SObjectRecord | undefined {
    return purgeRecord(this.#state, id)
  }

  /** True while a transaction is open (sync, or async between its awaits). */
  get inTransaction(): boolean {
    return this.#state.log.active
  }

  /**
   * Runs `work` synchronously; if it throws, every write it made is undone and the error
   * rethrown. Transactions nest: an inner one that fails rolls back to where it began (a
   * savepoint) and the outer one can carry on or fail in turn.
   */
  transaction<R>(work: () => R): R {
    return this.#state.log.run(work)
  }

  /**
   * Runs async `work` as one transaction holding the store's write lock: it starts once earlier
   * holders settled, commits when `work` resolves, or undoes every write made meanwhile (its
   * own, and those of everything it ran) when it rejects. `scope.savepoint` nests; see the
   * module doc for how other writers wait.
   */
  transactionAsync<R>(work: (scope: TransactionScope) => Promise<R> | R): Promise<R> {
    return runExclusive(this.#lock, this.#state.log, work)
  }

  /** `undefined` when no async transaction holds or awaits the store; else when to check again. */
  whenFree(): Promise<void> | undefined {
    return this.#lock.whenFree()
  }

  /**
   * Records how to undo a change the app keeps beside its records (a published platform event):
   * run, newest first, if the open transaction rolls back; ignored outside a transaction.
   */
  onRollback(step: () => void): void {
    this.#state.log.onRollback(step)
  }

  /** Runs `hook` once the open transaction commits (at once outside one). */
  onCommit(hook: () => void): void {
    this.#state.log.onCommit(hook)
  }

  /** Reports committed writes to `observer` from now on (the server's journal). */
  observe(observer: RecordObserver | undefined): void {
    this.#state.observer = observer
  }

  /** Plain JSON of the whole store (the stored record objects themselves, frozen). */
  serialise(): RecordStoreContent {
    return serialiseContent(this.#state)
  }

  /**
   * Replaces every record with the content of `content` (output of `serialise`, possibly
   * through JSON). Checked first: on a bad document nothing already stored changes.
   */
  restore(content: unknown): void {
    this.#refuseInTransaction('restore')
    const loaded = loadContent(this.#metadata, content)
    this.#state.tables = loaded.tables
    this.#state.sequences = loaded.sequences
    this.#state.observer?.replaced()
  }

  /**
   * The records as they are now, as a baseline (`adopt` comes back to them): the tables become
   * shared, so this store copies a table before it next writes to it.
   */
  keep(): RecordBaseline {
    this.#refuseInTransaction('keep')
    return freezeBaseline(adoptBaseline(this.#state))
  }

  /** Replaces every record with those of `baseline` (`loadBaseline`), sharing its tables. */
  adopt(baseline: RecordBaseline): void {
    this.#refuseInTransaction('adopt')
    const adopted = adoptBaseline(baseline)
    this.#state.tables = adopted.tables
    this.#state.sequences = adopted.sequences
    this.#state.observer?.replaced()
  }

  /** Empties the store (counters and sequences too). */
  clear(): void {
    this.#refuseInTransaction('clear')
    this.#state.tables = buildTables(this.#metadata)
    this.#state.sequences = new Map()
    this.#state.observer?.replaced()
  }

  #refuseInTransaction(verb: string): void {
    if (this.#state.log.active)
      throw new TypeError(`[replica-mock] Failed to ${verb} records: a transaction is open`)
  }
}
