/**
 * @module
 * How much work one query may do before it fails with `QUERY_TIMEOUT`, as Salesforce stops a
 * query that runs too long. The engine is synchronous: a query holds the event loop (every other
 * request of the server waits) until it ends, so each is bounded in rows visited (deterministic)
 * and in time (checked every few hundred rows).
 * @note The time is the process's CPU time, not the wall clock: a query is bounded by the work it
 * does, and does not fail because other processes kept the machine's cores busy meanwhile (a busy
 * CI machine made the wall clock run several times faster than the query's own work; decision
 * 0068). The clock is looked at only once a query has visited `CHECK_EVERY` rows: a small query
 * takes well under a millisecond, and must not fail because the process was collecting garbage.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/asynch_api_bulk_query_processing.htm
 */
import { ReplicaError } from '../errors.js'

export interface QueryBudgetOptions {
  /** Rows one query may visit: scanned, looked up, sorted and rendered, sub-selects included. */
  maxRows: number
  /** Milliseconds of the process's CPU time one query may take; 0 = no time bound. */
  timeoutMs: number
}

/** The process's CPU time in milliseconds: what its own work took, whatever else ran meanwhile. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** Rows between two looks at the clock. */
const CHECK_EVERY = 256

/** Calls of `pulse` between two looks at the clock, less one (a mask). */
const PULSES_BETWEEN_LOOKS = 1023

export class QueryBudget {
  #rows = 0
  #nextCheck = CHECK_EVERY
  #pulses = 0
  readonly #deadline: number

  constructor(
    readonly options: QueryBudgetOptions,
    readonly now: () => number = cpuMs,
  ) {
    this.#deadline = options.timeoutMs > 0 ? now() + options.timeoutMs : Number.POSITIVE_INFINITY
  }

  /** Counts `rows` more rows visited; throws `QUERY_TIMEOUT` once past either bound. */
  spend(rows = 1): void {
    this.#rows += rows
    if (this.#rows > this.options.maxRows) throw queryTimeout()
    if (this.#rows >= this.#nextCheck) {
      this.#nextCheck = this.#rows + CHECK_EVERY
      if (this.now() > this.#deadline) throw queryTimeout()
    }
  }

  /**
   * Looks at the clock every 1,024 calls: for a loop over rows `spend` has counted already (sort
   * keys, grouping, aggregates), which must not count them twice but may not run unwatched.
   */
  pulse(): void {
    if ((++this.#pulses & PULSES_BETWEEN_LOOKS) === 0) this.check()
  }

  /** Looks at the clock now (after a step that cannot count rows as it goes, like a sort). */
  check(): void {
    if (this.#rows >= CHECK_EVERY && this.now() > this.#deadline) throw queryTimeout()
  }
}

/** A budget that never runs out (in-process reads through `mock.records(...).query`). */
export const UNBOUNDED: QueryBudgetOptions = { maxRows: Number.POSITIVE_INFINITY, timeoutMs: 0 }

export function queryTimeout(): ReplicaError {
  return new ReplicaError('QUERY_TIMEOUT', 'Your query request was running for too long.')
}
