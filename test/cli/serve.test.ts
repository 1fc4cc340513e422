import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createReplicaMock } from '../../src/index.js'
import type { StateDocument } from '../../src/runtime/state-document.js'
import { createAppCredentials, listeningUrl, MEMBER, waitForOutput, useCliRuns } from './run-cli.js'

const start = useCliRuns()

const apiKey = { authorization: 'Bearer test-api-key' }

it('starts on a free port, prints the URL and the default API key, and serves the API', async () => {
  const run = start(['serve', '--port', '0'])
  const url = await listeningUrl(run)
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  await waitForOutput(run, (out) => out.includes('default API key: test-api-key (workspace ws_default)'))
  const response = await fetch(`${url}/v1/workspaces/ws_default`, { headers: apiKey })
  expect(response.status).toBe(200)
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('stops cleanly on SIGINT', async () => {
  const run = start(['serve', '--port', '0', '--quiet'])
  await listeningUrl(run)
  expect(run.stdout().trim().split('\n')).toHaveLength(1)
  run.child.kill('SIGINT')
  expect(await run.exited).toBe(0)
})

it('prints help and exits 0', async () => {
  const run = start(['--help'])
  expect(await run.exited).toBe(0)
  expect(run.stdout()).toContain('Usage: replica-mock serve')
})

it.for<[string[]]>([
  [['serve', '--bogus']],
  [['serve', '--port', 'abc']],
  [['serve', '--port', '70000']],
  [['serve', '--clock', 'sometimes']],
  [['serve', '--start-ms', '-5']],
  [['serve', '--max-recorded-calls', 'many']],
  [['serve', '--max-upload-bytes', '0']],
  [['launch']],
  [[]],
])('exits 2 with a message on bad arguments %j', async ([args]) => {
  const run = start(args)
  expect(await run.exited).toBe(2)
  expect(run.stderr()).toMatch(/^replica-mock: /)
  expect(run.stderr()).toContain('Usage:')
})

it('exits 1 with a clear message when the port is in use', async () => {
  const blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const { port } = blocker.address() as { port: number }
  try {
    const run = start(['serve', '--port', String(port)])
    expect(await run.exited).toBe(1)
    expect(run.stderr()).toContain(`port ${port} on 127.0.0.1 is already in use`)
  } finally {
    blocker.close()
  }
})

it('refuses to start on a non-loopback address without an admin token, and starts with one', async () => {
  const open = start(['serve', '--port', '0', '--host', '0.0.0.0'])
  expect(await open.exited).toBe(1)
  expect(open.stderr()).toMatch(/Failed to start: Failed to start on 0\.0\.0\.0: .*needs an admin token/)
  const guarded = start(['serve', '--port', '0', '--host', '0.0.0.0', '--admin-token', 'secret', '--quiet'])
  try {
    const url = await listeningUrl(guarded)
    const state = await fetch(`${url.replace('0.0.0.0', '127.0.0.1')}/__replica/state`)
    expect(state.status).toBe(401)
  } finally {
    guarded.child.kill('SIGINT')
    await guarded.exited
  }
})

it('exits 1 naming the bad field of a bad fixture file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replica-cli-'))
  const file = join(dir, 'fixture.json')
  writeFileSync(file, JSON.stringify({ organization: { id: 'o', name: 'O', domain: null } }))
  const run = start(['serve', '--port', '0', '--fixture', file])
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toMatch(/Failed to start: Failed to load fixture ".*fixture\.json": limits/)
})

it('starts from --start-state and resets back to it', async () => {
  const seeded = createReplicaMock()
  const environment = await seeded.seed.environment({ name: 'from the start state' })
  const [accountId] = seeded.records(environment.id).insert('Account', [{ Name: 'Start Account' }])
  const dir = mkdtempSync(join(tmpdir(), 'replica-cli-'))
  const file = join(dir, 'start.json')
  writeFileSync(file, JSON.stringify(seeded.exportState()))
  const run = start(['serve', '--port', '0', '--quiet', '--start-state', file])
  const url = await listeningUrl(run)
  const get = (path: string, headers = apiKey) => fetch(`${url}${path}`, { headers })
  expect((await get(`/v1/environments/${environment.id}`)).status).toBe(200)
  const created = await fetch(`${url}/v1/environments`, {
    method: 'POST',
    headers: { ...apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ apps: ['crm'] }),
  })
  expect(created.status).toBe(202)
  const { id } = (await created.json()) as { id: string }
  expect((await fetch(`${url}/__replica/reset`, { method: 'POST' })).status).toBe(200)
  expect((await get(`/v1/environments/${id}`)).status).toBe(404)
  expect((await get(`/v1/environments/${environment.id}`)).status).toBe(200)
  const state = (await (await get('/__replica/state', {} as typeof apiKey)).json()) as StateDocument
  expect(state.environmentData[environment.id]?.crm).toMatchObject({
    records: {
      Account: expect.arrayContaining([expect.objectContaining({ Id: accountId, Name: 'Start Account' })]),
    },
  })
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('exits 1 naming the problem of a bad --start-state file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replica-cli-'))
  const file = join(dir, 'start.json')
  writeFileSync(file, JSON.stringify({ format: 'replica-mock/state', version: 2 }))
  const run = start(['serve', '--port', '0', '--start-state', file])
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toMatch(/Failed to start: Failed to load start state ".*start\.json": version/)
  const missing = start(['serve', '--port', '0', '--start-state', join(dir, 'missing.json')])
  expect(await missing.exited).toBe(1)
  expect(missing.stderr()).toMatch(/Failed to load start state ".*missing\.json": ENOENT/)
})

