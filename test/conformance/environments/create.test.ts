import { Environment } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, expectError, TOKENS } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual' })

test('answers 202 starting with one app entry per app', async ({ client, mock }) => {
  const response = await client.post('/v1/environments', { json: { apps: ['crm'], name: 'Demo' } })
  expect(response.status).toBe(202)
  const environment = Environment.parse(response.body)
  expect(environment).toMatchObject({
    workspaceId: 'ws_default',
    name: 'Demo',
    labels: {},
    status: 'starting',
    reason: null,
    failure: null,
    timeLimitMinutes: 60,
    tokenInUrl: false,
    snapshotId: null,
    createdBy: { type: 'api_key', id: 'key_default', name: 'Default key' },
    createdAt: mock.clock.now().toISOString(),
    startedAt: null,
    pausedAt: null,
    deletedAt: null,
    expiresAt: null,
  })
  expect(environment.apps).toEqual([
    {
      name: 'crm',
      appId: 'crm',
      versionId: 'crm-v2026.2',
      version: '2026.2',
      settings: {},
      url: `${client.baseUrl}/apps/${environment.id}/crm`,
    },
  ])
})

test('is running on the next read when startMs is 0', async ({ client }) => {
  const environment = await createEnvironment(client)
  const response = await client.get(`/v1/environments/${environment.id}`)
  expect(Environment.parse(response.body).status).toBe('running')
})

test('accepts the object form with a name and a version chosen by id or by label', async ({ client }) => {
  const environment = await createEnvironment(client, {
    apps: [
      { app: 'crm', name: 'sales', settings: { version: 'crm-v2026.1' } },
      { app: 'crm', name: 'support', settings: { version: '2026.1' } },
      { app: 'crm' },
    ],
  })
  expect(environment.apps.map(({ name, versionId, settings }) => ({ name, versionId, settings }))).toEqual([
    { name: 'sales', versionId: 'crm-v2026.1', settings: { version: 'crm-v2026.1' } },
    { name: 'support', versionId: 'crm-v2026.1', settings: { version: '2026.1' } },
    { name: 'crm', versionId: 'crm-v2026.2', settings: {} },
  ])
})

test('refuses a retired version with 422 version_unavailable', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    json: { apps: [{ app: 'crm', settings: { version: 'crm-v2025.2' } }] },
  })
  expectError(response, 422, 'version_unavailable')
  expect(response.body.error.message).toMatch(/retired/)
})

test('refuses an unknown version with 422 version_unavailable', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    json: { apps: [{ app: 'crm', settings: { version: '1999.1' } }] },
  })
  expectError(response, 422, 'version_unavailable')
})

test('refuses a version setting that is not a string with 400', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    json: { apps: [{ app: 'crm', settings: { version: 2026 } }] },
  })
  expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty(['apps.0.settings.version'])
})

test('refuses an app that is not in the catalog with 400 and the field', async ({ client }) => {
  const response = await client.post('/v1/environments', { json: { apps: ['crm', 'erp'] } })
  expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty(['apps.1.app'])
})

test('refuses duplicate app names with 400 and the field', async ({ client }) => {
  const response = await client.post('/v1/environments', { json: { apps: ['crm', { app: 'crm' }] } })
  const error = expectError(response, 400, 'invalid_request')
  expect(error.fields?.['apps.1.name']?.[0]).toMatch(/Duplicate app name "crm"/)
})

test('accepts 1 and 10 apps and refuses 0 and 11', async ({ client }) => {
  const apps = (n: number) => Array.from({ length: n }, (_, i) => ({ app: 'crm', name: `crm-${i}` }))
  await createEnvironment(client, { apps: apps(1) })
  await createEnvironment(client, { apps: apps(10) })
  expect(
    expectError(await client.post('/v1/environments', { json: { apps: [] } }), 400, 'invalid_request').fields,
  ).toHaveProperty('apps')
  expectError(await client.post('/v1/environments', { json: { apps: apps(11) } }), 400, 'invalid_request')
})

test('refuses app items with other keys or a bad APP_ID or APP_NAME', async ({ client }) => {
  for (const item of [{ app: 'crm', extra: 1 }, 'CRM', { app: 'crm', name: 'Bad Name' }, { name: 'x' }]) {
    expectError(await client.post('/v1/environments', { json: { apps: [item] } }), 400, 'invalid_request')
  }
})

test('requires apps or a snapshotId, and not both', async ({ client }) => {
  const neither = expectError(await client.post('/v1/environments', { json: {} }), 400, 'invalid_request')
  expect(neither.fields?.apps?.[0]).toMatch(/apps or a snapshotId/)
  const both = await client.post('/v1/environments', { json: { apps: ['crm'], snapshotId: 'snap_x' } })
  expect(expectError(both, 400, 'invalid_request').fields).toHaveProperty('apps')
})

test('refuses unknown body keys and a body that is not JSON', async ({ client }) => {
  expectError(
    await client.post('/v1/environments', { json: { apps: ['crm'], color: 'red' } }),
    400,
    'invalid_request',
  )
  expectError(
    await client.post('/v1/environments', { body: 'apps=crm', headers: { 'content-type': 'text/plain' } }),
    400,
    'invalid_request',
  )
})

test('accepts names of 1 and 120 chars or null and refuses 0 and 121', async ({ client }) => {
  expect((await createEnvironment(client, { apps: ['crm'], name: 'a' })).name).toBe('a')
  expect((await createEnvironment(client, { apps: ['crm'], name: 'a'.repeat(120) })).name).toHaveLength(120)
  expect((await createEnvironment(client, { apps: ['crm'], name: null })).name).toBeNull()
  for (const name of ['', 'a'.repeat(121)]) {
    const response = await client.post('/v1/environments', { json: { apps: ['crm'], name } })
    expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty('name')
  }
})

