/**
 * @module
 * Issues 6 and 13: per-test isolation with the Vitest plugin, which resets the mock before every
 * test. Target (issue 13): getting back to the start costs < 0.1 ms when the start holds 10k, or
 * 100k, records and the test touched a few (reset costs O(what changed), not O(fixture)).
 * The start is marked with `markStart()` after seeding, as a suite does once before its tests;
 * `reset()` alone is timed. Beside it: what the test's own three writes cost (the first write to
 * a table after a reset copies that table, `record-baseline.ts`), and `reset()` after a test that
 * seeded 10k records itself (issue 6's case).
 */
import { createReplicaMock, type ReplicaMock } from '../../src/index.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { settings } from '../lib/settings.js'
import { budget, type Measurement, median, toMeasurement } from '../lib/stats.js'

const SIZES = [10_000, 100_000]
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

/** What a test does: update two records, create one. */
function touchAFew(mock: ReplicaMock, environmentId: string, ids: string[]): void {
  const records = mock.records(environmentId)
  records.update('Account', ids[0]!, { Name: 'Touched 1' })
  records.update('Account', ids[ids.length >> 1]!, { Name: 'Touched 2' })
  records.create('Account', { Name: 'Created by the test' })
}

/** Median ms of `reset` run right after `prepare`, and of `prepare`, over rounds of `perRound` each. */
async function timeAfter(
  perRound: number,
  prepare: () => unknown,
  reset: () => Promise<void>,
): Promise<{ reset: number[]; prepare: number[] }> {
  const time = async () => {
    const preparing = performance.now()
    await prepare()
    const started = performance.now()
    await reset()
    return { reset: performance.now() - started, prepare: started - preparing }
  }
  await time() // warm-up
  const rounds = { reset: [] as number[], prepare: [] as number[] }
  for (let round = 0; round < settings.rounds; round++) {
    const times = []
    for (let i = 0; i < perRound; i++) times.push(await time())
    rounds.reset.push(median(times.map((t) => t.reset)))
    rounds.prepare.push(median(times.map((t) => t.prepare)))
  }
  return rounds
}

export default defineBench({
  description: 'reset() to a marked start of 10k / 100k records after a test touched a few, vs 0.1 ms',
  async run() {
    const perRound = Math.max(3, Math.round(5 * settings.scale))
    const comparisons: Comparison[] = []
    const figures: Measurement[] = []
    for (const size of SIZES) {
      const { mock, environmentId, ids } = await startWith(size)
      const samples = await timeAfter(
        perRound,
        () => touchAFew(mock, environmentId, ids),
        () => mock.reset(),
      )
      const records = size.toLocaleString('en-US')
      comparisons.push({
        label: `reset() to a marked start of ${records} records after touching 3 (ms vs 0.1 ms)`,
        subject: toMeasurement(`reset(), start of ${records} records`, 'ms', samples.reset),
        baseline: budget(0.1, 'ms'),
        target: { atMost: 1 },
      })
      figures.push(
        toMeasurement(
          `the test's 3 writes after a reset, ${records} records (first writes layer over the start)`,
          'ms',
          samples.prepare,
        ),
      )
    }

    const mock = createReplicaMock({ clock: 'manual' })
    await mock.ready()
    const batch = accounts(SEEDED_BY_TEST)
    const seeded = await timeAfter(
      perRound * 2,
      async () => {
        const environment = await mock.seed.environment({ name: 'bench' })
        mock.records(environment.id).insert('Account', batch)
      },
      () => mock.reset(),
    )
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
