/**
 * @module
 * A resource's records held in several `@msw/data` collections ("shards") of at most
 * `SHARD_CREATES` creates each. @msw/data finds the record to delete by scanning its array from
 * the oldest, so with one collection every update (a create and a delete, `IndexedCollection`) cost
 * O(records ever kept): ~40 ns a record, 0.8 ms per update at 20k environments, and the
 * environments of a long test run stay listable as deleted. A record is deleted from the shard it
 * was created in, so a delete scans at most `SHARD_CREATES` records.
 * @note Only `IndexedCollection` uses it: it keeps the id map, indexes and order beside it and
 * never queries @msw/data, which only holds the records.
 */
import { Collection } from '@msw/data'
import { z } from 'zod'

/** Creates per shard: a delete scans at most this many records. */
export const SHARD_CREATES = 256

interface Shard<T> {
  collection: Collection<z.ZodType<T>>
  /** Records it holds now. */
  live: number
}

export class ShardedCollection<T extends object> {
  /** Shards holding records, and the one creates go to. */
  #shards = new Set<Shard<T>>()
  #current: Shard<T> | undefined
  #createdInCurrent = 0
  /** The shard each stored record object (as `create` returned it) lives in. */
  #shardOf = new WeakMap<object, Shard<T>>()

  /** Stores `values` (already validated by the caller: the shards accept any object). */
  async create(values: T): Promise<T> {
    let shard = this.#current
    if (!shard || this.#createdInCurrent >= SHARD_CREATES) {
      // a full shard emptied while it took creates is let go as it stops taking them
      if (shard?.live === 0) this.#shards.delete(shard)
      // every write was validated with the resource's zod schema first (IndexedCollection)
      shard = { collection: new Collection({ schema: z.custom<T>() }), live: 0 }
      this.#shards.add(shard)
      this.#current = shard
      this.#createdInCurrent = 0
    }
    this.#createdInCurrent++
    const record = (await shard.collection.create(values as never)) as T
    shard.live++
    this.#shardOf.set(record, shard)
    return record
  }

  /** Deletes a record `create` returned (nothing when it is not stored). */
  delete(record: T): void {
    const shard = this.#shardOf.get(record)
    if (!shard) return
    this.#shardOf.delete(record)
    shard.collection.delete(record as never)
    shard.live--
    // an emptied shard that takes no more creates is let go
    if (shard.live === 0 && shard !== this.#current) this.#shards.delete(shard)
  }

  clear(): void {
    for (const shard of this.#shards) shard.collection.clear()
    this.#shards.clear()
    this.#current = undefined
    this.#shardOf = new WeakMap()
  }

  /** Records held, over every shard (for tests). */
  get size(): number {
    let size = 0
    for (const shard of this.#shards) size += shard.collection.count()
    return size
  }

  /** Shards held (for tests: emptied ones are let go). */
  get shardCount(): number {
    return this.#shards.size
  }
}
