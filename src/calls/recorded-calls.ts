/**
 * @module
 * Where recorded gateway calls live: per environment, its newest `capacity` calls in the order
 * the gateway took them (the oldest dropped first), and one map of them all by id. Whole bodies
 * kept for download have a budget per environment and one over all of them; beyond it the
 * oldest bodies go (the calls and their previews stay). Some time after an environment is
 * deleted its calls go, and nothing more is recorded for it.
 *
 * A call takes its place when the gateway ties it to an environment, and is filled in, redacted,
 * when it completes; a call still pending is never listed or found.
 */
import { makeId } from '../store/ids.js'
import { keptBytesOf, unkeep } from './body-keeping.js'
import { type ExportedCall, fromExportedCall, toExportedCall } from './call-export.js'
import { KnownSecrets } from './known-secrets.js'
import type { RawCall } from './raw-call.js'
import { type PendingCall, type RecordedCall, recordCall } from './recorded-call.js'

export type { PendingCall } from './recorded-call.js'

/** Whole bodies kept for download per environment; its oldest go first beyond it. */
export const KEPT_BODIES_BUDGET_BYTES = 32 * 1024 * 1024
/** Whole bodies kept for download in all; beyond it the largest environment's oldest go first. */
export const TOTAL_KEPT_BODIES_BUDGET_BYTES = 256 * 1024 * 1024
/**
 * What an environment's calls may hold besides whole bodies (their previews, headers, paths and
 * the objects around them, as `heldBytesOf` counts them); beyond it the oldest calls go.
 */
export const HELD_BYTES_BUDGET = 16 * 1024 * 1024
/** What a recorded call's own objects take, counted with its texts and previews. */
const CALL_OVERHEAD_BYTES = 1024

export interface RecordedCallsOptions {
  /** Calls kept per environment; 0 records nothing. */
  capacity: number
  /** Whole-body bytes kept per environment. @default KEPT_BODIES_BUDGET_BYTES */
  keptBodiesBudget?: number
  /** Whole-body bytes kept over every environment. @default TOTAL_KEPT_BODIES_BUDGET_BYTES */
  totalKeptBodiesBudget?: number
  /** Bytes an environment's calls hold besides whole bodies. @default HELD_BYTES_BUDGET */
  heldBytesBudget?: number
  /** The secrets redacted from the calls. @default none beyond the tokens each call presented */
  secrets?: KnownSecrets
  /** The clock retirements are due on (epoch ms). @default Date.now */
  now?: () => number
}

export function createRecordedCalls(options: RecordedCallsOptions): RecordedCalls {
  return new RecordedCalls(options)
}

/** A call's place in its environment's order: pending until `call` is filled in. */
interface Place extends PendingCall {
  call: RecordedCall | undefined
  /** What the call holds besides whole bodies (`heldBytesOf`), once it is filled in. */
  held: number
}

/**
 * One environment's places, oldest first, how many are completed, the whole-body bytes their
 * calls keep and what they hold besides.
 */
interface Ring {
  places: Place[]
  nextSeq: number
  completed: number
  keptBytes: number
  heldBytes: number
}

export class RecordedCalls {
  /** Calls kept per environment; 0 records nothing. */
  readonly capacity: number
  readonly #budget: number
  readonly #totalBudget: number
  readonly #heldBudget: number
  readonly #secrets: KnownSecrets
  readonly #now: () => number
  #rings = new Map<string, Ring>()
  #byId = new Map<string, Place>()
  #keptBytes = 0
  /** Environment -> when its calls go. */
  #retiring = new Map<string, number>()
  /** Environments whose calls went: nothing more is recorded for them. */
  #retired = new Set<string>()

  constructor(options: RecordedCallsOptions) {
    this.capacity = options.capacity
    this.#budget = options.keptBodiesBudget ?? KEPT_BODIES_BUDGET_BYTES
    this.#totalBudget = options.totalKeptBodiesBudget ?? TOTAL_KEPT_BODIES_BUDGET_BYTES
    this.#heldBudget = options.heldBytesBudget ?? HELD_BYTES_BUDGET
    this.#secrets = options.secrets ?? new KnownSecrets()
    this.#now = options.now ?? Date.now
  }

