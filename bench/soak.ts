/**
 * @module
 * `npm run soak`: the standalone server (`replica-mock serve`, a child process) under
 * SOAK_CLIENTS concurrent clients (100) for SOAK_SECONDS (60), mixing management calls (lists,
 * reads, environment and snapshot create/delete cycles) and native ones (SOQL, record
 * create/read/update, describe) over keep-alive HTTP. Prints latency p50/p99, errors (target 0:
 * any 5xx, transport failure or unexpected status) and the server's RSS (target: flat).
 *
 * Two phases, the same mix in both. A warm-up runs until the recorded-call rings of the three
 * long-lived environments are full (`maxRecordedCalls`, 10k each; their kept bodies reach the
 * 32 MiB-per-environment budget before that), bounded by SOAK_WARMUP_SECONDS (120): up to there
 * memory grows by design, to the configured bounds. The measured phase follows, SOAK_SECONDS long;
 * RSS at its start and end, and after an idle pause, is the figure. What may still grow in it is
 * history the service keeps by design and the soak prints: the records the clients create in
 * the long-lived environments, and each deleted environment's and snapshot's record with its
 * audit events (about 15 KiB per create/snapshot/delete cycle).
 * Not part of CI; bounded by SOAK_WARMUP_SECONDS + SOAK_SECONDS and SOAK_MAX_REQUESTS (2,000,000).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 100)
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 120)
const MAX_REQUESTS = Number(process.env.SOAK_MAX_REQUESTS ?? 2_000_000)
/** The server's default `maxRecordedCalls`: a long-lived environment's ring is full at this count. */
const RING_CAPACITY = 10_000
/** RSS growth over the measured phase still called flat (noise of V8's heap sizing). */
const FLAT_RATIO = 1.1
/** Clients that create and delete environments (the fixture allows 10 at once per workspace). */
const LIFECYCLE_CLIENTS = 4
const V = '/services/data/v60.0'

interface Server {
  url: string
  pid: number
  /** Live memory after a GC in the server (heap used + external buffers), MiB. */
  liveMiB(): Promise<number>
  stop(): void
}

async function startServer(): Promise<Server> {
  const cli = fileURLToPath(new URL('../src/server/cli.ts', import.meta.url))
  const probe = fileURLToPath(new URL('./lib/memory-probe.ts', import.meta.url))
  const args = ['--expose-gc', '--import', 'tsx', '--import', probe, cli, 'serve', '--port', '0', '--quiet']
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
  const liveMiB = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => {
        const { heapUsed, external } = (message as { memory: NodeJS.MemoryUsage }).memory
        resolve((heapUsed + external) / MB)
      })
      child.send('memory')
    })
  process.once('exit', () => child.kill('SIGKILL'))
  // read every line, so the server's later output never blocks it
  const lines = createInterface({ input: child.stdout! })
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = line.match(/listening on (http:\/\/\S+)/)
      if (match) resolve(match[1]!)
    })
    lines.once('close', () => reject(new Error('Failed to start the server: it exited before listening')))
  })
  return { url, pid: child.pid!, liveMiB, stop: () => child.kill('SIGTERM') }
}

const MB = 1024 * 1024

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024
}

interface Stats {
  latencies: number[]
  errors: Map<string, number>
  requests: number
  /** Environment create/snapshot/delete cycles and Accounts created (history kept by design). */
  cycles: number
  created: number
}

function freshStats(): Stats {
  return { latencies: [], errors: new Map(), requests: 0, cycles: 0, created: 0 }
}

async function call(
  stats: Stats,
  base: string,
  method: string,
  path: string,
  token: string,
  expected: readonly number[],
  body?: unknown,
): Promise<any> {
  const started = performance.now()
  stats.requests++
  try {
    const response = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    stats.latencies.push(performance.now() - started)
    if (!expected.includes(response.status)) {
      const key = `${method} ${path.replace(/[0-9A-Za-z]{15,}/g, ':id').split('?')[0]} -> ${response.status}`
      stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1)
      return undefined
    }
    return text ? JSON.parse(text) : undefined
  } catch (error) {
    const key = `${method} transport: ${(error as Error).message}`
    stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1)
    return undefined
  }
}

interface App {
  environmentId: string
  url: string
  token: string
}

async function setup(url: string, stats: Stats) {
  const apps: App[] = []
  for (let i = 0; i < 3; i++) {
    const environment = await call(stats, url, 'POST', '/v1/environments', 'test-member-token', [202], {
      apps: ['crm'],
      workspaceId: 'ws_other',
      timeLimitMinutes: 1440,
    })
    const credentials = await call(
      stats,
      url,
      'POST',
      `/v1/environments/${environment.id}/apps/crm/credentials`,
      'test-member-token',
      [200],
      {},
    )
    apps.push({ environmentId: environment.id, url: credentials.url, token: credentials.token })
  }
  return apps
}

