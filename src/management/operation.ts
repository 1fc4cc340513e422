/**
 * @module
 * How every environment, snapshot, credentials and audit operation runs: in one store
 * transaction that first applies the lifecycle transitions that are due ("evaluated on read"),
 * then does the work. If the work throws, the store rolls back, and so do the pieces of state
 * that live outside the store (due entries, environment data) through `onRollback` steps.
 */
import type { Caller } from './auth.js'
import type { ManagementContext } from './context.js'
import { settle } from './lifecycle.js'

/** Who makes a management call, and the id of that call (echoed in audit events). */
export interface Call {
  caller: Caller
  requestId: string
}

/** Hooks for state outside the store, within one `runOperation`. */
export interface Transaction {
  /** Runs if the operation fails, newest first, before the store rolls back. */
  onRollback(step: () => void): void
  /** Runs once the work has succeeded, still inside the transaction. */
  onCommit(step: () => void): void
}

export function runOperation<R>(
  ctx: ManagementContext,
  work: (tx: Transaction) => Promise<R> | R,
): Promise<R> {
  return ctx.store.transaction(async () => {
    const rollbacks: Array<() => void> = []
    const commits: Array<() => void> = []
    const tx: Transaction = {
      onRollback: (step) => rollbacks.push(step),
      onCommit: (step) => commits.push(step),
    }
    try {
      await settle(ctx, tx)
      const result = await work(tx)
      for (const step of commits) step()
      return result
    } catch (error) {
      for (let i = rollbacks.length - 1; i >= 0; i--) rollbacks[i]!()
      throw error
    }
  })
}
