/**
 * @module
 * One management resource's records, held in an `@msw/data` `Collection` and read through its
 * API (`findFirst`, `findMany` with queries and `orderBy`, `count`). Writes go through here for
 * what the store needs and @msw/data lacks:
 * - every write is validated with the zod schema (@msw/data only logs schema issues), and a bad
 *   record is a `StoreError` with the issues;
 * - every write records its undo step in the store's transaction log (`transaction.ts`), and is
 *   reported to the observer once its transaction commits (the standalone server's journal);
 * - serialise and restore use plain JSON copies, never @msw/data's symbol internals;
 * - `version` moves on with every change, so a reset restores only the collections written
 *   since its mark (`Store.backTo`).
 * Records keep @msw/data's insertion order; an update keeps a record's place. `update` and
 * `delete` take the record the caller already found, so nothing is looked up twice.
 *
 * Lookups by id, and by the unique keys a collection names (tokens), read a `Map` index kept
 * beside @msw/data in step with every write here (its queries scan every record: one per
 * native or management call). Every other query goes to @msw/data.
 */
import { Collection, Query } from '@msw/data'
import * as z from 'zod'
import { StoreError } from './errors.js'
import { TransactionLog } from './transaction.js'

type Keyed = { id: string }

/** A field of unique string values, or null/absent where unset. */
export type UniqueKey<T> = {
  [K in keyof T & string]: T[K] extends string | null | undefined ? K : never
}[keyof T & string]

/** A query over a collection's records, as @msw/data takes it: `(q) => q.where(...)` or a `Query`. */
export type Where<T> = Query<T> | ((query: Query<T>) => Query<T>)

/** @msw/data's `findMany` options: `orderBy`, and `take`/`skip`/`cursor` over insertion order. */
export type FindManyOptions<T> = NonNullable<Parameters<Collection<z.ZodType<T>>['findMany']>[1]>

/**
 * Told of every committed write (`record` undefined: removed), once its outermost transaction
 * committed, in commit order. For the standalone server's journal (`src/server/persistence`).
 */
export type CollectionObserver = (collection: string, id: string, record: unknown) => void

/**
 * A `Query` made of one predicate: @msw/data calls it alone for each record it scans, where the
 * `q.where(...)` builder combines its conditions anew for every record (several times the cost).
 * For the scans on every request: lookups by id or token, and list pages.
 */
export function matching<T>(predicate: (record: T) => boolean): Query<T> {
  return new Query<T>(predicate)
}

/** The query of the record with `id`. */
export function byId<T extends Keyed>(id: string): Query<T> {
  return matching((record) => record.id === id)
}

export interface StoreCollectionOptions<T extends Keyed> {
  name: string
  schema: z.ZodType<T>
  /** Fields whose values are unique where set (tokens), looked up with `findByKey`. */
  keys?: readonly UniqueKey<T>[]
  /** The store's transaction log; a collection on its own gets a log of its own. */
  log?: TransactionLog
}

export class StoreCollection<T extends Keyed> {
  readonly name: string
  #schema: z.ZodType<T>
  #records: Collection<z.ZodType<T>>
  /** Record by id, and by each unique key's value: the index beside @msw/data. */
  #byId = new Map<string, T>()
  #byKey: Map<UniqueKey<T>, Map<string, T>>
  #log: TransactionLog
  #version = 0
  #observer: CollectionObserver | undefined

  constructor(options: StoreCollectionOptions<T>) {
    this.name = options.name
    this.#schema = options.schema
    this.#records = this.#emptyCollection()
    this.#byKey = new Map((options.keys ?? []).map((key) => [key, new Map()]))
    this.#log = options.log ?? new TransactionLog()
  }

  /** Reports committed writes to `observer` from now on (restores are not reported). */
  observe(observer: CollectionObserver | undefined): void {
    this.#observer = observer
  }

  /** Moves on with every change of the content (rolled-back ones too): equal means unchanged. */
  get version(): number {
    return this.#version
  }

  /** The first record `where` matches in insertion order (the oldest inserted without `where`). */
  findFirst(where?: Where<T>): T | undefined {
    return this.#records.findFirst(where as never)
  }

  /** The record with `id`. */
  findById(id: string): T | undefined {
    return this.#byId.get(id)
  }

  /** The record whose unique `key` (named in the options) has `value`. */
  findByKey(key: UniqueKey<T>, value: string): T | undefined {
    const index = this.#byKey.get(key)
    if (!index) throw new TypeError(`[replica-mock] "${this.name}" has no unique key "${key}"`)
    return index.get(value)
  }

  /** Every record `where` matches, in insertion order unless `options.orderBy` says otherwise. */
  findMany(where?: Where<T>, options?: FindManyOptions<T>): T[] {
    return this.#records.findMany(where as never, options)
  }

  count(where?: Where<T>): number {
    return where ? this.findMany(where).length : this.#records.count()
  }

