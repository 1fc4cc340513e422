/**
 * @module
 * `replica-mock serve --https` as users start it: start to listening with a cached local CA vs
 * plain http (<= 1.2x); what the first start, which makes the CA, adds to a plain start (<= 1 s:
 * a whole start is mostly Node's and the app's, several seconds on a busy 2-core machine); a CRM
 * record read by id over https vs the same over http (>= 0.7x), each server with the same 1k
 * Accounts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent } from 'undici'
import { seedCrm } from '../lib/crm-seed.js'
import { defineBench } from '../lib/define-bench.js'
import { compareHttp } from '../lib/measure-http.js'
import { settings } from '../lib/settings.js'
import { spawnCli } from '../lib/spawn-server.js'
import { budget, toMeasurement } from '../lib/stats.js'

const V = '/services/data/v60.0'
const RECORDS = 1000

/** Milliseconds from spawning `replica-mock serve ...args` to its listening line. */
async function startTime(args: string[]): Promise<number> {
  const started = performance.now()
  const server = await spawnCli(args)
  const ms = performance.now() - started
  await server.close()
  return ms
}

export default defineBench({
  description:
    'serve --https: start with a cached CA vs http, first start making the CA, record read req/s vs http',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'replica-bench-tls-'))
    const cachedDir = join(dir, 'cached')
    let fresh = 0
    try {
      // the first spawn builds the package and makes the cached CA: not timed
      await (await spawnCli(['--quiet', '--https', '--tls-dir', cachedDir])).close()
      // rounds interleave the three kinds of start, so drift in the machine's speed hits each alike
      const plain: number[] = []
      const cached: number[] = []
      const extra: number[] = []
      for (let round = 0; round < settings.rounds; round++) {
        const plainMs = await startTime(['--quiet'])
        plain.push(plainMs)
        cached.push(await startTime(['--quiet', '--https', '--tls-dir', cachedDir]))
        // what making the CA adds: the whole start of a process is Node's and the app's, not TLS's
        extra.push(
          (await startTime(['--quiet', '--https', '--tls-dir', join(dir, `fresh-${fresh++}`)])) - plainMs,
        )
      }
      const plainStart = toMeasurement('start to listening: http', 'ms', plain)
      const cachedStart = toMeasurement('start to listening: --https, cached CA', 'ms', cached)
      const firstStart = toMeasurement('first --https start (CA made) minus an http start', 'ms', extra)

      const seeded = await seedCrm(RECORDS)
      const plainServer = await spawnCli(['--quiet', '--start-state', seeded.stateFile])
      const secure = await spawnCli([
        '--quiet',
        '--start-state',
        seeded.stateFile,
        '--https',
        '--tls-dir',
        cachedDir,
      ])
      try {
        const readPath = `/apps/${seeded.environmentId}/crm${V}/sobjects/Account/${seeded.readId}`
        const headers = { authorization: `Bearer ${seeded.token}` }
        const dispatcher = new Agent({ connect: { ca: readFileSync(join(cachedDir, 'ca.pem'), 'utf8') } })
        for (const [url, init] of [
          [plainServer.url, {}],
          [secure.url, { dispatcher }],
        ] as const) {
          const response = await fetch(url + readPath, { headers, ...init } as RequestInit)
          if (!response.ok) throw new Error(`Failed to read the Account at ${url}: ${response.status}`)
          await response.arrayBuffer()
        }
        await dispatcher.close()
        // autocannon does not verify certificates: the load generator measures TLS, not trust
        const [httpRead, httpsRead] = await compareHttp([
          {
            label: `serve: GET ${V}/sobjects/Account/{id} over http`,
            url: plainServer.url + readPath,
            headers,
            serverPid: plainServer.pid,
          },
          {
            label: `serve --https: GET ${V}/sobjects/Account/{id}`,
            url: secure.url + readPath,
            headers,
            serverPid: secure.pid,
          },
        ])
        return {
          comparisons: [
            {
              label: 'https start with a cached CA vs http start (ms)',
              subject: cachedStart,
              baseline: plainStart,
              target: { atMost: 1.2 },
            },
            {
              label: 'time a first https start adds (CA made) vs budget (ms)',
              subject: firstStart,
              baseline: budget(1000, 'ms'),
              target: { atMost: 1 },
            },
            {
              label: 'record read over https vs over http (req/s)',
              subject: httpsRead!,
              baseline: httpRead!,
              target: { atLeast: 0.7 },
            },
          ],
        }
      } finally {
        await Promise.all([plainServer.close(), secure.close()])
        seeded.remove()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
