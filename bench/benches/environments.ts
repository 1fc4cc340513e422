/**
 * @module
 * Issue 3: environment create + get + delete cycles, in-process and over HTTP (each against three
 * plain reads as the baseline: the same number of calls without writes; the issue sets no target,
 * the 25x bound is our own guard against a regression), and a filtered
 * `listEnvironments` page at 1k and 10k environments (target: < 5 ms at 10k, one pass per page;
 * the 10k/1k ratio shows how it grows).
 */
import { createReplicaMock, type ReplicaMock } from '../../src/index.js'
import { defineBench } from '../lib/define-bench.js'
import { compareLoop } from '../lib/measure-loop.js'
import { spawnServer } from '../lib/spawn-server.js'
import { type Measurement, toMeasurement } from '../lib/stats.js'

const auth = { authorization: 'Bearer test-member-token' }
const json = { ...auth, 'content-type': 'application/json' }
const FILTER = '/v1/environments?status=running&label=team=blue&search=web&limit=50'

async function ok(response: Response): Promise<any> {
  if (!response.ok) throw new Error(`Failed: ${response.status} ${await response.text()}`)
  return response.json()
}

/** One create + get + delete against `call(path, init)`. */
function cycle(call: (path: string, init?: RequestInit) => Promise<Response>) {
  return async () => {
    const created = await ok(
      await call('/v1/environments', { method: 'POST', headers: json, body: '{"apps":["crm"]}' }),
    )
    await ok(await call(`/v1/environments/${created.id}`, { headers: auth }))
    await ok(await call(`/v1/environments/${created.id}`, { method: 'DELETE', headers: auth }))
  }
}

function threeReads(call: (path: string, init?: RequestInit) => Promise<Response>) {
  return async () => {
    for (let i = 0; i < 3; i++) await ok(await call('/v1/workspaces/ws_default', { headers: auth }))
  }
}

async function seeded(count: number): Promise<ReplicaMock> {
  const replica = createReplicaMock({ clock: 'manual' })
  await replica.ready()
  for (let i = 0; i < count; i++) {
    // 1 in 20 matches every filter, spread through the whole list
    const match = i % 20 === 0
    await replica.seed.environment({
      status: match || i % 3 === 0 ? 'running' : 'paused',
      name: match ? `web-${i}` : `svc-${i}`,
      labels: { team: match || i % 2 === 0 ? 'blue' : 'red' },
    })
  }
  return replica
}

async function filteredPage(count: number): Promise<Measurement> {
  const replica = await seeded(count)
  const call = () =>
    replica.fetch(new Request(`https://api.replica.test${FILTER}`, { headers: auth })).then(ok)
  const first = await call()
  if (first.data.length !== 50) throw new Error(`Expected a full page, got ${first.data.length}`)
  const [measured] = await compareLoop([{ label: `filtered page at ${count} environments`, fn: call }], {
    iterations: 200,
  })
  return toMeasurement(
    measured!.label,
    'ms/page',
    measured!.samples.map((micros) => micros / 1000),
    {
      note: count === 10_000 ? 'target < 5 ms' : undefined,
    },
  )
}

export default defineBench({
  description: 'environment create/get/delete cycles (in-process, HTTP); filtered listEnvironments at 1k/10k',
  async run() {
    const replica = createReplicaMock()
    await replica.ready()
    const local = (path: string, init?: RequestInit) =>
      replica.fetch(new Request(`https://api.replica.test${path}`, init))
    const [readsLocal, cyclesLocal] = await compareLoop(
      [
        { label: 'in-process: 3 reads', fn: threeReads(local) },
        { label: 'in-process: create + get + delete', fn: cycle(local) },
      ],
      { iterations: 300 },
    )

    const server = await spawnServer('replica')
    let readsHttp: Measurement
    let cyclesHttp: Measurement
    try {
      const remote = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init)
      ;[readsHttp, cyclesHttp] = (await compareLoop(
        [
          { label: 'HTTP: 3 reads', fn: threeReads(remote) },
          { label: 'HTTP: create + get + delete', fn: cycle(remote) },
        ],
        { iterations: 300 },
      )) as [Measurement, Measurement]
    } finally {
      await server.close()
    }

    const page1k = await filteredPage(1_000)
    const page10k = await filteredPage(10_000)
    const perSecond = (m: Measurement) =>
      toMeasurement(
        `${m.label} (cycles/s)`,
        'cycles/s',
        m.samples.map((micros) => 1_000_000 / micros),
      )

    return {
      comparisons: [
        {
          label: 'in-process cycle vs 3 reads (time)',
          subject: cyclesLocal!,
          baseline: readsLocal!,
          target: { atMost: 25 },
        },
        {
          label: 'HTTP cycle vs 3 reads (time)',
          subject: cyclesHttp,
          baseline: readsHttp,
          target: { atMost: 25 },
        },
        {
          label: 'filtered page: 10k vs 1k environments (time)',
          subject: page10k,
          baseline: page1k,
          target: { atMost: 10 },
        },
      ],
      figures: [perSecond(cyclesLocal!), perSecond(cyclesHttp), page1k, page10k],
    }
  },
})