async function client(n: number, url: string, apps: App[], stats: Stats, until: () => boolean) {
  const app = apps[n % apps.length]!
  let i = 0
  while (!until() && stats.requests < MAX_REQUESTS) {
    i++
    if (n < LIFECYCLE_CLIENTS) {
      const environment = await call(stats, url, 'POST', '/v1/environments', 'test-api-key', [202], {
        apps: ['crm'],
      })
      if (environment) {
        // cleaned up as a test suite would: what stays is their records as deleted, and audit events
        const snapshot = await call(stats, url, 'POST', '/v1/snapshots', 'test-api-key', [202], {
          environmentId: environment.id,
        })
        if (snapshot) await call(stats, url, 'DELETE', `/v1/snapshots/${snapshot.id}`, 'test-api-key', [200])
        await call(stats, url, 'DELETE', `/v1/environments/${environment.id}`, 'test-api-key', [200])
        stats.cycles++
      }
      continue
    }
    switch (i % 6) {
      case 0:
        await call(stats, url, 'GET', '/v1/environments?limit=20', 'test-api-key', [200])
        break
      case 1:
        await call(
          stats,
          app.url,
          'GET',
          `${V}/query?q=${encodeURIComponent("SELECT Id, Name, Owner.Name FROM Account WHERE Name LIKE 'S%' ORDER BY Name LIMIT 50")}`,
          app.token,
          [200],
        )
        break
      case 2: {
        const created = await call(stats, app.url, 'POST', `${V}/sobjects/Account`, app.token, [201], {
          Name: `Soak ${n}-${i}`,
        })
        if (created) stats.created++
        if (created)
          await call(stats, app.url, 'PATCH', `${V}/sobjects/Account/${created.id}`, app.token, [204], {
            Industry: 'Energy',
          })
        break
      }
      case 3:
        await call(stats, app.url, 'GET', `${V}/sobjects/Account/001Rm0000000001IAA`, app.token, [200])
        break
      case 4:
        await call(stats, url, 'GET', '/v1/audit-events?limit=10', 'test-member-token', [200])
        break
      default:
        await call(stats, app.url, 'GET', `${V}/sobjects/Contact/describe`, app.token, [200])
    }
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** Whether every long-lived environment's recorded-call ring holds RING_CAPACITY calls. */
async function ringsFull(url: string, apps: App[]): Promise<boolean> {
  const stats = freshStats()
  for (const app of apps) {
    const query = `environmentId=${app.environmentId}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`
    const counts = await call(stats, url, 'GET', `/v1/requests/stats?${query}`, 'test-member-token', [200])
    if (!counts) throw new Error(`Failed to read the recorded calls' stats: ${[...stats.errors.keys()]}`)
    if (counts.count < RING_CAPACITY) return false
  }
  return true
}

/** Runs the mix with every client until `done()` (checked between calls). */
function runPhase(url: string, apps: App[], stats: Stats, done: () => boolean) {
  return Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n, url, apps, stats, done)))
}

/** The warm-up: until the rings are full (checked every 2 s) or WARMUP_SECONDS pass. */
async function warmUp(url: string, apps: App[], stats: Stats): Promise<{ seconds: number; full: boolean }> {
  const started = performance.now()
  const deadline = started + WARMUP_SECONDS * 1000
  let full = false
  const watch = (async () => {
    while (!full && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      full = await ringsFull(url, apps)
    }
  })()
  await runPhase(url, apps, stats, () => full || performance.now() >= deadline)
  await watch
  return { seconds: (performance.now() - started) / 1000, full }
}

/** Live memory one more Account costs in a long-lived environment: 10k rows ingested in bulk (4 calls). */
async function bytesPerRecord(server: Server, app: App): Promise<number> {
  const rows = 10_000
  const auth = { authorization: `Bearer ${app.token}` }
  const json = { ...auth, 'content-type': 'application/json' }
  const jobs = `${app.url}${V}/jobs/ingest`
  const before = await server.liveMiB()
  const job = (await (
    await fetch(jobs, { method: 'POST', headers: json, body: '{"object":"Account","operation":"insert"}' })
  ).json()) as { id: string }
  const csv = ['Name', ...Array.from({ length: rows }, (_, n) => `Calibration ${n}`)].join('\n')
  await fetch(`${jobs}/${job.id}/batches`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: csv,
  })
  await fetch(`${jobs}/${job.id}`, { method: 'PATCH', headers: json, body: '{"state":"UploadComplete"}' })
  for (;;) {
    const info = (await (await fetch(`${jobs}/${job.id}`, { headers: auth })).json()) as { state: string }
    if (info.state === 'JobComplete') break
    if (info.state === 'Failed') throw new Error('Failed to calibrate: the ingest job failed')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // the job's own data and results are not what is measured
  await fetch(`${jobs}/${job.id}`, { method: 'DELETE', headers: auth })
  return ((await server.liveMiB()) - before) / rows
}