  /** Takes the next place in the environment's order, or undefined when nothing is recorded. */
  begin(environmentId: string): PendingCall | undefined {
    if (this.capacity === 0) return undefined
    this.#carryOutRetirements()
    if (this.#retired.has(environmentId)) return undefined
    const ring = this.#ringOf(environmentId)
    let id = makeId('request')
    while (this.#byId.has(id)) id = makeId('request')
    const place: Place = { id, environmentId, seq: ring.nextSeq++, call: undefined, held: 0 }
    this.#append(ring, place)
    return place
  }

  /** Fills in a call begun earlier (a no-op when it was dropped meanwhile). */
  complete(pending: PendingCall, raw: RawCall): void {
    const place = this.#byId.get(pending.id)
    // dropped while in flight, or begun before a clear
    if (place !== pending || place.call) return
    place.call = recordCall(place, raw, this.#secrets.listOf(place.environmentId))
    const ring = this.#ringOf(place.environmentId)
    ring.completed++
    this.#hold(ring, place)
    this.#keep(ring, place.call)
  }

  get(id: string): RecordedCall | undefined {
    this.#carryOutRetirements()
    return this.#byId.get(id)?.call
  }

  /**
   * Lets the environment's calls go at `atMs` (the `now` clock): from then on none is listed or
   * found, and none is recorded for it. An earlier retirement of it is replaced.
   */
  retire(environmentId: string, atMs: number): void {
    this.#retired.delete(environmentId)
    this.#retiring.set(environmentId, atMs)
    this.#carryOutRetirements()
  }

  /**
   * How many of the environment's completed calls were received at `sinceMs` or later (what
   * `/limits` and `Sforce-Limit-Info` report). Calls are kept in the order they were received,
   * so only the ones older than `sinceMs` are walked: none on every call of a test run shorter
   * than a day.
   */
  countSince(environmentId: string, sinceMs: number): number {
    this.#carryOutRetirements()
    const ring = this.#rings.get(environmentId)
    if (!ring) return 0
    let older = 0
    for (const { call } of ring.places) {
      if (!call) continue
      if (call.receivedAtMs >= sinceMs) break
      older++
    }
    return ring.completed - older
  }

  /** The environment's completed calls, newest first, starting below `beforeSeq`. */
  *newestFirst(environmentId: string, beforeSeq = Number.POSITIVE_INFINITY): Generator<RecordedCall> {
    this.#carryOutRetirements()
    const places = this.#rings.get(environmentId)?.places ?? []
    for (let i = places.length - 1; i >= 0; i--) {
      const { seq, call } = places[i]!
      if (seq < beforeSeq && call) yield call
    }
  }

  clear(): void {
    this.#rings = new Map()
    this.#byId = new Map()
    this.#keptBytes = 0
    this.#retiring = new Map()
    this.#retired = new Set()
  }

  exportAll(): ExportedCall[] {
    this.#carryOutRetirements()
    const out: ExportedCall[] = []
    for (const ring of this.#rings.values()) {
      for (const { call } of ring.places) if (call) out.push(toExportedCall(call))
    }
    return out
  }

  /** Replaces every call; the document must already be validated with `ExportedCall`. */
  importAll(calls: readonly ExportedCall[]): void {
    this.clear()
    if (this.capacity === 0) return
    for (const exported of calls) {
      const repeated = this.#byId.get(exported.id)
      if (repeated) this.#remove(repeated)
      const ring = this.#ringOf(exported.environmentId)
      // out of order or repeated: after what is there
      const seq = Math.max(exported.seq, ring.nextSeq)
      ring.nextSeq = seq + 1
      const call = fromExportedCall(exported, seq)
      const place: Place = { id: call.id, environmentId: call.environmentId, seq, call, held: 0 }
      this.#append(ring, place)
      this.#hold(ring, place)
      this.#keep(ring, call)
    }
  }

  #ringOf(environmentId: string): Ring {
    let ring = this.#rings.get(environmentId)
    if (!ring) {
      ring = { places: [], nextSeq: 1, completed: 0, keptBytes: 0, heldBytes: 0 }
      this.#rings.set(environmentId, ring)
    }
    return ring
  }

  /** Adds the newest place, dropping the oldest beyond capacity. */
  #append(ring: Ring, place: Place): void {
    ring.places.push(place)
    if (place.call) ring.completed++
    this.#byId.set(place.id, place)
    while (ring.places.length > this.capacity) this.#forget(ring, ring.places.shift()!)
  }

  #remove(place: Place): void {
    const ring = this.#rings.get(place.environmentId)!
    ring.places.splice(ring.places.indexOf(place), 1)
    this.#forget(ring, place)
  }

