/**
 * @module
 * All-or-none through store transactions, never undo code of our own: a unit of work (a whole
 * composite, one graph, one collections record) runs in a transaction or savepoint, and when its
 * outcome says it failed, the transaction rolls back everything it wrote — including what the
 * native routes wrote for it — while the outcome is still answered.
 */
import type { TransactionScope } from '../../store/transaction.js'

/**
 * Runs `work` in a transaction: the store's own (`RecordStore.transactionAsync`, holding its
 * write lock) or a savepoint of the transaction the caller already runs in.
 */
export type Transact = <R>(work: (scope: TransactionScope) => Promise<R>) => Promise<R>

/** Savepoints of `scope`: a unit that fails undoes only its own writes. */
export function savepointOf(scope: TransactionScope): Transact {
  return (work) => scope.savepoint(() => work(scope))
}

/** Carries the outcome of a unit out of the transaction it rolls back. */
class Undo<R> {
  constructor(readonly outcome: R) {}
}

/**
 * Runs `work` in `transact` and keeps its writes when `keep(outcome)` holds; otherwise every
 * write made meanwhile is undone, and the outcome is returned all the same. An exception (a bug)
 * rolls back and propagates.
 */
export async function undoUnless<R>(
  transact: Transact,
  work: (scope: TransactionScope) => Promise<R>,
  keep: (outcome: R) => boolean,
): Promise<R> {
  try {
    return await transact(async (scope) => {
      const outcome = await work(scope)
      if (!keep(outcome)) throw new Undo(outcome)
      return outcome
    })
  } catch (error) {
    if (error instanceof Undo) return error.outcome as R
    throw error
  }
}
