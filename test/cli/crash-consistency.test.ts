/**
 * Crash consistency of `--state-file`: a real `replica-mock serve` under concurrent writes is
 * killed with SIGKILL at random moments and restarted, 20 times; every write that was answered
 * 2xx must be there afterwards, and every all-or-none pair whole or absent.
 *
 * @note The CLI is bundled once with esbuild (tsx would spend seconds per start compiling it).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { beforeAll, expect, it } from 'vitest'
import { createAppCredentials, listeningUrl, MEMBER, type CliRun } from './run-cli.js'

const KILLS = 20
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BUNDLE = join(ROOT, 'node_modules', '.cache', 'replica-crash-test', 'cli.mjs')

beforeAll(async () => {
  mkdirSync(join(BUNDLE, '..'), { recursive: true })
  await build({
    entryPoints: [join(ROOT, 'src/server/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: BUNDLE,
    logLevel: 'silent',
  })
}, 60_000)

function serve(stateFile: string): CliRun {
  const child = spawn(
    process.execPath,
    [BUNDLE, 'serve', '--port', '0', '--quiet', '--state-file', stateFile],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  let err = ''
  child.stdout!.on('data', (chunk) => (out += chunk))
  child.stderr!.on('data', (chunk) => (err += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stdout: () => out, stderr: () => err, exited }
}

interface Acknowledged {
  singles: Set<string>
  /** Tags of all-or-none pairs answered 200 with both records created. */
  pairs: Set<string>
}

/** Writers until `stop` says so: single creates and all-or-none pairs, noting what was answered 2xx. */
async function writeLoad(
  app: { url: string; headers: Record<string, string> },
  round: number,
  stop: () => boolean,
) {
  const acknowledged: Acknowledged = { singles: new Set(), pairs: new Set() }
  const headers = { ...app.headers, 'content-type': 'application/json' }
  const writer = async (worker: number) => {
    for (let n = 0; !stop(); n++) {
      const tag = `r${round}-w${worker}-${n}`
      try {
        if (n % 2 === 0) {
          const response = await fetch(`${app.url}/services/data/v60.0/sobjects/Account`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ Name: `single-${tag}` }),
          })
          if (response.status === 201)
            acknowledged.singles.add(((await response.json()) as { id: string }).id)
        } else {
          const records = ['a', 'b'].map((half) => ({
            attributes: { type: 'Account' },
            Name: `pair-${tag}-${half}`,
          }))
          const response = await fetch(`${app.url}/services/data/v60.0/composite/sobjects`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ allOrNone: true, records }),
          })
          const results =
            response.status === 200 ? ((await response.json()) as Array<{ success: boolean }>) : []
          if (results.length === 2 && results.every((result) => result.success)) acknowledged.pairs.add(tag)
        }
      } catch {
        return // the server was killed mid-request: not acknowledged
      }
    }
  }
  await Promise.all([0, 1, 2, 3, 4, 5].map(writer))
  return acknowledged
}

/** Every Account's id and name, through the query API's paging. */
async function allAccounts(app: {
  url: string
  headers: Record<string, string>
}): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  let next: string | undefined =
    `/services/data/v60.0/query?q=${encodeURIComponent('SELECT Id, Name FROM Account')}`
  while (next) {
    const response = await fetch(`${app.url}${next}`, { headers: app.headers })
    expect(response.status).toBe(200)
    const page = (await response.json()) as {
      records: Array<{ Id: string; Name: string }>
      nextRecordsUrl?: string
    }
    for (const record of page.records) found.set(record.Id, record.Name)
    next = page.nextRecordsUrl
  }
  return found
}

it(`loses no acknowledged write over ${KILLS} SIGKILLs under write load`, async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'replica-crash-')), 'state.json')
  let run = serve(stateFile)
  const credentials = await createAppCredentials(await listeningUrl(run))
  const all: Acknowledged = { singles: new Set(), pairs: new Set() }
  for (let round = 0; round < KILLS; round++) {
    const url = await listeningUrl(run)
    const app = { url, headers: { authorization: `Bearer ${credentials.token}` } }
    let stopped = false
    const load = writeLoad(app, round, () => stopped)
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250))
    run.child.kill('SIGKILL')
    await run.exited
    stopped = true
    const acknowledged = await load
    for (const id of acknowledged.singles) all.singles.add(id)
    for (const tag of acknowledged.pairs) all.pairs.add(tag)

    run = serve(stateFile)
    const restartedUrl = await listeningUrl(run)
    const environment = await fetch(`${restartedUrl}/v1/environments/${credentials.environmentId}`, {
      headers: MEMBER,
    })
    expect(environment.status).toBe(200)
    const accounts = await allAccounts({ url: restartedUrl, headers: app.headers })
    const missing = [...all.singles].filter((id) => !accounts.has(id))
    expect(missing, `round ${round}: acknowledged creates lost`).toEqual([])
    const names = new Set(accounts.values())
    for (const tag of all.pairs) {
      expect(names.has(`pair-${tag}-a`) && names.has(`pair-${tag}-b`), `round ${round}: pair ${tag}`).toBe(
        true,
      )
    }
    // no pair half-applied, acknowledged or not
    for (const name of names) {
      const half = name.match(/^pair-(.+)-([ab])$/)
      if (half) expect(names.has(`pair-${half[1]}-${half[2] === 'a' ? 'b' : 'a'}`), name).toBe(true)
    }
  }
  expect(all.singles.size).toBeGreaterThan(KILLS)
  run.child.kill('SIGKILL')
}, 180_000)
