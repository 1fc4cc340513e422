/**
 * @module
 * `@msw/data` collections with the indexes they lack. @msw/data keeps records in an array and
 * scans on every lookup (see DESIGN.md "Why"), so beside it this keeps an id `Map`, optional
 * secondary indexes and the records in (orderKey, insertion) order for keyset pagination; the
 * records live in several @msw/data collections so that a delete scans one of them
 * (`sharded-collection.ts`).
 * Every write validates with the zod schema first (@msw/data only logs schema issues), and
 * records its undo step in the store's transaction log (`transaction.ts`) so transactions can roll
 * back; @msw/data writes are async, so those steps are too (roll back with `rollbackAsync`).
 */
import type { z } from 'zod'
import { StoreError } from './errors.js'
import { ShardedCollection } from './sharded-collection.js'
import { TransactionLog } from './transaction.js'

type Keyed = { id: string }

/**
 * Told of every committed write (`record` undefined: removed), once its outermost transaction
 * committed, in commit order. For the standalone server's journal (`src/server/persistence`).
 */
export type CollectionObserver = (collection: string, id: string, record: unknown) => void

export interface IndexedCollectionOptions<T extends Keyed> {
  name: string
  schema: z.ZodType<T>
  /** The store's transaction log; a collection on its own gets a log of its own. */
  log?: TransactionLog
  /** Fields with an equality index (`findBy`). */
  indexes?: ReadonlyArray<keyof T & string>
  /** Sort key for `newestFirst` (an ISO timestamp); records with equal keys keep insertion order. */
  orderKey?: (record: T) => string
}

/** Where a page stops: the order key and insertion number of its last record. */
export interface Position {
  key: string
  seq: number
}

interface Entry<T> {
  record: T
  seq: number
  key: string
}

export class IndexedCollection<T extends Keyed> {
  readonly name: string
  #collection = new ShardedCollection<T>()
  #schema: z.ZodType<T>
  #log: TransactionLog
  #byId = new Map<string, Entry<T>>()
  #order: Entry<T>[] = []
  #indexes = new Map<string, Map<unknown, Set<string>>>()
  #orderKey: (record: T) => string
  #seq = 0
  #version = 0
  #observer: CollectionObserver | undefined

  constructor(options: IndexedCollectionOptions<T>) {
    this.name = options.name
    this.#schema = options.schema
    this.#log = options.log ?? new TransactionLog()
    this.#orderKey = options.orderKey ?? (() => '')
    for (const field of options.indexes ?? []) this.#indexes.set(field, new Map())
  }

  /** Reports committed writes to `observer` from now on (restores are not reported). */
  observe(observer: CollectionObserver | undefined): void {
    this.#observer = observer
  }

  get size(): number {
    return this.#byId.size
  }

  /** Moves on with every change of the content (rolled-back ones too): equal means unchanged. */
  get version(): number {
    return this.#version
  }

  get(id: string): T | undefined {
    return this.#byId.get(id)?.record
  }

  /** Records whose indexed `field` equals `value`, oldest first. */
  findBy<K extends keyof T & string>(field: K, value: T[K]): T[] {
    const ids = this.#index(field, 'query').get(value)
    if (!ids) return []
    const out: T[] = []
    for (const id of ids) out.push(this.#byId.get(id)!.record)
    return out
  }

  /** How many records have `field` equal to `value`, without listing them (O(1)). */
  countBy<K extends keyof T & string>(field: K, value: T[K]): number {
    return this.#index(field, 'count in').get(value)?.size ?? 0
  }

  /** The index of `field`; asking for one that is not kept is a bug of the caller's. */
  #index(field: string, doing: string) {
    const index = this.#indexes.get(field)
    if (!index) throw new StoreError(`Failed to ${doing} "${this.name}": "${field}" is not indexed`)
    return index
  }

  /** Where `id` sits in the order (for cursors), or undefined when it is gone. */
  positionOf(id: string): Position | undefined {
    const entry = this.#byId.get(id)
    return entry && { key: entry.key, seq: entry.seq }
  }

  /** The first record in order (the oldest), without copying the list. */
  oldest(): T | undefined {
    return this.#order[0]?.record
  }

  /** All records, oldest first. */
  all(): T[] {
    return this.#order.map((entry) => entry.record)
  }

  /** Records newest first (order key desc, then insertion desc), starting after `after`. */
  *newestFirst(after?: Position): Generator<T> {
    const start = after ? this.#lowerBound(after) - 1 : this.#order.length - 1
    for (let i = start; i >= 0; i--) yield this.#order[i]!.record
  }

