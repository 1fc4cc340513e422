/**
 * @module
 * Per-test isolation as the Vitest plugin does it: `reset()` before every test to a start marked
 * with `markStart()` after seeding. With a start of 100k records and a test that touched 3 of
 * them, `reset()` costs <= 1 ms (O(what changed), not O(start)); the test's first write to that
 * table after a reset copies the table and costs <= 20 ms. Figures: the same at 10k records, the
 * test's next 2 writes, and `reset()` after a test that seeded 10k records itself.
 */
import { createReplicaMock, type ReplicaMock } from '../../src/index.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { settings } from '../lib/settings.js'
import { budget, type Measurement, median, toMeasurement } from '../lib/stats.js'

const SIZES = [10_000, 100_000]
/** The size the targets are set for; the other sizes print figures. */
const TARGET_SIZE = 100_000
const RESET_MS = 1
const FIRST_WRITE_MS = 20
const SEEDED_BY_TEST = 10_000

function accounts(count: number) {
  return Array.from({ length: count }, (_, i) => ({ Name: `Account ${i}`, AccountNumber: `AN-${i}` }))
}

/** A mock whose start holds `count` Accounts in a running environment's CRM app. */
async function startWith(count: number) {
  const mock = createReplicaMock({ clock: 'manual' })
  await mock.ready()
  const environment = await mock.seed.environment({ name: 'bench' })
  const ids = mock.records(environment.id).insert('Account', accounts(count))
  await mock.markStart()
  return { mock, environmentId: environment.id, ids }
}

type TestTimes = {
  /** The test's first write to the table after the reset. */
  firstWrite: number
  /** Its next 2 writes to the same table. */
  nextWrites: number
  /** `reset()` after the test. */
  reset: number
}

/** What a test does (update two records, create one), then `reset()`, each timed in ms. */
async function oneTest(mock: ReplicaMock, environmentId: string, ids: string[]): Promise<TestTimes> {
  const records = mock.records(environmentId)
  const started = performance.now()
  records.update('Account', ids[0]!, { Name: 'Touched 1' })
  const firstWritten = performance.now()
  records.update('Account', ids[ids.length >> 1]!, { Name: 'Touched 2' })
  records.create('Account', { Name: 'Created by the test' })
  const written = performance.now()
  await mock.reset()
  return {
    firstWrite: firstWritten - started,
    nextWrites: written - firstWritten,
    reset: performance.now() - written,
  }
}

/** Per round, the median of `perRound` calls of `run`, for each of its times. */
async function rounds<K extends string>(
  perRound: number,
  run: () => Promise<Record<K, number>>,
): Promise<Record<K, number[]>> {
  const first = await run() // warm-up
  const keys = Object.keys(first) as K[]
  const result = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>
  for (let round = 0; round < settings.rounds; round++) {
    const times: Record<K, number>[] = []
    for (let i = 0; i < perRound; i++) times.push(await run())
    for (const key of keys) result[key].push(median(times.map((t) => t[key])))
  }
  return result
}

export default defineBench({
  description: `reset() to a marked start of 10k / 100k records after a test touched 3 (<= ${RESET_MS} ms), the test's first write (<= ${FIRST_WRITE_MS} ms)`,
  async run() {
    const perRound = Math.max(3, Math.round(5 * settings.scale))
    const comparisons: Comparison[] = []
    const figures: Measurement[] = []
    for (const size of SIZES) {
      const { mock, environmentId, ids } = await startWith(size)
      const times = await rounds(perRound, () => oneTest(mock, environmentId, ids))
      const records = size.toLocaleString('en-US')
      const reset = toMeasurement(`reset(), start of ${records} records, 3 touched`, 'ms', times.reset)
      const firstWrite = toMeasurement(
        `a test's first write after a reset, ${records}-record table (copies the table)`,
        'ms',
        times.firstWrite,
      )
      const nextWrites = toMeasurement(
        `the test's next 2 writes, ${records}-record table`,
        'ms',
        times.nextWrites,
      )
      if (size !== TARGET_SIZE) {
        figures.push(reset, firstWrite, nextWrites)
        continue
      }
      figures.push(nextWrites)
      comparisons.push(
        {
          label: `reset() to a marked start of ${records} records after a test touched 3 (ms vs ${RESET_MS} ms)`,
          subject: reset,
          baseline: budget(RESET_MS, 'ms'),
          target: { atMost: 1 },
        },
        {
          label: `a test's first write to a ${records}-record table after a reset (ms vs ${FIRST_WRITE_MS} ms)`,
          subject: firstWrite,
          baseline: budget(FIRST_WRITE_MS, 'ms'),
          target: { atMost: 1 },
        },
      )
    }

    const mock = createReplicaMock({ clock: 'manual' })
    await mock.ready()
    const batch = accounts(SEEDED_BY_TEST)
    const seeded = await rounds(perRound * 2, async () => {
      const environment = await mock.seed.environment({ name: 'bench' })
      mock.records(environment.id).insert('Account', batch)
      const started = performance.now()
      await mock.reset()
      return { reset: performance.now() - started }
    })
    figures.push(
      toMeasurement(
        `reset() after a test seeded ${SEEDED_BY_TEST.toLocaleString('en-US')} records`,
        'ms',
        seeded.reset,
      ),
    )
    return { comparisons, figures }
  },
})
