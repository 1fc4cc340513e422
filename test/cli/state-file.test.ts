/**
 * `replica-mock serve --state-file`: acknowledged writes survive `kill -9`, a torn journal tail is
 * dropped with a message, and a path that cannot be written fails the start.
 */
import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createAppCredentials, listeningUrl, MEMBER, useCliRuns } from './run-cli.js'

const start = useCliRuns()

const serveArgs = (stateFile: string) => ['serve', '--port', '0', '--quiet', '--state-file', stateFile]

async function createAccount(app: { url: string; headers: Record<string, string> }, name: string) {
  const response = await fetch(`${app.url}/services/data/v60.0/sobjects/Account`, {
    method: 'POST',
    headers: { ...app.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ Name: name }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

it('keeps every acknowledged write after kill -9 and a restart', async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'replica-state-')), 'state.json')
  const first = start(serveArgs(stateFile))
  const url = await listeningUrl(first)
  const app = await createAppCredentials(url)
  const id = await createAccount(app, 'Survives kill -9')
  const lifecycle = await fetch(`${url}/__replica/lifecycle`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"snapshotMs":1234}',
  })
  expect(lifecycle.status).toBe(200)
  first.child.kill('SIGKILL')
  await first.exited

  const second = start(serveArgs(stateFile))
  const secondUrl = await listeningUrl(second)
  const environment = await fetch(`${secondUrl}/v1/environments/${app.environmentId}`, { headers: MEMBER })
  expect(environment.status).toBe(200)
  const record = await fetch(`${secondUrl}/services/data/v60.0/sobjects/Account/${id}`, {
    headers: app.headers,
  })
  expect(record.status).toBe(200)
  expect(((await record.json()) as { Name: string }).Name).toBe('Survives kill -9')
  expect(await (await fetch(`${secondUrl}/__replica/lifecycle`)).json()).toMatchObject({ snapshotMs: 1234 })
  // the start compacted the journal into the state file
  expect(statSync(`${stateFile}.journal`).size).toBe(0)
  second.child.kill('SIGTERM')
  expect(await second.exited).toBe(0)
})

it('drops a torn journal tail with a message naming the file, keeping the whole entries', async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'replica-state-')), 'state.json')
  const first = start(serveArgs(stateFile))
  const url = await listeningUrl(first)
  const app = await createAppCredentials(url)
  first.child.kill('SIGKILL')
  await first.exited
  // half an entry: a header promising 100 bytes, and 3 of them
  appendFileSync(`${stateFile}.journal`, Buffer.from([0, 0, 0, 100, 1, 2, 3, 4, 123, 34, 120]))

  const second = start(serveArgs(stateFile))
  const secondUrl = await listeningUrl(second)
  expect(second.stderr()).toContain(`dropped a torn or corrupt journal tail: 11 bytes`)
  expect(second.stderr()).toContain(`${stateFile}.journal`)
  const environment = await fetch(`${secondUrl}/v1/environments/${app.environmentId}`, { headers: MEMBER })
  expect(environment.status).toBe(200)
})

it('fails at start, exit 1, when the state file cannot be written', async () => {
  const missing = join(mkdtempSync(join(tmpdir(), 'replica-state-')), 'no-such-dir', 'state.json')
  const run = start(serveArgs(missing))
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toContain(`Failed to start: cannot use the state file ${missing}`)
})

it('fails at start when the state file would sit under a regular file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replica-state-'))
  writeFileSync(join(dir, 'plain-file'), 'x')
  const stateFile = join(dir, 'plain-file', 'state.json')
  const run = start(serveArgs(stateFile))
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toContain(`Failed to start: cannot use the state file ${stateFile}: ENOTDIR`)
})

it('refuses a state file that is not JSON instead of replacing it', async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'replica-state-')), 'state.json')
  writeFileSync(stateFile, '{"format": "replica-mock/st')
  const run = start(serveArgs(stateFile))
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toContain(`${stateFile} is not a state file`)
  expect(readFileSync(stateFile, 'utf8')).toBe('{"format": "replica-mock/st')
})
