/**
 * `npm run fuzz`: random and mutated requests to every endpoint of ENDPOINTS
 * (endpoints.ts), each checked against the invariants of fuzz-target.ts, then the heap compared
 * with its baseline. `npm test` runs a short seeded pass (FUZZ_RUNS per endpoint, default 20);
 * `npm run fuzz` runs >= 10,000 cases. FUZZ_SEED replays a run; FUZZ_TRANSPORT=http drives the
 * standalone server instead of the in-process app.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from './endpoints.js'
import { requestOf } from './fuzz-request.js'
import { createFuzzTarget, invariantBroken } from './fuzz-target.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SEED = Number(process.env.FUZZ_SEED ?? 15)
/** Heap growth tolerated after a whole run, once the mock is reset and garbage collected. */
const HEAP_SLACK_BYTES = 48 * 1024 * 1024

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapUsed(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

describe('fuzz: every endpoint keeps the invariants', () => {
  let baseline = 0
  beforeAll(async () => {
    const warm = await createFuzzTarget()
    await warm.close()
    baseline = heapUsed()
  })

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.surface} ${endpoint.name}`, async () => {
      const target = await createFuzzTarget()
      try {
        await fc.assert(
          fc.asyncProperty(requestOf(endpoint, target), async (request) => {
            const write = request.method !== 'GET'
            const before = write ? await target.state() : ''
            const answer = await target.send(request)
            const broken = invariantBroken(endpoint.surface, answer, request.method)
            if (broken)
              throw new Error(`${request.method} ${request.path}?${request.query.slice(0, 200)}: ${broken}`)
            if (write && answer.status >= 400 && (await target.state()) !== before) {
              throw new Error(
                `${request.method} ${request.path} was refused (${answer.status}) but changed the state`,
              )
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
      } finally {
        await target.close()
      }
    })
  }

  afterAll(() => {
    const growth = heapUsed() - baseline
    expect(growth, `heap grew ${(growth / 1024 / 1024).toFixed(1)} MiB over the run`).toBeLessThan(
      HEAP_SLACK_BYTES,
    )
  })
})
