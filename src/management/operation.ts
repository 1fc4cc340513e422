/**
 * @module
 * How every environment, snapshot, credentials and audit operation runs: in one store
 * transaction that first applies the lifecycle transitions that are due ("evaluated on read"),
 * then does the work. If the work throws, the store rolls back, and so do the pieces of state
 * that live outside the store (due entries, environment data) through `onRollback` steps.
 */
import type { ManagementContext, Transaction } from './context.js'
import { settle } from './lifecycle.js'

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
