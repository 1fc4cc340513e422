import { conformanceTest, expect } from '../../support/harness.js'
import {
  createEnvironment,
  createSnapshot,
  expectError,
  getEnvironment,
  getSnapshot,
} from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { startMs: 100, resumeMs: 100, snapshotMs: 100 } })

test('fails the next start with the queued failure code when the start would finish', async ({
  client,
  mock,
}) => {
  const queued = await client.post('/__replica/faults', {
    json: { kind: 'environment.start', code: 'start_failed' },
  })
  expect(queued.status).toBe(201)
  expect(queued.body).toMatchObject({
    id: expect.any(String),
    kind: 'environment.start',
    code: 'start_failed',
    times: 1,
  })
  const environment = await createEnvironment(client)
  expect(environment.status).toBe('starting')
  mock.clock.advance(100)
  expect(await getEnvironment(client, environment.id)).toMatchObject({
    status: 'failed',
    reason: 'failed',
    failure: { app: 'crm', code: 'start_failed', message: expect.stringMatching(/failed to start/) },
    startedAt: null,
  })
  const next = await createEnvironment(client)
  mock.clock.advance(100)
  expect((await getEnvironment(client, next.id)).status).toBe('running')
})

test('uses the given message and code, as many times as asked', async ({ client, mock }) => {
  await client.post('/__replica/faults', {
    json: { kind: 'environment.start', code: 'version_unavailable', message: 'Version gone', times: 2 },
  })
  const ids = []
  for (let i = 0; i < 3; i++) ids.push((await createEnvironment(client)).id)
  mock.clock.advance(100)
  const [first, second, third] = await Promise.all(ids.map((id) => getEnvironment(client, id)))
  expect(first!.failure).toEqual({ app: 'crm', code: 'version_unavailable', message: 'Version gone' })
  expect(second!.failure?.code).toBe('version_unavailable')
  expect(third!.status).toBe('running')
})

test('targets a named app: only environments with it fail, naming it', async ({ client, mock }) => {
  mock.faults.add({ kind: 'environment.start', app: 'billing' })
  const plain = await createEnvironment(client)
  const withBilling = await createEnvironment(client, { apps: ['crm', { app: 'crm', name: 'billing' }] })
  mock.clock.advance(100)
  expect((await getEnvironment(client, plain.id)).status).toBe('running')
  expect((await getEnvironment(client, withBilling.id)).failure).toMatchObject({
    app: 'billing',
    code: 'start_failed',
  })
})

test('fails the next resume of the targeted environment with resume_failed', async ({ client, mock }) => {
  const target = await mock.seed.environment({ status: 'paused' })
  const bystander = await mock.seed.environment({ status: 'paused' })
  mock.faults.add({ kind: 'environment.resume', environmentId: target.id })
  await client.post(`/v1/environments/${bystander.id}/resume`)
  const resumed = await client.post(`/v1/environments/${target.id}/resume`)
  expect(resumed.body.status).toBe('starting')
  mock.clock.advance(100)
  expect(await getEnvironment(client, target.id)).toMatchObject({
    status: 'failed',
    reason: 'failed',
    failure: { app: 'crm', code: 'resume_failed' },
  })
  expect((await getEnvironment(client, bystander.id)).status).toBe('running')
})

test('fails the next snapshot with interrupted or internal_error', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  await client.post('/__replica/faults', { json: { kind: 'snapshot', code: 'interrupted' } })
  const interrupted = await createSnapshot(client, environment.id)
  mock.clock.advance(100)
  expect(await getSnapshot(client, interrupted.id)).toMatchObject({
    status: 'failed',
    failure: { code: 'interrupted', message: expect.any(String) },
    sizeBytes: null,
    readyAt: null,
  })
  await client.post('/__replica/faults', { json: { kind: 'snapshot', message: 'Disk full' } })
  const internal = await createSnapshot(client, environment.id)
  mock.clock.advance(100)
  expect((await getSnapshot(client, internal.id)).failure).toEqual({
    code: 'internal_error',
    message: 'Disk full',
  })
  const fine = await createSnapshot(client, environment.id)
  mock.clock.advance(100)
  expect((await getSnapshot(client, fine.id)).status).toBe('ready')
})

test('refuses an environment from a failed snapshot with 409', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  mock.faults.add({ kind: 'snapshot', code: 'internal_error' })
  const snapshot = await createSnapshot(client, environment.id)
  mock.clock.advance(100)
  expectError(
    await client.post('/v1/environments', { json: { snapshotId: snapshot.id } }),
    409,
    'invalid_status',
  )
})

test('lists queued faults with what is left of them, and clears them', async ({ client, mock }) => {
  await client.post('/__replica/faults', { json: { kind: 'environment.start', times: 2 } })
  await client.post('/__replica/faults', {
    json: { kind: 'snapshot', code: 'interrupted', environmentId: 'env_x' },
  })
  await createEnvironment(client)
  const listed = await client.get('/__replica/faults')
  expect(listed.status).toBe(200)
  expect(listed.body.data).toEqual([
    { id: expect.any(String), kind: 'environment.start', code: 'start_failed', times: 1 },
    { id: expect.any(String), kind: 'snapshot', code: 'interrupted', environmentId: 'env_x', times: 1 },
  ])
  expect(mock.faults.list()).toEqual(listed.body.data)
  expect((await client.delete('/__replica/faults')).status).toBe(200)
  expect((await client.get('/__replica/faults')).body.data).toEqual([])
})

test('forgets queued faults on reset', async ({ client, mock }) => {
  mock.faults.add({ kind: 'environment.start' })
  await client.post('/__replica/reset')
  expect(mock.faults.list()).toEqual([])
})

test('refuses invalid faults with 400 and the fields', async ({ client }) => {
  for (const json of [
    { kind: 'gateway' },
    { kind: 'snapshot', code: 'start_failed' },
    { kind: 'environment.start', code: 'interrupted' },
    { kind: 'environment.start', times: 0 },
    { kind: 'environment.start', app: 'Bad App' },
    { kind: 'environment.start', extra: true },
    {},
  ]) {
    expectError(await client.post('/__replica/faults', { json }), 400, 'invalid_request')
  }
  expect((await client.get('/__replica/faults')).body.data).toEqual([])
})

test('throws a TypeError for an invalid in-process fault', ({ mock }) => {
  expect(() => mock.faults.add({ kind: 'snapshot', code: 'boom' } as never)).toThrow(TypeError)
})
