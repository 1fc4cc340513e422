/**
 * @module
 * A Map (and a Set) written over a frozen base: reads fall through to the base, writes and deletes
 * stay in the overlay. Copy-on-write tables (`record-baseline.ts`) layer them over a shared table's
 * maps and index sets, so a store's first write to a table with 100k records (or to an index entry
 * 100k records share, such as their OwnerId) costs what it writes, not a copy of them. Iteration
 * keeps the base's order (an overwritten key stays where it was), then yields what the overlay
 * added, in the order it added it.
 */

/** The part of `Map` the record tables use; `Map` itself is one. */
export interface MapLike<K, V> extends Iterable<[K, V]> {
  readonly size: number
  get(key: K): V | undefined
  has(key: K): boolean
  set(key: K, value: V): this
  delete(key: K): boolean
  clear(): void
  keys(): IterableIterator<K>
  values(): IterableIterator<V>
}

/** The part of `Set` the record indexes use; `Set` itself is one. */
export interface SetLike<T> extends Iterable<T> {
  readonly size: number
  has(value: T): boolean
  add(value: T): this
  delete(value: T): boolean
  values(): IterableIterator<T>
}

// what a deleted base key maps to in the overlay
const GONE = Symbol('gone')

/** Overlays chained deeper than this are flattened (each level adds a lookup to every miss). */
const MAX_DEPTH = 4

/** Below this many entries a plain copy costs less than an overlay's indirection on every access. */
export const COPY_BELOW = 256

/** True when a layer over `base` should be a plain copy: it is small, or overlays chain too deep. */
function copyInstead(base: { size: number }): boolean {
  return base.size < COPY_BELOW || (base instanceof Overlay && base.depth >= MAX_DEPTH)
}

/** What both overlays hold: the base they read through to, their own size, how deep they chain. */
abstract class Overlay<B extends { readonly size: number }> {
  protected base: B
  protected count: number
  readonly depth: number

  /** `base` must not change while this overlay reads it. */
  constructor(base: B) {
    this.base = base
    this.count = base.size
    this.depth = base instanceof Overlay ? base.depth + 1 : 1
  }

  get size(): number {
    return this.count
  }
}

export class OverlayMap<K, V> extends Overlay<MapLike<K, V>> implements MapLike<K, V> {
  #own = new Map<K, V | typeof GONE>()

  /** True when `key`'s value was set in this overlay (a value read from the base is shared). */
  owns(key: K): boolean {
    const own = this.#own.get(key)
    return own !== undefined && own !== GONE
  }

  get(key: K): V | undefined {
    const own = this.#own.get(key)
    if (own === undefined) return this.base.get(key)
    return own === GONE ? undefined : own
  }

  has(key: K): boolean {
    const own = this.#own.get(key)
    return own === undefined ? this.base.has(key) : own !== GONE
  }

  set(key: K, value: V): this {
    if (!this.has(key)) this.count++
    this.#own.set(key, value)
    return this
  }

  delete(key: K): boolean {
    if (!this.has(key)) return false
    this.count--
    if (this.base.has(key)) this.#own.set(key, GONE)
    else this.#own.delete(key)
    return true
  }

  clear(): void {
    this.base = new Map()
    this.#own = new Map()
    this.count = 0
  }

  *[Symbol.iterator](): IterableIterator<[K, V]> {
    for (const [key, value] of this.base) {
      const own = this.#own.get(key)
      if (own === undefined) yield [key, value]
      else if (own !== GONE) yield [key, own]
    }
    for (const [key, own] of this.#own) {
      if (own !== GONE && !this.base.has(key)) yield [key, own]
    }
  }

  *keys(): IterableIterator<K> {
    for (const [key] of this) yield key
  }

  *values(): IterableIterator<V> {
    for (const [, value] of this) yield value
  }
}

/**
 * A map to write over `base` without changing it: an overlay, or a plain copy when `base` is
 * small or overlays are chained `MAX_DEPTH` deep. `copyValue` copies a value a plain copy must not
 * share (index Sets).
 */
export function layerOver<K, V>(
  base: MapLike<K, V>,
  copyValue: (value: V) => V = (value) => value,
): MapLike<K, V> {
  if (!copyInstead(base)) return new OverlayMap(base)
  const flat = new Map<K, V>()
  for (const [key, value] of base) flat.set(key, copyValue(value))
  return flat
}

/** `value` to change in place: one `map` shares with the base it overlays is copied into it first. */
export function ownedValue<K, V, S extends V>(
  map: MapLike<K, V>,
  key: K,
  value: S,
  copy: (value: S) => S,
): S {
  if (!(map instanceof OverlayMap) || map.owns(key)) return value
  const mine = copy(value)
  map.set(key, mine)
  return mine
}

export class OverlaySet<T> extends Overlay<SetLike<T>> implements SetLike<T> {
  readonly #added = new Set<T>()
  readonly #removed = new Set<T>()

  has(value: T): boolean {
    if (this.#added.has(value)) return true
    return !this.#removed.has(value) && this.base.has(value)
  }

  add(value: T): this {
    if (this.has(value)) return this
    this.count++
    if (this.#removed.has(value)) this.#removed.delete(value)
    else this.#added.add(value)
    return this
  }

  delete(value: T): boolean {
    if (!this.has(value)) return false
    this.count--
    if (!this.#added.delete(value)) this.#removed.add(value)
    return true
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (const value of this.base) if (!this.#removed.has(value)) yield value
    yield* this.#added
  }

  values(): IterableIterator<T> {
    return this[Symbol.iterator]()
  }
}

/** A set to write over `base` without changing it: an overlay, or a copy (as `layerOver`). */
export function layerOverSet<T>(base: SetLike<T>): SetLike<T> {
  return copyInstead(base) ? new Set(base) : new OverlaySet(base)
}
