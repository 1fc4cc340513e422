import { Environment } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, expectError, getEnvironment, ms } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { startMs: 1000, resumeMs: 500 } })

const MINUTE = 60_000

test('stays starting until startMs has passed, then runs with startedAt and expiresAt', async ({
  client,
  mock,
}) => {
  const created = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 5 })
  mock.clock.advance(999)
  expect((await getEnvironment(client, created.id)).status).toBe('starting')
  mock.clock.advance(1)
  const running = await getEnvironment(client, created.id)
  expect(running.status).toBe('running')
  expect(ms(running.startedAt)).toBe(ms(created.createdAt) + 1000)
  expect(ms(running.expiresAt)).toBe(ms(running.startedAt) + 5 * MINUTE)
})

test('stamps a late-seen start with its due time, not with the time of the read', async ({
  client,
  mock,
}) => {
  const created = await createEnvironment(client)
  mock.clock.advance(30_000)
  const running = await getEnvironment(client, created.id)
  expect(ms(running.startedAt)).toBe(ms(created.createdAt) + 1000)
})

test('expires at expiresAt with reason expired', async ({ client, mock }) => {
  const created = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 1 })
  mock.clock.advance(1000 + MINUTE - 1)
  expect((await getEnvironment(client, created.id)).status).toBe('running')
  mock.clock.advance(1)
  const expired = await getEnvironment(client, created.id)
  expect(expired).toMatchObject({ status: 'deleted', reason: 'expired', expiresAt: expired.deletedAt })
})

test('applies start and expiry in order when read long after both', async ({ client, mock }) => {
  const created = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 1 })
  mock.clock.advance(10 * MINUTE)
  const environment = await getEnvironment(client, created.id)
  expect(environment).toMatchObject({ status: 'deleted', reason: 'expired' })
  expect(ms(environment.deletedAt)).toBe(ms(created.createdAt) + 1000 + MINUTE)
  const events = await client.get(`/v1/audit-events?environmentId=${created.id}`)
  expect(events.body.data.map((event: { name: string }) => event.name)).toEqual([
    'environment.expired',
    'environment.running',
    'environment.created',
  ])
})

test('pauses a running environment', async ({ client, mock }) => {
  const created = await createEnvironment(client)
  mock.clock.advance(1000)
  const response = await client.post(`/v1/environments/${created.id}/pause`)
  expect(response.status).toBe(200)
  expect(Environment.parse(response.body)).toMatchObject({
    status: 'paused',
    pausedAt: mock.clock.now().toISOString(),
  })
})

test('pauses a starting environment, which then never starts on its own', async ({ client, mock }) => {
  const created = await createEnvironment(client)
  const response = await client.post(`/v1/environments/${created.id}/pause`)
  expect(response.body.status).toBe('paused')
  mock.clock.advance(10_000)
  expect(await getEnvironment(client, created.id)).toMatchObject({ status: 'paused', startedAt: null })
})

test('resumes a paused environment: 200 starting, then running after resumeMs with a fresh time limit', async ({
  client,
  mock,
}) => {
  const created = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 2 })
  mock.clock.advance(1000)
  await client.post(`/v1/environments/${created.id}/pause`)
  mock.clock.advance(MINUTE)
  const response = await client.post(`/v1/environments/${created.id}/resume`)
  expect(response.status).toBe(200)
  expect(Environment.parse(response.body)).toMatchObject({
    status: 'starting',
    pausedAt: null,
    expiresAt: null,
  })
  const resumedAt = mock.clock.nowMs()
  mock.clock.advance(499)
  expect((await getEnvironment(client, created.id)).status).toBe('starting')
  mock.clock.advance(1)
  const running = await getEnvironment(client, created.id)
  expect(running.status).toBe('running')
  expect(ms(running.startedAt)).toBe(resumedAt + 500)
  expect(ms(running.expiresAt)).toBe(resumedAt + 500 + 2 * MINUTE)
})

test('expires a paused environment at its expiresAt', async ({ client, mock }) => {
  const created = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 1 })
  mock.clock.advance(1000)
  await client.post(`/v1/environments/${created.id}/pause`)
  mock.clock.advance(MINUTE)
  expect(await getEnvironment(client, created.id)).toMatchObject({ status: 'deleted', reason: 'expired' })
})

