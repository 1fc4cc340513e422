/**
 * @module
 * `npm run soak` (issue 15): the standalone server (`replica-mock serve`, a child process) under
 * SOAK_CLIENTS concurrent clients (100) for SOAK_SECONDS (60), mixing management calls (lists,
 * reads, create/delete cycles, snapshots) and native ones (SOQL, record create/read/update,
 * describe) over keep-alive HTTP. Prints latency p50/p99, errors (target 0: any 5xx, transport
 * failure or unexpected status) and the server's RSS at the start, the end and after an idle
 * pause (target: flat once the recorded-call rings are full). Not part of CI; bounded by
 * SOAK_SECONDS and SOAK_MAX_REQUESTS (2,000,000).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 100)
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
const MAX_REQUESTS = Number(process.env.SOAK_MAX_REQUESTS ?? 2_000_000)
/** Clients that create and delete environments (the fixture allows 10 at once per workspace). */
const LIFECYCLE_CLIENTS = 4
const V = '/services/data/v60.0'

interface Server {
  url: string
  pid: number
  stop(): void
}

async function startServer(): Promise<Server> {
  const cli = fileURLToPath(new URL('../src/server/cli.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve', '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  process.once('exit', () => child.kill('SIGKILL'))
  const lines = createInterface({ input: child.stdout! })
  for await (const line of lines) {
    const match = line.match(/listening on (http:\/\/\S+)/)
    if (match) return { url: match[1]!, pid: child.pid!, stop: () => child.kill('SIGTERM') }
  }
  throw new Error('Failed to start the server: it exited before listening')
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024
}

interface Stats {
  latencies: number[]
  errors: Map<string, number>
  requests: number
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

async function setup(url: string, stats: Stats) {
  const apps: Array<{ url: string; token: string }> = []
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
    apps.push({ url: credentials.url, token: credentials.token })
  }
  return apps
}

async function client(
  n: number,
  url: string,
  apps: Array<{ url: string; token: string }>,
  stats: Stats,
  until: number,
) {
  const app = apps[n % apps.length]!
  let i = 0
  while (performance.now() < until && stats.requests < MAX_REQUESTS) {
    i++
    if (n < LIFECYCLE_CLIENTS) {
      const environment = await call(stats, url, 'POST', '/v1/environments', 'test-api-key', [202], {
        apps: ['crm'],
      })
      if (environment) {
        await call(stats, url, 'POST', '/v1/snapshots', 'test-api-key', [202], {
          environmentId: environment.id,
        })
        await call(stats, url, 'DELETE', `/v1/environments/${environment.id}`, 'test-api-key', [200])
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

async function main() {
  const server = await startServer()
  const stats: Stats = { latencies: [], errors: new Map(), requests: 0 }
  try {
    const apps = await setup(server.url, stats)
    const rssStart = rssMiB(server.pid)
    const started = performance.now()
    const until = started + SECONDS * 1000
    console.log(
      `soak: ${CLIENTS} clients for ${SECONDS} s against ${server.url} (RSS ${rssStart.toFixed(0)} MiB)`,
    )
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n, server.url, apps, stats, until)))
    const elapsed = (performance.now() - started) / 1000
    const rssEnd = rssMiB(server.pid)
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const rssIdle = rssMiB(server.pid)
    const sorted = stats.latencies.sort((a, b) => a - b)
    const errors = [...stats.errors.values()].reduce((total, count) => total + count, 0)
    console.log(`requests: ${stats.requests} (${(stats.requests / elapsed).toFixed(0)}/s)`)
    console.log(
      `latency: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
    )
    console.log(`errors: ${errors} (target 0)`)
    for (const [kind, count] of stats.errors) console.log(`  ${count} x ${kind}`)
    console.log(
      `RSS: start ${rssStart.toFixed(0)} MiB, end ${rssEnd.toFixed(0)} MiB, after 5 s idle ${rssIdle.toFixed(0)} MiB (target: flat)`,
    )
    process.exitCode = errors === 0 ? 0 : 1
  } finally {
    server.stop()
  }
}

await main()
