/**
 * @module
 * Environment lifecycle through the management API. Targets: create (from the seed) + get +
 * delete in-process with 1,000 environments kept >= 500 cycles/s, what a suite that creates an
 * environment per test feels; a create with 10k environments kept <= 2x one with none (it does not
 * grow with what a suite keeps); a cycle <= 25x three plain reads, in-process and over HTTP
 * (`replica-mock serve`, default flags); a filtered `listEnvironments` page at 10k environments
 * < 5 ms and <= 10x the page at 1k; the heap an environment with the CRM app takes, created
 * through the API and running, <= 24 KiB. Figures: cycles with none kept and from a snapshot, a create
 * alone, `mock.seed.environment()`, and a minimal Hono app replaying the same answers with no
 * domain work (what any Hono app pays per cycle here).
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createReplicaMock, defaultFixture, type ReplicaMock } from '../../src/index.js'
import { defineBench } from '../lib/define-bench.js'
import { compareLoop } from '../lib/measure-loop.js'
import { minimalManagementApp } from '../lib/minimal-hono.js'
import { spawnCli } from '../lib/spawn-server.js'
import { budget, type Measurement, toMeasurement } from '../lib/stats.js'

const auth = { authorization: 'Bearer test-member-token' }
const json = { ...auth, 'content-type': 'application/json' }
/** Environments a suite keeps while it creates and deletes others. */
const KEPT = 1_000
const CYCLES_PER_SECOND = 500
const FILTER = '/v1/environments?status=running&label=team=blue&search=web&limit=50'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** KiB of heap per environment created through the API (the CRM app, running), of 500 made at once. */
async function heapPerEnvironment(): Promise<Measurement> {
  const { mock, call } = await roomyMock(0)
  const create = async () =>
    (await ok(await call('/v1/environments', { method: 'POST', headers: json, body: '{"apps":["crm"]}' })))
      .id as string
  await create()
  const count = 500
  gc()
  const before = process.memoryUsage().heapUsed
  const ids: string[] = []
  for (let i = 0; i < count; i++) ids.push(await create())
  // a read applies the due start: each is running, its app's data opened
  for (const id of ids) await ok(await call(`/v1/environments/${id}`, { headers: auth }))
  gc()
  const perEnvironment = (process.memoryUsage().heapUsed - before) / count / 1024
  if ((await mock.environments.get(ids[0]!))?.status !== 'running') throw new Error('Failed: not running')
  return toMeasurement('heap per environment with the CRM app, running', 'KiB', [perEnvironment])
}

async function ok(response: Response): Promise<any> {
  if (!response.ok) throw new Error(`Failed: ${response.status} ${await response.text()}`)
  return response.json()
}

type Call = (path: string, init?: RequestInit) => Promise<Response>

/** One create (from `body`: the seed by default) + get + delete against `call(path, init)`. */
function cycle(call: Call, body = '{"apps":["crm"]}') {
  return async () => {
    const created = await ok(await call('/v1/environments', { method: 'POST', headers: json, body }))
    await ok(await call(`/v1/environments/${created.id}`, { headers: auth }))
    await ok(await call(`/v1/environments/${created.id}`, { method: 'DELETE', headers: auth }))
  }
}

/** One create from the seed alone. */
function createOnly(call: Call) {
  return async () => {
    await ok(await call('/v1/environments', { method: 'POST', headers: json, body: '{"apps":["crm"]}' }))
  }
}

/** `call` of a minimal Hono app answering what the replica answered to one cycle and a read. */
async function minimalCall(call: Call): Promise<Call> {
  const created = await ok(
    await call('/v1/environments', { method: 'POST', headers: json, body: '{"apps":["crm"]}' }),
  )
  const environment = await ok(await call(`/v1/environments/${created.id}`, { headers: auth }))
  const deleted = await ok(await call(`/v1/environments/${created.id}`, { method: 'DELETE', headers: auth }))
  const workspace = await ok(await call('/v1/workspaces/ws_default', { headers: auth }))
  const app = minimalManagementApp({ created, environment, deleted, workspace })
  return async (path, init) => app.fetch(new Request(`https://api.replica.test${path}`, init))
}

/** A ready snapshot of an environment created from the seed. */
async function readySnapshot(call: Call): Promise<string> {
  const source = await ok(
    await call('/v1/environments', { method: 'POST', headers: json, body: '{"apps":["crm"]}' }),
  )
  await ok(await call(`/v1/environments/${source.id}`, { headers: auth }))
  const snapshot = await ok(
    await call('/v1/snapshots', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ environmentId: source.id }),
    }),
  )
  const ready = await ok(await call(`/v1/snapshots/${snapshot.id}`, { headers: auth }))
  if (ready.status !== 'ready') throw new Error(`Failed to make a snapshot: it is ${ready.status}`)
  return snapshot.id
}

