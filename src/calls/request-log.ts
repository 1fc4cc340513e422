/**
 * @module
 * Where recorded gateway calls live: one bounded ring per environment (oldest dropped first), an
 * id index, a budget per environment and one for all of them for the whole bodies kept for
 * download, and the retirement of an environment's calls some time after it was deleted (the
 * ring is let go, and nothing more is recorded for it).
 *
 * @note Not an `IndexedCollection`: @msw/data deletes scan its array, and a ring at its bound drops
 * a call on every new one. Here recording, eviction and lookup by id are O(1); a list or stats
 * pass walks one environment's ring. A call takes its place in the order when the gateway has
 * identified it and is filled in when it completes; a call still pending is never listed.
 * A recorded call's id says where it sits (`req_` + ring number, 4 chars + seq, 6 chars + 6 random
 * chars, all base 36), so finding it needs no id index churned on every call; only imported calls,
 * whose ids say nothing of their new place, are found through a map.
 */
import { makeId, randomBase36 } from '../store/ids.js'
import type { ExportedCall } from './call-export.js'
import { KnownSecrets } from './known-secrets.js'
import type { RawCall } from './raw-call.js'
import { type PendingCall, RecordedCall } from './recorded-call.js'

export type { PendingCall } from './recorded-call.js'

/** Whole bodies kept for download per environment; its oldest go first beyond it. */
export const KEPT_BODIES_BUDGET_BYTES = 32 * 1024 * 1024
/** Whole bodies kept for download in all; beyond it the largest ring's oldest go first. */
export const TOTAL_KEPT_BODIES_BUDGET_BYTES = 256 * 1024 * 1024

export interface RequestLog {
  /** Calls kept per environment; 0 records nothing. */
  readonly capacity: number
  /** Reserves the next place in the environment's order, or undefined when nothing is recorded. */
  begin(environmentId: string): PendingCall | undefined
  /** Fills in a call begun earlier (a no-op when the ring has dropped it meanwhile). */
  complete(pending: PendingCall, call: RawCall): void
  get(id: string): RecordedCall | undefined
  /**
   * Lets the environment's calls go at `atMs` (the `now` clock): from then on none is listed or
   * found, and none is recorded for it. An earlier retirement of it is replaced.
   */
  retire(environmentId: string, atMs: number): void
  /** Whole-body bytes kept over every environment. */
  readonly keptBytes: number
  /** The environment's completed calls, newest first, starting below `beforeSeq`. */
  newestFirst(environmentId: string, beforeSeq?: number): Generator<{ call: RecordedCall; seq: number }>
  clear(): void
  exportAll(): ExportedCall[]
  /** Replaces every call; the document must already be validated with `ExportedCall`. */
  importAll(calls: readonly ExportedCall[]): void
}

/**
 * One environment's calls by seq (`calls[seq % capacity]`), and the whole bodies they keep: the
 * ring's order is also the order bodies are let go in, so the budget needs no list of its own.
 */
class Ring {
  readonly calls: Array<RecordedCall | undefined> = []
  /**
   * Whole-body bytes each slot counts against the budget, beside the calls: dropping the oldest
   * call then reads no field of it (it has long left the CPU caches).
   */
  readonly counted: number[] = []
  /** Seq of the oldest call held. */
  firstSeq = 1
  nextSeq = 1
  /** Bytes of whole bodies the ring's calls keep. */
  keptBytes = 0
  /** Calls below this seq keep no whole body. */
  bodiesFrom = 1
  constructor(
    /** Its index among the log's rings, part of its calls' ids. */
    readonly no: number,
    readonly capacity: number,
  ) {}

  at(seq: number): RecordedCall | undefined {
    if (seq < this.firstSeq || seq >= this.nextSeq) return undefined
    return this.calls[seq % this.capacity]
  }
}

