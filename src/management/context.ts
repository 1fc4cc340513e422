/**
 * @module
 * What every management domain function works on. Built once per mock by `createReplicaMock`.
 */
import type { Clock } from '../store/clock.js'
import type { Store } from '../store/store.js'
import type { DueQueue } from './due-queue.js'
import type { EnvironmentData } from './environment-data.js'
import type { FaultQueue } from './faults.js'
import type { KnownSecrets } from '../calls/known-secrets.js'
import type { RecordedCalls } from '../calls/recorded-calls.js'
import type { UsageTally } from '../calls/usage-tally.js'

/** Lifecycle delays in ms on the mock clock (the runtime's current ones; a control call can change them). */
export interface LifecycleDelays {
  startMs: number
  resumeMs: number
  snapshotMs: number
}

export interface ManagementContext {
  store: Store
  clock: Clock
  /** The lifecycle delays in force now. */
  lifecycle(): LifecycleDelays
  /** Origin of app URLs (`{baseUrl}/apps/...`); a standalone server sets it once it listens. */
  baseUrl(): string
  /** Faults queued by tests, consumed by the operations they target. */
  faults: FaultQueue
  /** Each environment app's data, saved into and restored from snapshots. */
  environmentData: EnvironmentData
  /** Pending lifecycle transitions by due time (see `lifecycle.ts`). */
  due: DueQueue
  /** Calls the gateway recorded, per environment. */
  recordedCalls: RecordedCalls
  /** Every token the mock issued or was given: redacted from recorded calls wherever it appears. */
  secrets: KnownSecrets
  /** How long things outlive their use, in ms on the mock clock. */
  retention: {
    /** Recorded calls of a deleted or failed environment. */
    recordedCallsMs: number
    /** An idempotency key's record. */
    idempotencyMs: number
  }
  /** What the run exercised, for the fidelity report; undefined when `fidelity` is off. */
  usage?: UsageTally | undefined
  /**
   * Snapshot data parsed once per stored content record, each app's document frozen: apps opened
   * from a frozen document share the tables they loaded from it, so a snapshot restored many times
   * is checked and loaded once (see `snapshots.ts`).
   */
  parsedSnapshots: WeakMap<object, Record<string, unknown>>
}

/** Hooks for state outside the store, within one `runOperation` (see `operation.ts`). */
export interface Transaction {
  /** Runs if the operation fails, newest first among the store's own undo steps (`store/transaction.ts`). */
  onRollback(step: () => void): void
  /** Runs once the work has succeeded, still inside the transaction. */
  onCommit(step: () => void): void
}