function threeReads(call: Call) {
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

/** A mock whose organization may hold a million environments, holding `kept` running ones, and its `fetch`. */
async function roomyMock(kept: number): Promise<{ mock: ReplicaMock; call: Call }> {
  const mock = createReplicaMock({
    fixture: { ...defaultFixture, limits: { ...defaultFixture.limits, concurrentEnvironments: 1_000_000 } },
  })
  await mock.ready()
  for (let i = 0; i < kept; i++) await mock.seed.environment({ status: 'running' })
  return { mock, call: (path, init) => mock.fetch(new Request(`https://api.replica.test${path}`, init)) }
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
  )
}

export default defineBench({
  description: 'environment create/get/delete cycles (in-process, HTTP); filtered listEnvironments at 1k/10k',
  async run() {
    const replica = createReplicaMock()
    await replica.ready()
    const local = (path: string, init?: RequestInit) =>
      replica.fetch(new Request(`https://api.replica.test${path}`, init))
    const snapshotId = await readySnapshot(local)
    const minimal = await minimalCall(local)
    const kept = (await roomyMock(KEPT)).call
    const [keptCycles, readsLocal, cyclesLocal, fromSnapshotLocal, minimalReads, minimalCycles] =
      await compareLoop(
        [
          {
            label: `in-process: create from the seed + get + delete, ${KEPT.toLocaleString('en-US')} environments kept`,
            fn: cycle(kept),
          },
          { label: 'in-process: 3 reads', fn: threeReads(local) },
          { label: 'in-process: create from the seed + get + delete', fn: cycle(local) },
          {
            label: 'in-process: create from a snapshot + get + delete',
            fn: cycle(local, JSON.stringify({ snapshotId })),
          },
          { label: 'minimal Hono app, the same answers, no domain work: 3 reads', fn: threeReads(minimal) },
          {
            label: 'minimal Hono app, the same answers, no domain work: create + get + delete',
            fn: cycle(minimal),
          },
        ],
        { iterations: 300 },
      )

    // creates alone pile up running environments: mocks whose organization may hold them all,
    // one of them already holding 10k (a create must not cost more as environments pile up)
    const roomy = await roomyMock(0)
    const roomyCall = roomy.call
    const crowdedCall = (await roomyMock(10_000)).call
    const [createsLocal, createsCrowded, minimalCreates, seededCreates] = await compareLoop(
      [
        { label: 'in-process: create from the seed alone', fn: createOnly(roomyCall) },
        {
          label: 'in-process: create from the seed alone, 10k environments kept',
          fn: createOnly(crowdedCall),
        },
        { label: 'minimal Hono app, the same answer, no domain work: create alone', fn: createOnly(minimal) },
        // a third reading of "creating an environment in-process": the seed API tests call directly
        {
          label: "in-process seed API: mock.seed.environment({ apps: ['crm'] })",
          fn: () => roomy.mock.seed.environment({ apps: ['crm'] }),
        },
      ],
      { iterations: 300 },
    )

    const server = await spawnCli([])
    let readsHttp: Measurement
    let cyclesHttp: Measurement
    try {
      const remote = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init)
      ;[readsHttp, cyclesHttp] = (await compareLoop(
        [
          { label: 'replica-mock serve: 3 reads', fn: threeReads(remote) },
          { label: 'replica-mock serve: create + get + delete', fn: cycle(remote) },
        ],
        { iterations: 300 },
      )) as [Measurement, Measurement]
    } finally {
      await server.close()
    }

    const heap = await heapPerEnvironment()
    const page1k = await filteredPage(1_000)
    const page10k = await filteredPage(10_000)
    const perSecond = (m: Measurement, unit = 'cycles/s') =>
      toMeasurement(
        `${m.label} (${unit})`,
        unit,
        m.samples.map((micros) => 1_000_000 / micros),
      )

    return {
      comparisons: [
        {
          label: `in-process environment create+get+delete, ${KEPT.toLocaleString('en-US')} kept (cycles/s vs ${CYCLES_PER_SECOND}/s)`,
          subject: perSecond(keptCycles!),
          baseline: budget(CYCLES_PER_SECOND, 'cycles/s'),
          target: { atLeast: 1 },
        },
        {
          label: 'in-process create alone: 10k environments kept vs none (time)',
          subject: createsCrowded!,
          baseline: createsLocal!,
          target: { atMost: 2 },
        },
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
        {
          label: 'filtered page at 10k environments (ms vs 5 ms)',
          subject: page10k,
          baseline: budget(5, 'ms/page'),
          target: { atMost: 1 },
        },
        {
          label: 'heap per environment (KiB vs 24 KiB)',
          subject: heap,
          baseline: budget(24, 'KiB'),
          target: { atMost: 1 },
        },
      ],
      figures: [
        perSecond(cyclesLocal!),
        perSecond(fromSnapshotLocal!),
        perSecond(createsLocal!, 'creates/s'),
        perSecond(minimalCycles!),
        perSecond(minimalCreates!, 'creates/s'),
        perSecond(seededCreates!, 'creates/s'),
        minimalReads!,
        perSecond(cyclesHttp),
        page1k,
      ],
    }
  },
})