export interface RequestLogOptions {
  /** Calls kept per environment; 0 records nothing. */
  capacity: number
  /** Whole-body bytes kept per environment. @default KEPT_BODIES_BUDGET_BYTES */
  keptBodiesBudget?: number
  /** Whole-body bytes kept over every environment. @default TOTAL_KEPT_BODIES_BUDGET_BYTES */
  totalKeptBodiesBudget?: number
  /** The secrets redacted from every call. @default none beyond the tokens each call presented */
  secrets?: KnownSecrets
  /** The clock retirements are due on (epoch ms). @default Date.now */
  now?: () => number
}

export function createRequestLog(options: RequestLogOptions): RequestLog {
  return new RingLog(options)
}

/** The rings of every environment, and the calls found by map (imported ones). */
class RingLog implements RequestLog {
  rings = new Map<string, Ring>()
  ringsByNo: Array<Ring | undefined> = []
  /** Calls whose id does not say where they sit (imported ones). */
  elsewhere = new Map<string, RecordedCall>()
  generation = 0
  keptBytes = 0
  /** Environment id -> when its calls go (epoch ms); past it, the id stays here (nothing is recorded). */
  retirements = new Map<string, number>()
  /** The earliest retirement not yet carried out. */
  nextRetirementAt = Number.POSITIVE_INFINITY
  readonly capacity: number
  readonly budget: number
  readonly totalBudget: number
  readonly secrets: KnownSecrets
  readonly now: () => number
  readonly evictedReason: string
  readonly totalEvictedReason: string

  constructor(options: RequestLogOptions) {
    this.capacity = options.capacity
    this.budget = options.keptBodiesBudget ?? KEPT_BODIES_BUDGET_BYTES
    this.totalBudget = options.totalKeptBodiesBudget ?? TOTAL_KEPT_BODIES_BUDGET_BYTES
    this.secrets = options.secrets ?? new KnownSecrets()
    this.now = options.now ?? Date.now
    this.evictedReason = `Evicted: recorded bodies are kept up to ${this.budget} bytes per environment, oldest dropped first`
    this.totalEvictedReason = `Evicted: recorded bodies are kept up to ${this.totalBudget} bytes in all, oldest of the largest environment dropped first`
  }

  begin(environmentId: string): PendingCall | undefined {
    if (this.capacity === 0) return undefined
    this.carryOutRetirements()
    if (this.isRetired(environmentId)) return undefined
    const ring = this.ringOf(environmentId)
    const id = placedId(ring.no, ring.nextSeq)
    const call = new RecordedCall(id ?? makeId('request'), environmentId, ring.nextSeq, this.generation)
    this.place(ring, call)
    if (id === undefined) this.elsewhere.set(call.id, call)
    return call
  }

  complete(pending: PendingCall, raw: RawCall): void {
    const call = pending as RecordedCall
    if (call.completed || call.generation !== this.generation) return
    const ring = this.ringOf(call.environmentId)
    // dropped while in flight
    if (ring.at(call.seq) !== call) return
    const previous = ring.at(call.seq - 1)
    call.complete(raw, this.secrets, previous?.completed ? previous : undefined)
    this.keep(ring, call)
  }

  get(id: string): RecordedCall | undefined {
    this.carryOutRetirements()
    const place = placeOf(id)
    const placed = place && this.ringsByNo[place.no]?.at(place.seq)
    const call = placed?.id === id ? placed : this.elsewhere.get(id)
    return call?.completed ? call : undefined
  }

  retire(environmentId: string, atMs: number): void {
    this.retirements.set(environmentId, atMs)
    this.nextRetirementAt = Math.min(this.nextRetirementAt, atMs)
    this.carryOutRetirements()
  }

  *newestFirst(environmentId: string, beforeSeq?: number): Generator<{ call: RecordedCall; seq: number }> {
    this.carryOutRetirements()
    const ring = this.rings.get(environmentId)
    if (!ring) return
    const start = Math.min(ring.nextSeq, beforeSeq ?? ring.nextSeq) - 1
    for (let seq = start; seq >= ring.firstSeq; seq--) {
      const call = ring.at(seq)
      if (call?.completed) yield { call, seq }
    }
  }