/** Live memory one environment create/snapshot/delete cycle leaves (their records, audit events). */
async function bytesPerCycle(server: Server): Promise<number> {
  const cycles = 200
  const stats = freshStats()
  const before = await server.liveMiB()
  await client(0, server.url, [], stats, () => stats.cycles >= cycles)
  return ((await server.liveMiB()) - before) / stats.cycles
}

function report(stats: Stats, elapsed: number): number {
  const sorted = stats.latencies.sort((a, b) => a - b)
  const errors = [...stats.errors.values()].reduce((total, count) => total + count, 0)
  console.log(`requests: ${stats.requests} (${(stats.requests / elapsed).toFixed(0)}/s)`)
  console.log(
    `latency: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  )
  console.log(`errors: ${errors} (target 0)`)
  for (const [kind, count] of stats.errors) console.log(`  ${count} x ${kind}`)
  return errors
}

async function main() {
  const server = await startServer()
  try {
    const warmStats = freshStats()
    const apps = await setup(server.url, warmStats)
    const rssBoot = rssMiB(server.pid)
    console.log(`soak: ${CLIENTS} clients against ${server.url} (RSS ${rssBoot.toFixed(0)} MiB)`)
    const warm = await warmUp(server.url, apps, warmStats)
    console.log(
      `warm-up: ${warm.seconds.toFixed(0)} s, ${warmStats.requests} requests, recorded-call rings ${warm.full ? 'full' : `not full after ${WARMUP_SECONDS} s`}; RSS ${rssBoot.toFixed(0)} -> ${rssMiB(server.pid).toFixed(0)} MiB (filling the configured bounds)`,
    )
    const errorsInWarmUp = [...warmStats.errors.values()].reduce((total, count) => total + count, 0)
    const perRecord = await bytesPerRecord(server, apps[0]!)
    const perCycle = await bytesPerCycle(server)

    const stats = freshStats()
    const liveStart = await server.liveMiB()
    const rssStart = rssMiB(server.pid)
    const started = performance.now()
    const until = started + SECONDS * 1000
    console.log(`measured phase: ${SECONDS} s`)
    await runPhase(server.url, apps, stats, () => performance.now() >= until)
    const elapsed = (performance.now() - started) / 1000
    const rssEnd = rssMiB(server.pid)
    const liveEnd = await server.liveMiB()
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const rssIdle = rssMiB(server.pid)
    const errors = report(stats, elapsed) + errorsInWarmUp
    if (errorsInWarmUp > 0) console.log(`errors in the warm-up: ${errorsInWarmUp}`)
    for (const [kind, count] of warmStats.errors) console.log(`  ${count} x ${kind} (warm-up)`)
    const kept = stats.created * perRecord + stats.cycles * perCycle
    const unexplained = liveEnd - liveStart - kept
    const flat = unexplained <= liveStart * (FLAT_RATIO - 1)
    console.log(
      `live memory after a GC (heap used + external): start ${liveStart.toFixed(1)} MiB, end ${liveEnd.toFixed(1)} MiB`,
    )
    console.log(
      `  kept by design: ${stats.created} Accounts created x ${(perRecord * 1024).toFixed(2)} KiB + ${stats.cycles} environment/snapshot cycles x ${(perCycle * 1024).toFixed(1)} KiB = ${kept.toFixed(1)} MiB (both measured in this run)`,
    )
    console.log(
      `  growth beyond that: ${unexplained.toFixed(1)} MiB (flat: <= ${((FLAT_RATIO - 1) * 100).toFixed(0)}% of the start) -> ${flat ? 'flat' : 'NOT flat'}`,
    )
    console.log(
      `RSS: start ${rssStart.toFixed(0)} MiB, end ${rssEnd.toFixed(0)} MiB, after 5 s idle ${rssIdle.toFixed(0)} MiB (V8 and the allocator keep pages once taken: the live figure above is the one that tells a leak)`,
    )
    process.exitCode = errors === 0 && flat ? 0 : 1
  } finally {
    server.stop()
  }
}

await main()
