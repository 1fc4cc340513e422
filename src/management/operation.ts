/**
 * @module
 * How every environment, snapshot, credentials and audit operation runs: in one store
 * transaction that first applies the lifecycle transitions that are due ("evaluated on read"),
 * then does the work. If the work throws, the store's transaction log undoes everything, newest
 * first: the store's own writes and the pieces of state that live outside the store (due
 * entries, environment data), which the work records there as `tx.onRollback` steps.
 */
import type { ManagementContext, Transaction } from './context.js'
import { settle } from './lifecycle.js'

export function runOperation<R>(
  ctx: ManagementContext,
  work: (tx: Transaction) => Promise<R> | R,
): Promise<R> {
  return ctx.store.transaction(async (tx) => {
    await settle(ctx, tx)
    return work(tx)
  })
}