  clear(): void {
    this.rings = new Map()
    this.ringsByNo = []
    this.elsewhere = new Map()
    this.retirements = new Map()
    this.nextRetirementAt = Number.POSITIVE_INFINITY
    this.keptBytes = 0
    this.generation++
  }

  exportAll(): ExportedCall[] {
    this.carryOutRetirements()
    const out: ExportedCall[] = []
    for (const ring of this.rings.values()) {
      for (let seq = ring.firstSeq; seq < ring.nextSeq; seq++) {
        const call = ring.at(seq)
        if (call?.completed) out.push(call.toExport())
      }
    }
    return out
  }

  importAll(calls: readonly ExportedCall[]): void {
    this.clear()
    if (this.capacity === 0) return
    for (const exported of calls) {
      const ring = this.ringOf(exported.environmentId)
      // out of order or repeated: append after what is there
      const seq = Math.max(exported.seq, ring.nextSeq)
      const call = RecordedCall.fromExport(exported, seq, this.generation)
      const previous = this.get(call.id)
      if (previous) {
        const held = this.ringOf(previous.environmentId)
        this.evict(held, previous.seq)
        held.calls[previous.seq % this.capacity] = undefined
      }
      this.place(ring, call)
      if (!isPlacedId(call.id, ring.no, call.seq)) this.elsewhere.set(call.id, call)
      this.keep(ring, call)
    }
  }

  private isRetired(environmentId: string): boolean {
    const at = this.retirements.get(environmentId)
    return at !== undefined && at <= this.now()
  }

  /** Lets go of the rings whose retirement is due (cheap when none is: one comparison). */
  private carryOutRetirements(): void {
    const now = this.now()
    if (now < this.nextRetirementAt) return
    let next = Number.POSITIVE_INFINITY
    for (const [environmentId, at] of this.retirements) {
      if (at > now) next = Math.min(next, at)
      else this.release(environmentId)
    }
    this.nextRetirementAt = next
  }

  private release(environmentId: string): void {
    const ring = this.rings.get(environmentId)
    if (!ring) return
    for (let seq = ring.firstSeq; seq < ring.nextSeq; seq++) this.evict(ring, seq)
    this.rings.delete(environmentId)
    this.ringsByNo[ring.no] = undefined
  }

  private ringOf(environmentId: string): Ring {
    let ring = this.rings.get(environmentId)
    if (!ring) {
      ring = new Ring(this.ringsByNo.length, this.capacity)
      this.rings.set(environmentId, ring)
      this.ringsByNo.push(ring)
    }
    return ring
  }

  /** Lets go of the call in `seq`'s slot (a pending one then never completes: it is not there). */
  private evict(ring: Ring, seq: number): void {
    const slot = seq % this.capacity
    const counted = ring.counted[slot]
    if (counted) {
      ring.keptBytes -= counted
      this.keptBytes -= counted
      ring.counted[slot] = 0
    }
    if (this.elsewhere.size > 0) {
      const call = ring.calls[slot]
      if (call && this.elsewhere.get(call.id) === call) this.elsewhere.delete(call.id)
    }
  }

  /** Appends a call whose seq is >= nextSeq, dropping the oldest beyond capacity. */
  private place(ring: Ring, call: RecordedCall): void {
    const { capacity } = this
    if (call.seq - ring.nextSeq >= capacity) {
      // an imported gap wider than the ring: everything held would be dropped on the way
      for (let seq = ring.firstSeq; seq < ring.nextSeq; seq++) this.evict(ring, seq)
      ring.calls.length = 0
      ring.counted.length = 0
      ring.firstSeq = ring.nextSeq = call.seq
    }
    for (; ring.nextSeq <= call.seq; ring.nextSeq++) {
      if (ring.nextSeq - ring.firstSeq === capacity) {
        this.evict(ring, ring.firstSeq)
        ring.calls[ring.firstSeq % capacity] = undefined
        ring.firstSeq++
      }
      // seqs skipped by an import (calls that never completed) stay empty
      if (ring.nextSeq < call.seq) ring.calls[ring.nextSeq % capacity] = undefined
    }
    ring.calls[call.seq % capacity] = call
    ring.counted[call.seq % capacity] = 0
  }

