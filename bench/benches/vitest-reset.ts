/**
 * @module
 * Issues 6 and 13: per-test isolation with the Vitest plugin, which resets the mock before every
 * test. Target (issue 13): getting back to the start costs < 0.1 ms when the start holds 10k, or
 * 100k, records and the test touched a few (reset costs O(what changed), not O(fixture)).
 * @note A fixture cannot hold an environment's records yet, and `reset()` goes back to the fixture:
 * a start with records is restored today with `reset()` + `importState(start)`, which is what is
 * timed (`backToStart`). Once a fixture or a marked start can carry records, time `reset()` alone.
 * A figure beside it: `reset()` after a test that seeded 10k records itself (issue 6's case).
 */
import { createReplicaMock, type ReplicaMock } from '../../src/index.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { settings } from '../lib/settings.js'
import { budget, median, toMeasurement } from '../lib/stats.js'

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
  const start = mock.exportState()
  return { mock, environmentId: environment.id, ids, start }
}

/** What a test does: update two records, create one. */
function touchAFew(mock: ReplicaMock, environmentId: string, ids: string[]): void {
  const records = mock.records(environmentId)
  records.update('Account', ids[0]!, { Name: 'Touched 1' })
  records.update('Account', ids[ids.length >> 1]!, { Name: 'Touched 2' })
  records.create('Account', { Name: 'Created by the test' })
}

async function backToStart(mock: ReplicaMock, start: ReturnType<ReplicaMock['exportState']>): Promise<void> {
  await mock.reset()
  await mock.importState(start)
}

/** Median ms of `reset` run right after `prepare` (untimed), over rounds of `perRound` each. */
async function timeAfter(
  perRound: number,
  prepare: () => unknown,
  reset: () => Promise<void>,
): Promise<number[]> {
  const time = async () => {
    await prepare()
    const started = performance.now()
    await reset()
    return performance.now() - started
  }
  await time() // warm-up
  const rounds: number[] = []
  for (let round = 0; round < settings.rounds; round++) {
    const times: number[] = []
    for (let i = 0; i < perRound; i++) times.push(await time())
    rounds.push(median(times))
  }
  return rounds
}

export default defineBench({
  description: 'back to a start holding 10k / 100k records after a test touched a few, vs 0.1 ms',
  async run() {
    const perRound = Math.max(3, Math.round(5 * settings.scale))
    const comparisons: Comparison[] = []
    for (const size of SIZES) {
      const { mock, environmentId, ids, start } = await startWith(size)
      const samples = await timeAfter(
        perRound,
        () => touchAFew(mock, environmentId, ids),
        () => backToStart(mock, start),
      )
      comparisons.push({
        label: `back to a start of ${size.toLocaleString('en-US')} records after touching 3 (ms vs 0.1 ms)`,
        subject: toMeasurement(
          `reset() + importState(start), ${size.toLocaleString('en-US')} records`,
          'ms',
          samples,
        ),
        baseline: budget(0.1, 'ms'),
        target: { atMost: 1 },
      })
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
    return {
      comparisons,
      figures: [
        toMeasurement(
          `reset() after a test seeded ${SEEDED_BY_TEST.toLocaleString('en-US')} records`,
          'ms',
          seeded,
        ),
      ],
    }
  },
})