test('accepts label values of 256 chars and refuses 257', async ({ client }) => {
  const environment = await createEnvironment(client, { apps: ['crm'], labels: { team: 'x'.repeat(256) } })
  expect(environment.labels.team).toHaveLength(256)
  const response = await client.post('/v1/environments', {
    json: { apps: ['crm'], labels: { team: 'x'.repeat(257) } },
  })
  expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty(['labels.team'])
})

test('accepts timeLimitMinutes 1 and 1440, defaults to 60, refuses 0, 1441 and 1.5', async ({ client }) => {
  expect((await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 1 })).timeLimitMinutes).toBe(1)
  expect((await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 1440 })).timeLimitMinutes).toBe(
    1440,
  )
  expect((await createEnvironment(client)).timeLimitMinutes).toBe(60)
  for (const timeLimitMinutes of [0, 1441, 1.5]) {
    const response = await client.post('/v1/environments', { json: { apps: ['crm'], timeLimitMinutes } })
    expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty('timeLimitMinutes')
  }
})

test('keeps tokenInUrl when given', async ({ client }) => {
  expect((await createEnvironment(client, { apps: ['crm'], tokenInUrl: true })).tokenInUrl).toBe(true)
})

test('puts an API key environment in its own workspace, also when it names it', async ({ client }) => {
  expect((await createEnvironment(client, { apps: ['crm'], workspaceId: 'ws_default' })).workspaceId).toBe(
    'ws_default',
  )
  const other = await createEnvironment(client, { apps: ['crm'] }, { token: TOKENS.other })
  expect(other.workspaceId).toBe('ws_other')
})

test('answers 404 when an API key names another workspace', async ({ client }) => {
  const response = await client.post('/v1/environments', { json: { apps: ['crm'], workspaceId: 'ws_other' } })
  expectError(response, 404, 'not_found')
})

test('puts a member environment in the named workspace, or the default one', async ({ client }) => {
  const member = { token: TOKENS.member }
  expect((await createEnvironment(client, { apps: ['crm'] }, member)).workspaceId).toBe('ws_default')
  expect(
    (await createEnvironment(client, { apps: ['crm'], workspaceId: 'ws_other' }, member)).workspaceId,
  ).toBe('ws_other')
  expect((await createEnvironment(client, { apps: ['crm'] }, member)).createdBy).toEqual({
    type: 'member',
    id: 'usr_owner',
    name: 'Olive Owner',
  })
})

test('refuses an archived workspace with 409 workspace_archived', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    json: { apps: ['crm'], workspaceId: 'ws_archived' },
    token: TOKENS.member,
  })
  expectError(response, 409, 'workspace_archived')
})

test('answers 404 for an unknown workspace', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    json: { apps: ['crm'], workspaceId: 'ws_nowhere' },
    token: TOKENS.member,
  })
  expectError(response, 404, 'not_found')
})

test('refuses the 11th environment with 429 environment_limit_reached', async ({ client }) => {
  for (let i = 0; i < 10; i++) await createEnvironment(client)
  expectError(
    await client.post('/v1/environments', { json: { apps: ['crm'] } }),
    429,
    'environment_limit_reached',
  )
  // the cap is per organization: another workspace's key is refused too
  expectError(
    await client.post('/v1/environments', { json: { apps: ['crm'] }, token: TOKENS.other }),
    429,
    'environment_limit_reached',
  )
})

test('frees a slot when an environment is deleted, and failed ones never hold one', async ({
  client,
  mock,
}) => {
  const environments = []
  for (let i = 0; i < 10; i++) environments.push(await createEnvironment(client))
  await client.delete(`/v1/environments/${environments[0]!.id}`)
  await createEnvironment(client)
  expectError(
    await client.post('/v1/environments', { json: { apps: ['crm'] } }),
    429,
    'environment_limit_reached',
  )
  await mock.seed.environment({ status: 'failed' })
  await mock.seed.environment({ status: 'deleted' })
  await client.delete(`/v1/environments/${environments[1]!.id}`)
  await createEnvironment(client)
})

test('creates an environment with unknown settings that fails on start with invalid_settings', async ({
  client,
}) => {
  const created = await createEnvironment(client, {
    apps: ['crm', { app: 'crm', name: 'other', settings: { locale: 'fr', version: '2026.1' } }],
  })
  expect(created.status).toBe('starting')
  const response = await client.get(`/v1/environments/${created.id}`)
  expect(Environment.parse(response.body)).toMatchObject({
    status: 'failed',
    reason: 'failed',
    failure: { app: 'other', code: 'invalid_settings' },
    startedAt: null,
    expiresAt: null,
  })
  expect(response.body.failure.message).toMatch(/locale/)
})

test('needs environments:write: the read-only key gets 403 whatever it sends', async ({ client }) => {
  expectError(
    await client.post('/v1/environments', { json: { apps: ['crm'] }, token: TOKENS.readonly }),
    403,
    'forbidden',
  )
  expectError(await client.post('/v1/environments', { json: {}, token: TOKENS.readonly }), 403, 'forbidden')
})

test('needs a valid token', async ({ client }) => {
  expectError(
    await client.post('/v1/environments', { json: { apps: ['crm'] }, token: null }),
    401,
    'unauthenticated',
  )
})