  /** Lets go of a place that left its ring. */
  #forget(ring: Ring, place: Place): void {
    this.#byId.delete(place.id)
    ring.heldBytes -= place.held
    if (place.call) {
      ring.completed--
      this.#count(ring, -keptOf(place.call))
    }
  }

  /** Counts what the place's call holds, letting the ring's oldest calls go beyond its budget. */
  #hold(ring: Ring, place: Place): void {
    place.held = heldBytesOf(place.call!)
    ring.heldBytes += place.held
    // the newest call stays, whatever it holds
    while (ring.heldBytes > this.#heldBudget && ring.places.length > 1 && ring.places[0] !== place) {
      this.#forget(ring, ring.places.shift()!)
    }
  }

  #count(ring: Ring, bytes: number): void {
    ring.keptBytes += bytes
    this.#keptBytes += bytes
  }

  /**
   * Counts the call's whole bodies, letting the ring's oldest ones go beyond its budget, then
   * the largest ring's oldest beyond the total budget.
   */
  #keep(ring: Ring, call: RecordedCall): void {
    const kept = keptOf(call)
    if (kept === 0) return
    this.#count(ring, kept)
    while (ring.keptBytes > this.#budget) {
      const reason = `Evicted: recorded bodies are kept up to ${this.#budget} bytes per environment, oldest dropped first`
      if (!this.#dropOldestBodies(ring, reason)) break
    }
    while (this.#keptBytes > this.#totalBudget) {
      let largest: Ring | undefined
      for (const candidate of this.#rings.values()) {
        if (!largest || candidate.keptBytes > largest.keptBytes) largest = candidate
      }
      const reason = `Evicted: recorded bodies are kept up to ${this.#totalBudget} bytes in all, oldest of the largest environment dropped first`
      if (!largest || !this.#dropOldestBodies(largest, reason)) break
    }
  }

  /** Lets the whole bodies of the ring's oldest call that keeps some go; false when none does. */
  #dropOldestBodies(ring: Ring, reason: string): boolean {
    const call = ring.places.find((place) => place.call && keptOf(place.call) > 0)?.call
    if (!call) return false
    this.#count(ring, -keptOf(call))
    call.requestBody = unkeep(call.requestBody, reason)
    call.responseBody = unkeep(call.responseBody, reason)
    return true
  }

  /** Lets go of the calls of environments whose retirement is due. */
  #carryOutRetirements(): void {
    if (this.#retiring.size === 0) return
    const now = this.#now()
    for (const [environmentId, atMs] of this.#retiring) {
      if (atMs > now) continue
      const ring = this.#rings.get(environmentId)
      if (ring) {
        for (const place of ring.places) this.#byId.delete(place.id)
        this.#keptBytes -= ring.keptBytes
        this.#rings.delete(environmentId)
      }
      this.#retiring.delete(environmentId)
      this.#retired.add(environmentId)
    }
  }
}

/**
 * What a call holds besides whole bodies kept for download: its texts (one byte a character, as
 * V8 stores ASCII), its body previews and its own objects.
 */
function heldBytesOf(call: RecordedCall): number {
  let bytes = CALL_OVERHEAD_BYTES + call.path.length + call.query.length
  for (const headers of [call.requestHeaders, call.responseHeaders]) {
    for (const name in headers) bytes += name.length + headers[name]!.length
  }
  return bytes + (call.requestBody.head?.byteLength ?? 0) + (call.responseBody.head?.byteLength ?? 0)
}

function keptOf(call: RecordedCall): number {
  return keptBytesOf(call.requestBody) + keptBytesOf(call.responseBody)
}
