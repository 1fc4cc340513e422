import { expect, it } from 'vitest'
import { QueryBudget } from './query-budget.js'

function clock() {
  let now = 0
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

const timeout = { code: 'QUERY_TIMEOUT', message: 'Your query request was running for too long.' }

it('allows exactly maxRows rows and fails with QUERY_TIMEOUT on the next one', () => {
  const budget = new QueryBudget({ maxRows: 10, timeoutMs: 0 })
  budget.spend(9)
  budget.spend()
  expect(() => budget.spend()).toThrow(expect.objectContaining(timeout))
})

it('fails once past the time bound, looking at the clock every 256 rows', () => {
  const time = clock()
  const budget = new QueryBudget({ maxRows: 1e9, timeoutMs: 100 }, time.now)
  budget.spend(255)
  time.advance(101)
  budget.spend(0) // not yet looked at
  expect(() => budget.spend()).toThrow(expect.objectContaining(timeout))
})

it('never times out a query that visited fewer than 256 rows, however long it waited', () => {
  const time = clock()
  const budget = new QueryBudget({ maxRows: 1e9, timeoutMs: 100 }, time.now)
  budget.spend(10)
  time.advance(10_000)
  expect(() => budget.check()).not.toThrow()
  expect(() => budget.spend(300)).toThrow(expect.objectContaining(timeout))
})

it('has no time bound with timeoutMs 0', () => {
  const time = clock()
  const budget = new QueryBudget({ maxRows: 1e9, timeoutMs: 0 }, time.now)
  time.advance(1e9)
  budget.spend(100_000)
  expect(() => budget.check()).not.toThrow()
})

it('looks at the clock on every 1,024th pulse (rows counted already, walked again)', () => {
  const time = clock()
  const budget = new QueryBudget({ maxRows: 1e9, timeoutMs: 100 }, time.now)
  budget.spend(1000)
  time.advance(101)
  for (let i = 0; i < 1023; i++) budget.pulse()
  expect(() => budget.pulse()).toThrow(expect.objectContaining(timeout))
})

it('counts the time the query works, not the time the process waits (a busy machine)', () => {
  // blocks the thread for 150 ms without using the CPU, as a process kept off its core does
  const idle = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
  const waited = new QueryBudget({ maxRows: 1e9, timeoutMs: 100 })
  waited.spend(10)
  idle(150)
  expect(() => waited.spend(300)).not.toThrow()
  const worked = new QueryBudget({ maxRows: 1e9, timeoutMs: 100 })
  worked.spend(10)
  const started = performance.now()
  while (performance.now() - started < 150) {
    // the query's own work
  }
  expect(() => worked.spend(300)).toThrow(expect.objectContaining(timeout))
})
