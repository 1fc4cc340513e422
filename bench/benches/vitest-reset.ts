/**
 * @module
 * Issue 6: the isolation cost of the Vitest plugin — the reset it runs before every test
 * (`mock.reset()`: back to the fixture, releasing every environment's data) with 10k records
 * seeded in an environment's CRM app. Target: < 1 ms, i.e. <= 1x a fixed 1 ms budget. The reset
 * of an untouched mock is printed beside it for context.
 */
import { createReplicaMock } from '../../src/index.js'
import { defineBench } from '../lib/define-bench.js'
import { settings } from '../lib/settings.js'
import { type Measurement, median, toMeasurement } from '../lib/stats.js'

const RECORDS = 10_000

export default defineBench({
  description: `reset before each test with ${RECORDS.toLocaleString('en-US')} records seeded vs a 1 ms budget`,
  async run() {
    const mock = createReplicaMock({ clock: 'manual' })
    await mock.ready()
    const accounts = Array.from({ length: RECORDS }, (_, i) => ({ Name: `Account ${i}` }))
    const resetsPerRound = Math.max(3, Math.round(10 * settings.scale))

    // every reset is timed right after a fresh seeding (untimed), like a test that loaded 10k records
    const seeded: number[] = []
    const empty: number[] = []
    await timeReset(mock, accounts) // warm-up
    for (let round = 0; round < settings.rounds; round++) {
      const times: number[] = []
      for (let i = 0; i < resetsPerRound; i++) times.push(await timeReset(mock, accounts))
      seeded.push(median(times))
      const emptyTimes: number[] = []
      for (let i = 0; i < resetsPerRound * 10; i++) emptyTimes.push(await timeReset(mock, undefined))
      empty.push(median(emptyTimes))
    }
    const budget: Measurement = { label: 'budget', unit: 'ms', value: 1, samples: [1] }
    return {
      comparisons: [
        {
          label: `reset with ${RECORDS.toLocaleString('en-US')} records seeded (time/reset)`,
          subject: toMeasurement(`reset, ${RECORDS} records seeded`, 'ms', seeded),
          baseline: budget,
          target: { atMost: 1 },
        },
      ],
      figures: [toMeasurement('reset of an untouched mock', 'ms', empty)],
    }
  },
})

async function timeReset(
  mock: ReturnType<typeof createReplicaMock>,
  accounts: { Name: string }[] | undefined,
): Promise<number> {
  if (accounts) {
    const environment = await mock.seed.environment({ name: 'bench' })
    mock.records(environment.id).insert('Account', accounts)
  }
  const started = performance.now()
  await mock.reset()
  return performance.now() - started
}
