import { type AuditEvent, AuditEventList } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, createSnapshot, expectError, TOKENS } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { startMs: 1000, snapshotMs: 500 } })

const SYSTEM = { type: 'system', id: null, name: null }
const API_KEY = { type: 'api_key', id: 'key_default', name: 'Default key' }

async function events(client: { get: (path: string, options?: object) => Promise<any> }, query = '') {
  const response = await client.get(`/v1/audit-events${query}`)
  expect(response.status).toBe(200)
  return AuditEventList.parse(response.body).data
}

test('records each operation with the caller, its request id and the subject', async ({ client, mock }) => {
  const response = await client.post('/v1/environments', { json: { apps: ['crm'] } })
  const [created] = await events(client)
  expect(created).toEqual({
    id: expect.stringMatching(/^evt_/),
    name: 'environment.created',
    principal: API_KEY,
    workspaceId: 'ws_default',
    environmentId: response.body.id,
    subjectId: response.body.id,
    requestId: response.headers.get('x-request-id'),
    data: { apps: ['crm'], snapshotId: null },
    occurredAt: mock.clock.now().toISOString(),
  })
})

test('records transitions as the system, stamped with their due time', async ({ client, mock }) => {
  const environment = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 1 })
  mock.clock.advance(5 * 60_000)
  const [expired, running] = await events(client)
  expect(running).toMatchObject({
    name: 'environment.running',
    principal: SYSTEM,
    requestId: null,
    environmentId: environment.id,
    occurredAt: new Date(Date.parse(environment.createdAt) + 1000).toISOString(),
  })
  expect(expired).toMatchObject({
    name: 'environment.expired',
    principal: SYSTEM,
    requestId: null,
    occurredAt: new Date(Date.parse(environment.createdAt) + 1000 + 60_000).toISOString(),
  })
})

test('names every operation and transition of an environment and its snapshot', async ({ client, mock }) => {
  const environment = await createEnvironment(client)
  mock.clock.advance(1000)
  await client.patch(`/v1/environments/${environment.id}`, { json: { name: 'Renamed' } })
  await client.post(`/v1/environments/${environment.id}/apps/crm/credentials`, {
    json: { actorId: 'readonly' },
  })
  const snapshot = await createSnapshot(client, environment.id)
  mock.clock.advance(500)
  const { sizeBytes } = (await client.get(`/v1/snapshots/${snapshot.id}`)).body
  await client.patch(`/v1/snapshots/${snapshot.id}`, { json: { name: 'Saved' } })
  await client.delete(`/v1/snapshots/${snapshot.id}`)
  await client.post(`/v1/environments/${environment.id}/pause`)
  await client.post(`/v1/environments/${environment.id}/resume`)
  mock.clock.advance(1000)
  await client.delete(`/v1/environments/${environment.id}`)
  const names = (await events(client, '?limit=100')).map((event) => [event.name, event.subjectId, event.data])
  expect(names.reverse()).toEqual([
    ['environment.created', environment.id, { apps: ['crm'], snapshotId: null }],
    ['environment.running', environment.id, { expiresAt: expect.any(String) }],
    ['environment.updated', environment.id, { fields: ['name'] }],
    ['credentials.created', environment.id, { app: 'crm', actorId: 'readonly' }],
    ['snapshot.created', snapshot.id, { name: null }],
    ['snapshot.ready', snapshot.id, { sizeBytes }],
    ['snapshot.updated', snapshot.id, { name: 'Saved' }],
    ['snapshot.deleted', snapshot.id, { from: 'ready' }],
    ['environment.paused', environment.id, { from: 'running' }],
    ['environment.resumed', environment.id, {}],
    ['environment.running', environment.id, { expiresAt: expect.any(String) }],
    ['environment.deleted', environment.id, { from: 'running', reason: 'cancelled' }],
  ])
})

