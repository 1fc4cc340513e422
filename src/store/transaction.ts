/**
 * @module
 * The one transaction API of every store: the management collections (`StoreCollection`, run
 * by `Store.transaction` and `runOperation`) and each CRM app's record store use it, so composite
 * `allOrNone`, graphs and bulk jobs roll back through it, never through undo code of their own.
 *
 * Writes apply in place, so reads inside a transaction see its own writes; every write records
 * the step that undoes it (`onRollback`), and a rollback runs those steps newest first. Steps
 * never record themselves (anything recorded while rolling back is ignored). Transactions nest:
 * an inner one is a savepoint — if it fails, only its own writes are undone and the outer one
 * may go on; if it succeeds, its steps join the outer one (a later outer failure undoes them).
 * `onCommit` hooks run once the outermost transaction has succeeded.
 *
 * Two forms over one log:
 * - sync, `run(work)`: what every REST write uses (`RecordStore.transaction`). Its undo steps
 *   must be synchronous.
 * - async, `runAsync(work)`: for work that awaits between writes (a composite's subrequests, a
 *   bulk job's chunks, management operations, whose @msw/data writes are async). It gives no
 *   exclusion by itself: pair it with a `WriteLock` (see `write-lock.ts` and
 *   `runExclusive`), or another writer's steps would land in this log and be undone with it.
 *
 * Each store owns one log: a management rollback never touches records, and a record write
 * never waits for the management store.
 */
import type { WriteLock } from './write-lock.js'

/** Undoes one write. The sync form needs synchronous steps; the async form awaits each. */
export type UndoStep = () => void | Promise<void>

/** Runs once the outermost transaction succeeded (release state that lives outside the store). */
export type CommitHook = () => void

/** Where a transaction or savepoint began: what committing or rolling it back closes. */
interface Savepoint {
  readonly steps: number
  readonly hooks: number
  readonly depth: number
}

/** What async work inside a transaction sees: record undo steps and commit hooks, open savepoints. */
export interface TransactionScope {
  /** Records how to undo a write made just now (ignored outside a transaction and while rolling back). */
  onRollback(step: UndoStep): void
  /** Runs `hook` once the outermost transaction commits (now, outside a transaction). */
  onCommit(hook: CommitHook): void
  /** Runs `work` as a nested transaction: if it throws, only its writes are undone, and it rethrows. */
  savepoint<R>(work: () => Promise<R> | R): Promise<R>
}

export class TransactionLog implements TransactionScope {
  #steps: UndoStep[] = []
  #hooks: CommitHook[] = []
  #depth = 0
  #undoing = false
  #fixes = new Set<() => void>()

  /** True while a transaction is open (also while it awaits, in the async form). */
  get active(): boolean {
    return this.#depth > 0
  }

  onRollback(step: UndoStep): void {
    if (this.#depth > 0 && !this.#undoing) this.#steps.push(step)
  }

  onCommit(hook: CommitHook): void {
    if (this.#depth > 0) this.#hooks.push(hook)
    else hook()
  }

  /**
   * For an undo step whose effect needs a fix-up once the whole rollback is over (e.g. re-sorting
   * a table several steps appended to): `fix` runs once after the last step, however many steps
   * ask for it. Outside a rollback it runs now.
   */
  afterRollback(fix: () => void): void {
    if (this.#undoing) this.#fixes.add(fix)
    else fix()
  }

  /**
   * Runs `work` synchronously in a transaction (a savepoint when one is open): commits if it
   * returns, undoes its writes and rethrows if it throws.
   */
  run<R>(work: () => R): R {
    const savepoint = this.#begin()
    try {
      const result = work()
      if (isThenable(result)) {
        throw new TypeError('[replica-mock] Failed to run a transaction: work must be synchronous')
      }
      this.#commit(savepoint)
      return result
    } catch (error) {
      this.#undoTo(savepoint.steps, savepoint.hooks, savepoint.depth)
      throw error
    }
  }

  /** `run` for async work: awaits it, then commits, or undoes its writes (awaiting each step) and rethrows. */
  async runAsync<R>(work: () => Promise<R> | R): Promise<R> {
    const savepoint = this.#begin()
    try {
      const result = await work()
      this.#commit(savepoint)
      return result
    } catch (error) {
      this.#check(savepoint, 'roll back')
      const steps = this.#steps
      this.#undoing = true
      try {
        while (steps.length > savepoint.steps) await steps.pop()!()
        this.#runFixes()
      } finally {
        this.#close(savepoint.steps, savepoint.hooks, savepoint.depth)
      }
      throw error
    }
  }

  savepoint<R>(work: () => Promise<R> | R): Promise<R> {
    return this.runAsync(work)
  }

  /** Opens a transaction, or a savepoint inside the open one. */
  #begin(): Savepoint {
    return { steps: this.#steps.length, hooks: this.#hooks.length, depth: ++this.#depth }
  }

  /**
   * Closes `savepoint` keeping its writes. At the outermost level the commit hooks run (in the
   * order they were added) and the log empties; a hook that throws leaves the transaction open
   * for the caller to roll back.
   */
  #commit(savepoint: Savepoint): void {
    this.#check(savepoint, 'commit')
    if (savepoint.depth > 1) {
      this.#depth--
      return
    }
    for (const hook of this.#hooks) hook()
    this.#close(0, 0, 1)
  }

  #undoTo(stepMark: number, hookMark: number, depth: number): void {
    const steps = this.#steps
    this.#undoing = true
    try {
      while (steps.length > stepMark) {
        if (isThenable(steps.pop()!())) {
          throw new TypeError('[replica-mock] Failed to roll back: an undo step is async (use rollbackAsync)')
        }
      }
      this.#runFixes()
    } finally {
      this.#close(stepMark, hookMark, depth)
    }
  }

  #runFixes(): void {
    if (this.#fixes.size === 0) return
    const fixes = [...this.#fixes]
    this.#fixes.clear()
    for (const fix of fixes) fix()
  }

  /** Drops steps and hooks past the marks and leaves the savepoint at `depth`. */
  #close(stepMark: number, hookMark: number, depth: number): void {
    this.#steps.length = stepMark
    this.#hooks.length = hookMark
    this.#depth = depth - 1
    this.#undoing = false
    if (this.#fixes.size > 0) this.#fixes.clear()
  }

  #check(savepoint: Savepoint, verb: string): void {
    if (savepoint.depth !== this.#depth) {
      throw new TypeError(
        `[replica-mock] Failed to ${verb} a transaction: it is not the innermost open one (savepoints close innermost first)`,
      )
    }
  }
}

/**
 * Runs async `work` in a transaction of `log` while holding `lock`: it starts once every earlier
 * holder has finished, and no other `runExclusive` on the same lock starts before it settles.
 * Writers that do not take the lock must wait for `lock.whenFree()` first (see `write-lock.ts`).
 */
export function runExclusive<R>(
  lock: WriteLock,
  log: TransactionLog,
  work: (scope: TransactionScope) => Promise<R> | R,
): Promise<R> {
  return lock.run(() => log.runAsync(() => work(log)))
}

function isThenable(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  )
}