  async insert(values: T): Promise<T> {
    if (this.#byId.has(values.id)) {
      throw new StoreError(`Failed to insert into "${this.name}": id "${values.id}" exists`)
    }
    const parsed = this.#validate(values, 'insert')
    const record = await this.#collection.create(parsed)
    this.#add(record, ++this.#seq)
    this.#log.onRollback(() => this.#drop(record.id))
    this.#report(record.id, record)
    return record
  }

  async update(id: string, changes: Partial<T>): Promise<T> {
    const entry = this.#byId.get(id)
    if (!entry) throw new StoreError(`Failed to update "${this.name}": no record "${id}"`)
    const previous = entry.record
    const parsed = this.#validate({ ...previous, ...changes, id }, 'update')
    const next = await this.#swap(previous, parsed)
    this.#replace(entry, next)
    this.#log.onRollback(async () => {
      const current = this.#byId.get(id)!
      this.#replace(current, await this.#swap(current.record, previous))
    })
    this.#report(id, next)
    return next
  }

  async remove(id: string): Promise<T | undefined> {
    const entry = this.#byId.get(id)
    if (!entry) return undefined
    this.#drop(id)
    this.#log.onRollback(async () => {
      const record = await this.#collection.create(entry.record)
      this.#add(record, entry.seq)
    })
    this.#report(id, undefined)
    return entry.record
  }

  /** Plain JSON-safe copies of every record, oldest first. */
  serialise(): T[] {
    return this.#order.map((entry) => structuredClone(stripSymbols(entry.record)))
  }

  /** Replaces every record (records no undo steps: restores happen outside transactions). */
  async restore(records: readonly T[]): Promise<void> {
    this.clear()
    for (const values of records) {
      const parsed = this.#validate(values, 'restore')
      const record = await this.#collection.create(parsed)
      this.#add(record, ++this.#seq)
    }
  }

  clear(): void {
    this.#version++
    this.#collection.clear()
    this.#byId.clear()
    this.#order = []
    for (const index of this.#indexes.values()) index.clear()
  }

  /** @note Copied at commit: later writes must not show through, and @msw/data may reuse objects. */
  #report(id: string, record: T | undefined): void {
    const observer = this.#observer
    if (!observer) return
    this.#log.onCommit(() => observer(this.name, id, record && structuredClone(stripSymbols(record))))
  }

  #validate(values: unknown, verb: string): T {
    const result = this.#schema.safeParse(values)
    if (result.success) return result.data
    const issues = result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }))
    const detail = issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')
    throw new StoreError(`Failed to ${verb} "${this.name}" record: ${detail}`, issues)
  }

  /**
   * Stores `next` in place of the stored `previous`. Not @msw/data's `update`: it finds the record
   * by scanning with a query and produces the next one through an immer-style draft, which made
   * every update O(collection) and its slowest step; a create and a delete scan one shard at most.
   * Created first, so a create that fails leaves `previous` stored.
   */
  async #swap(previous: T, next: T): Promise<T> {
    const created = await this.#collection.create(next)
    this.#collection.delete(previous)
    return created
  }

  #add(record: T, seq: number): void {
    this.#version++
    const entry: Entry<T> = { record, seq, key: this.#orderKey(record) }
    this.#byId.set(record.id, entry)
    const at = this.#lowerBound(entry)
    this.#order.splice(at, 0, entry)
    this.#indexAdd(record)
  }

  #drop(id: string): void {
    const entry = this.#byId.get(id)
    if (!entry) return
    this.#version++
    this.#collection.delete(entry.record)
    this.#byId.delete(id)
    this.#order.splice(this.#lowerBound(entry), 1)
    this.#indexRemove(entry.record)
  }

  #replace(entry: Entry<T>, next: T): void {
    this.#version++
    this.#indexRemove(entry.record)
    entry.record = next
    this.#indexAdd(next)
    // the order key is immutable for a record (a creation timestamp)
  }

  /** First index in #order whose (key, seq) is >= the given position. */
  #lowerBound(position: Position): number {
    let lo = 0
    let hi = this.#order.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const entry = this.#order[mid]!
      if (entry.key < position.key || (entry.key === position.key && entry.seq < position.seq)) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  #indexAdd(record: T): void {
    for (const [field, index] of this.#indexes) {
      const value = record[field as keyof T]
      const ids = index.get(value)
      if (ids) ids.add(record.id)
      else index.set(value, new Set([record.id]))
    }
  }

  #indexRemove(record: T): void {
    for (const [field, index] of this.#indexes) {
      const value = record[field as keyof T]
      const ids = index.get(value)
      ids?.delete(record.id)
      if (ids?.size === 0) index.delete(value)
    }
  }
}

/** @msw/data adds symbol-keyed internals to records; JSON never sees them, structuredClone does. */
function stripSymbols<T>(record: T): T {
  return { ...(record as object) } as T
}