  /** Stores a new record. Ids are unique by construction (random, or checked by the caller first). */
  async create(values: T): Promise<T> {
    const record = await this.#records.create(this.#validate(values, 'create'))
    this.#index(undefined, record)
    this.#version++
    // undo steps find records by id: an earlier undo step may have rebuilt the collection
    this.#log.onRollback(() => {
      const [removed] = this.#records.deleteMany(byId<T>(record.id) as never)
      if (removed) this.#index(removed, undefined)
      this.#version++
    })
    this.#report(record.id, record)
    return record
  }

  /**
   * Changes `record` (as this collection holds it: found here, or returned by a write), keeping
   * its place. When every field of `changes` already has its value, nothing is written.
   */
  async update(record: T, changes: Partial<T>): Promise<T> {
    const fields = Object.keys(changes).filter((field) => field !== 'id') as (keyof T & string)[]
    if (fields.every((field) => Object.is(record[field], changes[field]))) return record
    const next = this.#validate({ ...record, ...changes, id: record.id }, 'update')
    const updated = await this.#write(record.id, fields, next)
    this.#log.onRollback(async () => {
      await this.#write(record.id, fields, record)
    })
    this.#report(record.id, updated)
    return updated
  }

  /** Removes `record` (as this collection holds it: found here, or returned by a write). */
  delete(record: T): void {
    this.#removed(() => [this.#records.delete(record as never)!])
  }

  /** Removes every record `where` matches; returns them. */
  deleteMany(where: Where<T>): T[] {
    return this.#removed(() => this.#records.deleteMany(where as never))
  }

  /** Plain JSON-safe copies of every record, in insertion order. */
  serialise(): T[] {
    return this.#records.all().map((record) => structuredClone(record))
  }

  /**
   * Replaces every record (recording no undo steps: restores happen outside transactions). A bad
   * record or a repeated id throws before anything is replaced.
   */
  async restore(records: readonly unknown[]): Promise<void> {
    const checked = records.map((values) => this.#validate(values, 'restore'))
    const ids = new Set<string>()
    for (const record of checked) {
      if (ids.has(record.id)) {
        throw new StoreError(`Failed to restore "${this.name}": id "${record.id}" appears twice`)
      }
      ids.add(record.id)
    }
    // a fresh collection: @msw/data's clear() deletes one record at a time
    await this.#rebuild(checked)
  }

  /**
   * Sets `fields` of the record with `id` as they are in `values` (absent there: removed).
   * @note By a query on `id`, not by the record: @msw/data finds a record it is given by its
   * symbol key, several times slower per record scanned than comparing ids.
   */
  async #write(id: string, fields: readonly string[], values: T): Promise<T> {
    const previous = this.#byId.get(id)
    const updated = await this.#records.update(byId<T>(id) as never, {
      strict: true,
      data: (draft) => {
        const target = draft as Record<string, unknown>
        for (const field of fields) {
          if (field in values) target[field] = values[field as keyof T]
          else delete target[field]
        }
      },
    })
    this.#index(previous, updated)
    this.#version++
    return updated
  }

  /**
   * Runs `remove` (a delete through @msw/data) and records its undo step: the records as they
   * were, in their order (@msw/data has no insert at a place, so undoing rebuilds the collection).
   */
  #removed(remove: () => T[]): T[] {
    const before = [...this.#records.all()]
    const removed = remove()
    if (removed.length === 0) return removed
    for (const record of removed) this.#index(record, undefined)
    this.#version++
    this.#log.onRollback(() => this.#rebuild(before))
    for (const record of removed) this.#report(record.id, undefined)
    return removed
  }

  /**
   * Its schema passes every record: each write was validated here first (its issues become a
   * `StoreError`), and validating again in @msw/data would only repeat that work.
   */
  #emptyCollection(): Collection<z.ZodType<T>> {
    return new Collection({ schema: z.custom<T>() })
  }

  async #rebuild(records: readonly T[]): Promise<void> {
    const rebuilt = this.#emptyCollection()
    const created: T[] = []
    for (const record of records) created.push(await rebuilt.create({ ...record }))
    // swapped in at once: reads meanwhile see the collection as it was
    this.#records = rebuilt
    this.#byId = new Map()
    for (const key of this.#byKey.keys()) this.#byKey.set(key, new Map())
    for (const record of created) this.#index(undefined, record)
    this.#version++
  }

  /** Puts `next` in the index in place of `previous` (either undefined: added, removed). */
  #index(previous: T | undefined, next: T | undefined): void {
    if (previous) {
      this.#byId.delete(previous.id)
      for (const [key, index] of this.#byKey) {
        const value = previous[key] as string | null | undefined
        if (value != null && index.get(value)?.id === previous.id) index.delete(value)
      }
    }
    if (next) {
      this.#byId.set(next.id, next)
      for (const [key, index] of this.#byKey) {
        const value = next[key] as string | null | undefined
        if (value != null) index.set(value, next)
      }
    }
  }

  /** @note Copied at commit: the journal must see the record as it was written. */
  #report(id: string, record: T | undefined): void {
    const observer = this.#observer
    if (!observer) return
    this.#log.onCommit(() => observer(this.name, id, record && structuredClone(record)))
  }

  #validate(values: unknown, verb: string): T {
    const result = this.#schema.safeParse(values)
    if (result.success) return result.data
    const issues = result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }))
    const detail = issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')
    throw new StoreError(`Failed to ${verb} "${this.name}" record: ${detail}`, issues)
  }
}
