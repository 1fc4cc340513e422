import { Environment, Snapshot } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, expectError, TOKENS } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual' })

const key = (value: string) => ({ headers: { 'idempotency-key': value } })

test('replays a create with 200 and the environment as it is now', async ({ client }) => {
  const body = { apps: ['crm'], labels: { run: '1' } }
  const first = await client.post('/v1/environments', { json: body, ...key('create-0001') })
  expect(first.status).toBe(202)
  expect(first.body.status).toBe('starting')
  const replay = await client.post('/v1/environments', { json: body, ...key('create-0001') })
  expect(replay.status).toBe(200)
  expect(Environment.parse(replay.body)).toMatchObject({ id: first.body.id, status: 'running' })
  expect((await client.get('/v1/environments')).body.data).toHaveLength(1)
})

test('treats bodies that differ only in key order as the same request', async ({ client }) => {
  const first = await client.post('/v1/environments', {
    json: { apps: ['crm'], labels: { a: '1', b: '2' } },
    ...key('order-0001'),
  })
  const replay = await client.post('/v1/environments', {
    json: { labels: { b: '2', a: '1' }, apps: ['crm'] },
    ...key('order-0001'),
  })
  expect(replay.status).toBe(200)
  expect(replay.body.id).toBe(first.body.id)
})

test('refuses the same key with a different request with 409 idempotency_key_reused', async ({ client }) => {
  await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key('reused-0001') })
  const response = await client.post('/v1/environments', {
    json: { apps: ['crm'], name: 'Other' },
    ...key('reused-0001'),
  })
  expectError(response, 409, 'idempotency_key_reused')
  expect((await client.get('/v1/environments')).body.data).toHaveLength(1)
})

test('scopes keys by principal', async ({ client }) => {
  const mine = await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key('shared-0001') })
  const theirs = await client.post('/v1/environments', {
    json: { apps: ['crm'] },
    token: TOKENS.member,
    ...key('shared-0001'),
  })
  expect(theirs.status).toBe(202)
  expect(theirs.body.id).not.toBe(mine.body.id)
})

test('scopes keys by operation', async ({ client }) => {
  const created = await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key('op-key-0001') })
  const paused = await client.post(`/v1/environments/${created.body.id}/pause`, key('op-key-0001'))
  expect(paused.status).toBe(200)
  expect(paused.body.status).toBe('paused')
})

test('remembers nothing from a request that failed', async ({ client }) => {
  const failed = await client.post('/v1/environments', {
    json: { apps: [{ app: 'crm', settings: { version: 'crm-v2025.2' } }] },
    ...key('failed-0001'),
  })
  expectError(failed, 422, 'version_unavailable')
  const next = await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key('failed-0001') })
  expect(next.status).toBe(202)
})

test('replays over the cap instead of refusing with 429', async ({ client }) => {
  const first = await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key('cap-key-0001') })
  for (let i = 0; i < 9; i++) await createEnvironment(client)
  const replay = await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key('cap-key-0001') })
  expect(replay.status).toBe(200)
  expect(replay.body.id).toBe(first.body.id)
})

test('accepts keys of 8 and 128 allowed chars', async ({ client }) => {
  for (const value of ['a.b_c:d-', 'k'.repeat(128)]) {
    expect((await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key(value) })).status).toBe(
      202,
    )
  }
})

test('refuses keys of 7 or 129 chars or with other chars with 400 and the field', async ({ client }) => {
  for (const value of ['a'.repeat(7), 'k'.repeat(129), 'has space', 'slash/key/1']) {
    const response = await client.post('/v1/environments', { json: { apps: ['crm'] }, ...key(value) })
    expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty('idempotency-key')
  }
  const environment = await createEnvironment(client)
  for (const action of ['pause', 'resume']) {
    const response = await client.post(`/v1/environments/${environment.id}/${action}`, key('short'))
    expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty('idempotency-key')
  }
  expectError(await client.delete(`/v1/environments/${environment.id}`, key('short')), 400, 'invalid_request')
  expectError(
    await client.post('/v1/snapshots', { json: { environmentId: environment.id }, ...key('short') }),
    400,
    'invalid_request',
  )
  expect((await client.get('/v1/environments')).body.data).toHaveLength(1)
})

test('replays a delete with 200 although the environment is already deleted', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const first = await client.delete(`/v1/environments/${environment.id}`, key('delete-0001'))
  expect(first.status).toBe(200)
  const replay = await client.delete(`/v1/environments/${environment.id}`, key('delete-0001'))
  expect(replay.status).toBe(200)
  expect(Environment.parse(replay.body)).toMatchObject({ status: 'deleted', reason: 'cancelled' })
  expectError(await client.delete(`/v1/environments/${environment.id}`), 409, 'invalid_status')
})

test('replays pause and resume, and refuses the key on another environment', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const other = await mock.seed.environment()
  expect((await client.post(`/v1/environments/${environment.id}/pause`, key('pause-0001'))).status).toBe(200)
  expect((await client.post(`/v1/environments/${environment.id}/pause`, key('pause-0001'))).body.status).toBe(
    'paused',
  )
  expectError(
    await client.post(`/v1/environments/${other.id}/pause`, key('pause-0001')),
    409,
    'idempotency_key_reused',
  )
  expect((await client.post(`/v1/environments/${environment.id}/resume`, key('resume-0001'))).status).toBe(
    200,
  )
  const replay = await client.post(`/v1/environments/${environment.id}/resume`, key('resume-0001'))
  expect(replay.status).toBe(200)
  expect(replay.body.status).toBe('running')
})

test('replays a snapshot create with 200 and the snapshot as it is now', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const first = await client.post('/v1/snapshots', {
    json: { environmentId: environment.id },
    ...key('snap-0001'),
  })
  expect(first.status).toBe(202)
  const replay = await client.post('/v1/snapshots', {
    json: { environmentId: environment.id },
    ...key('snap-0001'),
  })
  expect(replay.status).toBe(200)
  expect(Snapshot.parse(replay.body)).toMatchObject({ id: first.body.id, status: 'ready' })
  const other = await client.post('/v1/snapshots', {
    json: { environmentId: environment.id, name: 'x' },
    ...key('snap-0001'),
  })
  expectError(other, 409, 'idempotency_key_reused')
})

test('creates exactly one environment from 50 concurrent identical requests', async ({ client }) => {
  const body = { apps: ['crm'], name: 'Concurrent' }
  const responses = await Promise.all(
    Array.from({ length: 50 }, () =>
      client.post('/v1/environments', { json: body, ...key('concurrent-0001') }),
    ),
  )
  const statuses = responses.map((response) => response.status).sort()
  expect(statuses.filter((status) => status === 202)).toHaveLength(1)
  expect(statuses.filter((status) => status === 200)).toHaveLength(49)
  expect(new Set(responses.map((response) => response.body.id)).size).toBe(1)
  const listed = await client.get('/v1/environments')
  expect(listed.body.data.map((environment: Environment) => environment.id)).toEqual([responses[0]!.body.id])
})

test('creates exactly one snapshot from 50 concurrent identical requests', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const responses = await Promise.all(
    Array.from({ length: 50 }, () =>
      client.post('/v1/snapshots', { json: { environmentId: environment.id }, ...key('concurrent-snap') }),
    ),
  )
  expect(responses.filter((response) => response.status === 202)).toHaveLength(1)
  expect(responses.filter((response) => response.status === 200)).toHaveLength(49)
  expect((await client.get('/v1/snapshots')).body.data).toHaveLength(1)
})
