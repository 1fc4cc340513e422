/**
 * @module
 * One writer at a time across awaits. A store's async transactions (`runExclusive` in
 * `transaction.ts`) hold its lock from start to commit or rollback, so no other writer's steps
 * land in their undo log and a rollback never undoes someone else's write.
 *
 * Synchronous writers (every REST record write) never take the lock: a synchronous write cannot
 * interleave with anything, so all it must avoid is starting while an async holder is between
 * two awaits. Right before its write, with no `await` between the check and the write, it runs
 *
 *     for (let wait = lock.whenFree(); wait; wait = lock.whenFree()) await wait
 *
 * When nobody holds the lock (the ordinary case) `whenFree()` is `undefined` and the loop costs
 * no promise hop. The loop re-checks because another holder may have started by the time the
 * awaiting writer resumes. Work running *inside* the holder (a composite's subrequests, a bulk
 * job's chunks) must skip this wait, or it would wait for itself.
 */

export class WriteLock {
  #tail: Promise<void> = Promise.resolve()
  /** Holders running or waiting. */
  #queued = 0

  /** True while a holder runs or waits. */
  get held(): boolean {
    return this.#queued > 0
  }

  /** Runs `work` once every earlier holder has settled; holds the lock until `work` settles. */
  run<R>(work: () => Promise<R> | R): Promise<R> {
    this.#queued++
    const result = this.#tail.then(work)
    const release = () => {
      this.#queued--
    }
    this.#tail = result.then(release, release)
    return result
  }

  /**
   * `undefined` when nobody holds or waits for the lock; else a promise that settles once every
   * holder queued so far has finished (check again then: a new one may have started).
   */
  whenFree(): Promise<void> | undefined {
    return this.#queued === 0 ? undefined : this.#tail
  }
}