test('records a failed start and a failed snapshot', async ({ client, mock }) => {
  mock.faults.add({ kind: 'environment.start', code: 'start_failed' })
  const failing = await createEnvironment(client)
  mock.clock.advance(1000)
  const [failed] = await events(client, `?environmentId=${failing.id}`)
  expect(failed).toMatchObject({
    name: 'environment.failed',
    principal: SYSTEM,
    data: { code: 'start_failed', app: 'crm' },
  })
  const environment = await mock.seed.environment()
  mock.faults.add({ kind: 'snapshot', code: 'interrupted' })
  await createSnapshot(client, environment.id)
  mock.clock.advance(500)
  const [snapshotFailed] = await events(client, `?environmentId=${environment.id}`)
  expect(snapshotFailed).toMatchObject({ name: 'snapshot.failed', data: { code: 'interrupted' } })
})

test('lists newest first and pages', async ({ client, mock }) => {
  for (let i = 0; i < 3; i++) {
    await createEnvironment(client)
    mock.clock.advance(1)
  }
  const all = await events(client)
  const first = (await client.get('/v1/audit-events?limit=2')).body
  expect(first.data).toEqual(all.slice(0, 2))
  const second = (await client.get(`/v1/audit-events?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`))
    .body
  expect([...first.data, ...second.data]).toEqual(all.slice(0, 4))
  const times = all.map((event) => event.occurredAt)
  expect([...times].sort().reverse()).toEqual(times)
})

test('filters by environmentId and workspaceId', async ({ client }) => {
  const a = await createEnvironment(client)
  const b = await createEnvironment(client)
  const member = await createEnvironment(
    client,
    { apps: ['crm'], workspaceId: 'ws_other' },
    { token: TOKENS.member },
  )
  const ofA = await events(client, `?environmentId=${a.id}`)
  expect(ofA.length).toBeGreaterThan(0)
  expect(ofA.every((event) => event.environmentId === a.id)).toBe(true)
  expect(
    (await events(client, `?environmentId=${b.id}`)).every((event) => event.environmentId === b.id),
  ).toBe(true)
  const other = AuditEventList.parse(
    (await client.get('/v1/audit-events?workspaceId=ws_other', { token: TOKENS.member })).body,
  ).data
  expect(other.map((event: AuditEvent) => event.environmentId)).toContain(member.id)
  expect(other.every((event) => event.workspaceId === 'ws_other')).toBe(true)
})

test('shows an API key only the events of its workspace', async ({ client }) => {
  await createEnvironment(client)
  const other = await createEnvironment(client, { apps: ['crm'] }, { token: TOKENS.other })
  const mine = await events(client)
  expect(mine.every((event) => event.workspaceId === 'ws_default')).toBe(true)
  expect(await events(client, '?workspaceId=ws_other')).toEqual([])
  expect(await events(client, `?environmentId=${other.id}`)).toEqual([])
  const theirs = (await client.get('/v1/audit-events', { token: TOKENS.other })).body.data
  expect(theirs.map((event: AuditEvent) => event.environmentId)).toEqual([other.id])
})

test('needs environments:read, which the read-only key has', async ({ client }) => {
  expect((await client.get('/v1/audit-events', { token: TOKENS.readonly })).status).toBe(200)
  expectError(await client.get('/v1/audit-events', { token: null }), 401, 'unauthenticated')
})

test('refuses malformed filters and pages', async ({ client }) => {
  expectError(await client.get('/v1/audit-events?environmentId=-x'), 400, 'invalid_request')
  expectError(await client.get('/v1/audit-events?workspaceId=-x'), 400, 'invalid_request')
  expectError(await client.get('/v1/audit-events?limit=101'), 400, 'invalid_request')
  expectError(await client.get('/v1/audit-events?cursor=bad'), 400, 'invalid_request')
})

test('records nothing for a refused request', async ({ client }) => {
  await client.post('/v1/environments', { json: { apps: [{ app: 'crm', settings: { version: 'nope' } }] } })
  await client.post('/v1/environments', { json: { apps: ['crm'] }, token: TOKENS.readonly })
  expect(await events(client)).toEqual([])
})