it('saves state on SIGTERM and loads it on the next start with --state-file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replica-cli-'))
  const stateFile = join(dir, 'state.json')
  const first = start(['serve', '--port', '0', '--quiet', '--state-file', stateFile, '--clock', 'manual'])
  const url = await listeningUrl(first)
  await fetch(`${url}/__replica/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ set: '2031-05-05T05:05:05.000Z' }),
  })
  first.child.kill('SIGTERM')
  expect(await first.exited).toBe(0)
  expect(JSON.parse(readFileSync(stateFile, 'utf8')).clock.now).toBe('2031-05-05T05:05:05.000Z')

  const second = start(['serve', '--port', '0', '--quiet', '--state-file', stateFile])
  const secondUrl = await listeningUrl(second)
  const clock = await (await fetch(`${secondUrl}/__replica/clock`)).json()
  expect(clock).toEqual({ mode: 'manual', now: '2031-05-05T05:05:05.000Z' })
  second.child.kill('SIGTERM')
  expect(await second.exited).toBe(0)
})

it('applies lifecycle flags', async () => {
  const run = start(['serve', '--port', '0', '--quiet', '--start-ms', '2500', '--snapshot-ms', '10'])
  const url = await listeningUrl(run)
  const lifecycle = await (await fetch(`${url}/__replica/lifecycle`)).json()
  expect(lifecycle).toEqual({ startMs: 2500, resumeMs: 0, snapshotMs: 10, bulkMs: 0 })
  run.child.kill('SIGTERM')
  await run.exited
})

it('requires the admin token on the control API with --admin-token', async () => {
  const run = start(['serve', '--port', '0', '--quiet', '--admin-token', 's3cret'])
  const url = await listeningUrl(run)
  expect((await fetch(`${url}/__replica/state`)).status).toBe(401)
  expect(
    (await fetch(`${url}/__replica/state`, { headers: { authorization: 'Bearer s3cret' } })).status,
  ).toBe(200)
  run.child.kill('SIGTERM')
  await run.exited
})

it('keeps no recorded calls with --max-recorded-calls 0', async () => {
  const run = start(['serve', '--port', '0', '--quiet', '--max-recorded-calls', '0'])
  const url = await listeningUrl(run)
  const credentials = await createAppCredentials(url)
  expect((await fetch(`${credentials.url}/services/data`, { headers: credentials.headers })).status).toBe(200)
  const recorded = await (
    await fetch(`${url}/v1/requests?environmentId=${credentials.environmentId}`, { headers: MEMBER })
  ).json()
  expect(recorded.data).toEqual([])
  run.child.kill('SIGTERM')
  await run.exited
})

it('answers a native body over the cap with its 413 while the client is still sending it, never a reset', async () => {
  const run = start(['serve', '--port', '0', '--quiet'])
  const url = await listeningUrl(run)
  const credentials = await createAppCredentials(url)
  const appPath = new URL(credentials.url).pathname
  const over: { path: string; headers: Record<string, string>; body: string }[] = [
    // a JSON write over 4 MiB at the root, and a 6 MiB SOAP login at the app URL
    {
      path: '/services/data/v60.0/composite',
      headers: { ...credentials.headers, 'content-type': 'application/json' },
      body: `{"compositeRequest":[],"padding":"${'x'.repeat(5 * 1024 * 1024)}"}`,
    },
    {
      path: `${appPath}/services/Soap/u/60.0`,
      headers: { 'content-type': 'text/xml', soapaction: 'login' },
      body: `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>${' '.repeat(6 * 1024 * 1024)}</env:Body></env:Envelope>`,
    },
  ]
  // a server that closes the connection as it answers resets about half of these
  for (let round = 0; round < 10; round++) {
    for (const { path, headers, body } of over) {
      const response = await fetch(url + path, { method: 'POST', headers, body })
      expect(response.status, path).toBe(413)
      expect((await response.json()).error.code).toBe('request_too_large')
    }
  }
  run.child.kill('SIGTERM')
  await run.exited
})
