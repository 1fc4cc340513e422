/**
 * `npm run fuzz`: random and mutated requests to every endpoint of ENDPOINTS
 * (endpoints.ts), each checked against the invariants of fuzz-target.ts, then the heap compared
 * with its baseline. `npm test` runs a short seeded pass (FUZZ_RUNS per endpoint, default 20);
 * `npm run fuzz` runs >= 10,000 cases. FUZZ_SEED replays a run; FUZZ_TRANSPORT=http drives the
 * standalone server instead of the in-process app. A fuzz run (FUZZ_RUNS set) also checks what
 * each request costs the serving process (resource-probe.ts): no request blocks the event loop
 * for more than `MAX_BLOCK_MS`, the resident set never rises more than `RSS_PEAK_SLACK_BYTES`
 * above its start, and after the run it is within `RSS_SLACK_BYTES` of it.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from './endpoints.js'
import { requestOf } from './fuzz-request.js'
import { createFuzzTarget, invariantBroken } from './fuzz-target.js'
import { createResourceProbe, type ResourceProbe } from './resource-probe.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SEED = Number(process.env.FUZZ_SEED ?? 15)
/** Wall-clock and whole-process bounds are checked on a fuzz run only, never in `npm test`. */
const CHECK_COSTS = process.env.FUZZ_RUNS !== undefined
/** Heap growth tolerated after a whole run, once the mock is reset and garbage collected. */
const HEAP_SLACK_BYTES = 48 * 1024 * 1024
/** Longest the event loop may be blocked by one request: the health check still answers. */
const MAX_BLOCK_MS = 100
/**
 * Most the resident set may have grown once the run is over and its garbage collected. The
 * largest input the mock takes by default is one 150 MiB Bulk upload (inflated bytes), held as
 * bytes and as text while it is read: about 300 MiB at once. More than this after the run means
 * memory grows with the number of requests.
 */
const RSS_SLACK_BYTES = 512 * 1024 * 1024
/**
 * Most the resident set may rise above its start at any point of the run. V8 collects lazily, so
 * the peak holds garbage not yet collected as well as the app's data: a loose bound (a run here
 * peaked 670 MiB above its start).
 */
const RSS_PEAK_SLACK_BYTES = 1024 * 1024 * 1024
/** Object.prototype's own properties before the run: a request that adds one polluted it. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).length
const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapUsed(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/**
 * A block over the bound, timed once more after a full collection. Only for a request that
 * changed nothing (a read, or a write refused with the state checked unchanged), so the second
 * send takes the same path: a request that costs that much does so again, while one that met a
 * collection of the fuzz process's own garbage, a cold compile or a wait for a core does not.
 */
async function blockedAgain(probe: ResourceProbe, send: () => Promise<unknown>): Promise<number> {
  gc()
  // the heartbeat ticks again before the request, or the collection's own pause would count
  await new Promise((resolve) => setTimeout(resolve, 20))
  return (await probe.measure(send)).cost.blockedMs
}

describe('fuzz: every endpoint keeps the invariants', () => {
  let baseline = 0
  let rssStart = 0
  let rssPeak = 0
  /** The request that blocked the event loop longest, over the whole run. */
  let worstBlock = { ms: 0, what: 'none' }
  /** The request the resident set grew most across. */
  let worstGrowth = { bytes: 0, what: 'none' }
  const probe = createResourceProbe()
  beforeAll(async () => {
    const warm = await createFuzzTarget()
    await warm.close()
    baseline = heapUsed()
    rssStart = process.memoryUsage.rss()
    rssPeak = rssStart
  })

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.surface} ${endpoint.name}`, async () => {
      const target = await createFuzzTarget()
      let endpointWorst = { ms: 0, what: '' }
      try {
        await fc.assert(
          fc.asyncProperty(requestOf(endpoint, target), async (request) => {
            const write = request.method !== 'GET'
            const before = write ? await target.state() : ''
            const { value: answer, cost } = await probe.measure(() => target.send(request))
            const what = `${endpoint.name}: ${request.method} ${request.path.slice(0, 120)}`
            rssPeak = Math.max(rssPeak, cost.rss)
            if (cost.rssGrowth > worstGrowth.bytes) worstGrowth = { bytes: cost.rssGrowth, what }
            const broken =
              invariantBroken(endpoint.surface, answer, request.method) ??
              (Object.getOwnPropertyNames(Object.prototype).length !== PROTOTYPE_NAMES
                ? 'Object.prototype gained a property'
                : undefined)
            if (broken)
              throw new Error(`${request.method} ${request.path}?${request.query.slice(0, 200)}: ${broken}`)
            if (write && answer.status >= 400 && (await target.state()) !== before) {
              throw new Error(
                `${request.method} ${request.path} was refused (${answer.status}) but changed the state`,
              )
            }
            const blockedMs =
              CHECK_COSTS && cost.blockedMs > MAX_BLOCK_MS && (!write || answer.status >= 400)
                ? Math.min(cost.blockedMs, await blockedAgain(probe, () => target.send(request)))
                : cost.blockedMs
            if (blockedMs > endpointWorst.ms) endpointWorst = { ms: blockedMs, what }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
      } finally {
        await target.close()
      }
      if (endpointWorst.ms > worstBlock.ms) worstBlock = endpointWorst
      if (CHECK_COSTS) {
        expect(
          endpointWorst.ms,
          `the event loop was blocked ${endpointWorst.ms.toFixed(0)} ms by ${endpointWorst.what}`,
        ).toBeLessThanOrEqual(MAX_BLOCK_MS)
      }
    })
  }

  afterAll(() => {
    probe.stop()
    const growth = heapUsed() - baseline
    const rssEnd = process.memoryUsage.rss()
    console.info(
      `fuzz: worst event-loop block ${worstBlock.ms.toFixed(0)} ms (${worstBlock.what}); ` +
        `RSS start ${MiB(rssStart)}, peak ${MiB(rssPeak)}, end ${MiB(rssEnd)}; ` +
        `largest rise in one request ${MiB(worstGrowth.bytes)} (${worstGrowth.what})`,
    )
    expect(growth, `heap grew ${(growth / 1024 / 1024).toFixed(1)} MiB over the run`).toBeLessThan(
      HEAP_SLACK_BYTES,
    )
    if (CHECK_COSTS) {
      const rssGrowth = rssEnd - rssStart
      expect(
        rssGrowth,
        `RSS grew ${MiB(rssGrowth)} over the run (bound ${MiB(RSS_SLACK_BYTES)})`,
      ).toBeLessThan(RSS_SLACK_BYTES)
      expect(
        rssPeak - rssStart,
        `RSS peaked ${MiB(rssPeak - rssStart)} above its start (bound ${MiB(RSS_PEAK_SLACK_BYTES)})`,
      ).toBeLessThan(RSS_PEAK_SLACK_BYTES)
    }
  })
})