test('deletes with reason cancelled from starting, running, paused and failed', async ({ client, mock }) => {
  const starting = await createEnvironment(client)
  const running = await mock.seed.environment({ status: 'running' })
  const paused = await mock.seed.environment({ status: 'paused' })
  const failed = await mock.seed.environment({ status: 'failed' })
  for (const { id } of [starting, running, paused, failed]) {
    const response = await client.delete(`/v1/environments/${id}`)
    expect(response.status).toBe(200)
    expect(Environment.parse(response.body)).toMatchObject({
      status: 'deleted',
      reason: 'cancelled',
      deletedAt: mock.clock.now().toISOString(),
    })
  }
})

test('a deleted environment never starts', async ({ client, mock }) => {
  const created = await createEnvironment(client)
  await client.delete(`/v1/environments/${created.id}`)
  mock.clock.advance(5000)
  expect(await getEnvironment(client, created.id)).toMatchObject({ status: 'deleted', startedAt: null })
})

test('refuses forbidden transitions with 409 invalid_status', async ({ client, mock }) => {
  const starting = await createEnvironment(client)
  const running = await mock.seed.environment({ status: 'running' })
  const paused = await mock.seed.environment({ status: 'paused' })
  const failed = await mock.seed.environment({ status: 'failed' })
  const deleted = await mock.seed.environment({ status: 'deleted' })
  const refused = [
    ['pause', paused],
    ['pause', failed],
    ['pause', deleted],
    ['resume', starting],
    ['resume', running],
    ['resume', failed],
    ['resume', deleted],
  ] as const
  for (const [action, environment] of refused) {
    const error = expectError(
      await client.post(`/v1/environments/${environment.id}/${action}`),
      409,
      'invalid_status',
    )
    expect(error.message).toContain(environment.status)
  }
  expectError(await client.delete(`/v1/environments/${deleted.id}`), 409, 'invalid_status')
})

test('uses the lifecycle delays in force when the work starts', async ({ client, mock }) => {
  await client.put('/__replica/lifecycle', { json: { startMs: 60_000 } })
  const created = await createEnvironment(client)
  mock.clock.advance(59_999)
  expect((await getEnvironment(client, created.id)).status).toBe('starting')
  mock.clock.advance(1)
  expect((await getEnvironment(client, created.id)).status).toBe('running')
})

test('answers 404 for lifecycle requests on unknown or other-workspace environments', async ({
  client,
  mock,
}) => {
  const other = await mock.seed.environment({ workspaceId: 'ws_other' })
  for (const id of ['env_nothere', other.id]) {
    expectError(await client.post(`/v1/environments/${id}/pause`), 404, 'not_found')
    expectError(await client.post(`/v1/environments/${id}/resume`), 404, 'not_found')
    expectError(await client.delete(`/v1/environments/${id}`), 404, 'not_found')
  }
  expect((await mock.environments.get(other.id))?.status).toBe('running')
})

test('needs environments:write for pause, resume and delete', async ({ client, mock }) => {
  const environment = await mock.seed.environment({ status: 'running' })
  const readonly = { token: 'test-readonly-key' }
  expectError(await client.post(`/v1/environments/${environment.id}/pause`, readonly), 403, 'forbidden')
  expectError(await client.post(`/v1/environments/${environment.id}/resume`, readonly), 403, 'forbidden')
  expectError(await client.delete(`/v1/environments/${environment.id}`, readonly), 403, 'forbidden')
})

test('refuses a malformed environment id with 400', async ({ client }) => {
  expectError(await client.post('/v1/environments/-bad/pause'), 400, 'invalid_request')
})

test('applies a transition first seen by a failing request exactly once', async ({ client, mock }) => {
  const created = await createEnvironment(client)
  mock.clock.advance(1000)
  expectError(await client.get('/v1/environments/env_nothere'), 404, 'not_found')
  expectError(await client.post(`/v1/environments/${created.id}/resume`), 409, 'invalid_status')
  expect((await getEnvironment(client, created.id)).status).toBe('running')
  const events = await client.get(`/v1/audit-events?environmentId=${created.id}`)
  expect(events.body.data.map((event: { name: string }) => event.name)).toEqual([
    'environment.running',
    'environment.created',
  ])
})