  /**
   * Counts the call's whole bodies, letting the oldest bodies of the ring go beyond the budget,
   * then those of the ring holding most beyond the total budget.
   */
  private keep(ring: Ring, call: RecordedCall): void {
    if (call.keptBytes === 0) return
    ring.counted[call.seq % this.capacity] = call.keptBytes
    ring.keptBytes += call.keptBytes
    this.keptBytes += call.keptBytes
    while (ring.keptBytes > this.budget) if (!this.dropOldestBody(ring, this.evictedReason)) break
    while (this.keptBytes > this.totalBudget) {
      let largest: Ring | undefined
      for (const candidate of this.rings.values()) {
        if (!largest || candidate.keptBytes > largest.keptBytes) largest = candidate
      }
      if (!largest || !this.dropOldestBody(largest, this.totalEvictedReason)) break
    }
  }

  /** Drops the whole bodies of the ring's oldest call that keeps some; false when none does. */
  private dropOldestBody(ring: Ring, reason: string): boolean {
    if (ring.bodiesFrom < ring.firstSeq) ring.bodiesFrom = ring.firstSeq
    while (ring.bodiesFrom < ring.nextSeq) {
      const slot = ring.bodiesFrom++ % this.capacity
      const counted = ring.counted[slot]
      if (!counted) continue
      ring.keptBytes -= counted
      this.keptBytes -= counted
      ring.counted[slot] = 0
      ring.calls[slot]?.dropKeptBodies(reason)
      return true
    }
    return false
  }
}

const RING_NO_CHARS = 4
const SEQ_CHARS = 6
const MAX_RING_NO = 36 ** RING_NO_CHARS
const MAX_SEQ = 36 ** SEQ_CHARS

/**
 * `req_` + ring number + seq + random chars (16 in all); undefined past those ranges.
 * @note Built from char codes: a concatenation would leave a tree of string pieces that the
 * recorded call then keeps (and the collector copies) for as long as it lives.
 */
function placedId(no: number, seq: number): string | undefined {
  if (no >= MAX_RING_NO || seq >= MAX_SEQ) return undefined
  const codes = [0x72, 0x65, 0x71, 0x5f]
  pushBase36(codes, no, RING_NO_CHARS)
  pushBase36(codes, seq, SEQ_CHARS)
  const random = randomBase36(16 - RING_NO_CHARS - SEQ_CHARS)
  for (let i = 0; i < random.length; i++) codes.push(random.charCodeAt(i))
  return String.fromCharCode(...codes)
}

/** `value` in base 36, `width` digits with leading zeros, as char codes. */
function pushBase36(codes: number[], value: number, width: number): void {
  const start = codes.length
  for (let i = 0; i < width; i++) codes.push(0x30)
  for (let i = start + width - 1, rest = value; rest > 0; i--, rest = Math.floor(rest / 36)) {
    const digit = rest % 36
    codes[i] = digit < 10 ? 0x30 + digit : 0x57 + digit
  }
}

function placeOf(id: string): { no: number; seq: number } | undefined {
  if (id.length !== 20 || !id.startsWith('req_')) return undefined
  const no = Number.parseInt(id.slice(4, 4 + RING_NO_CHARS), 36)
  const seq = Number.parseInt(id.slice(4 + RING_NO_CHARS, 4 + RING_NO_CHARS + SEQ_CHARS), 36)
  return Number.isSafeInteger(no) && Number.isSafeInteger(seq) ? { no, seq } : undefined
}

function isPlacedId(id: string, no: number, seq: number): boolean {
  const place = placeOf(id)
  return place !== undefined && place.no === no && place.seq === seq
}
