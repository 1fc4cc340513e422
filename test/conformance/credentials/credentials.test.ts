import { Credentials } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, expectError, TOKENS } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { startMs: 1000 } })

const path = (environmentId: string, app = 'crm') =>
  `/v1/environments/${environmentId}/apps/${app}/credentials`

test('issues credentials for the default actor', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const response = await client.post(path(environment.id), { json: {} })
  expect(response.status).toBe(200)
  const credentials = Credentials.parse(response.body)
  expect(credentials).toEqual({
    environmentId: environment.id,
    app: 'crm',
    actorId: 'admin',
    url: `${client.baseUrl}/apps/${environment.id}/crm`,
    headers: { Authorization: `Bearer ${credentials.token}`, 'x-replica-actor': 'admin' },
    // Salesforce's shape: the environment's org id, `!`, a secret
    token: expect.stringMatching(/^00D[0-9A-Za-z]{15}![0-9a-z]{40}$/),
    expiresAt: environment.expiresAt,
    // the default version has an interactive login Api (OAuth 2.0 and SOAP login)
    login: {
      authentication: 'oauth2',
      url: `${client.baseUrl}/apps/${environment.id}/crm`,
      parameters: {
        username: 'admin@crm.replica.test',
        client_id: expect.stringMatching(/^3MVG9/),
        actor: 'admin',
        // where the web server flow may send a code (logins.md)
        callback_urls: '',
        callback_origins: expect.stringMatching(/^http:\/\/localhost:\* .* https?:\/\/[^ ]+$/),
      },
      secrets: { password: expect.any(String), client_secret: expect.any(String) },
    },
  })
})

test('accepts a POST without a body', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const response = await client.post(path(environment.id))
  expect(Credentials.parse(response.body).actorId).toBe('admin')
})

test('returns the same token for the same environment, app and actor', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const first = Credentials.parse(
    (await client.post(path(environment.id), { json: { actorId: 'integration' } })).body,
  )
  const again = Credentials.parse(
    (await client.post(path(environment.id), { json: { actorId: 'integration' } })).body,
  )
  expect(again.token).toBe(first.token)
  expect(again.headers['x-replica-actor']).toBe('integration')
  const member = Credentials.parse(
    (await client.post(path(environment.id), { json: { actorId: 'integration' }, token: TOKENS.member }))
      .body,
  )
  expect(member.token).toBe(first.token)
})

test('never shares a token between actors, apps or environments', async ({ client, mock }) => {
  const one = await mock.seed.environment({ apps: ['crm', { app: 'crm', name: 'billing' }] })
  const two = await mock.seed.environment()
  const tokens = new Set<string>()
  for (const [environmentId, app, actorId] of [
    [one.id, 'crm', 'admin'],
    [one.id, 'crm', 'integration'],
    [one.id, 'crm', 'readonly'],
    [one.id, 'billing', 'admin'],
    [two.id, 'crm', 'admin'],
  ] as const) {
    tokens.add(
      Credentials.parse((await client.post(path(environmentId, app), { json: { actorId } })).body).token,
    )
  }
  expect(tokens.size).toBe(5)
})

test('puts the token in the URL when the environment has tokenInUrl', async ({ client, mock }) => {
  const environment = await mock.seed.environment({ tokenInUrl: true })
  const credentials = Credentials.parse((await client.post(path(environment.id))).body)
  expect(credentials.url).toBe(`${client.baseUrl}/apps/${environment.id}/crm/t/${credentials.token}`)
})

test('expires with the environment, or a time limit after a pending start', async ({ client, mock }) => {
  const starting = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 10 })
  const pending = Credentials.parse((await client.post(path(starting.id))).body)
  expect(pending.expiresAt).toBe(new Date(Date.parse(starting.createdAt) + 1000 + 10 * 60_000).toISOString())
  mock.clock.advance(1000)
  const running = Credentials.parse((await client.post(path(starting.id))).body)
  expect(running.expiresAt).toBe(pending.expiresAt)
  expect(running.token).toBe(pending.token)
})

test('refuses an actor the app version does not have with 400 and the field', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const response = await client.post(path(environment.id), { json: { actorId: 'root' } })
  const error = expectError(response, 400, 'invalid_request')
  expect(error.fields?.actorId?.[0]).toMatch(/admin, integration, readonly/)
})

test('validates the body: actorId 1..255 chars and no other keys', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  for (const json of [{ actorId: '' }, { actorId: 'a'.repeat(256) }, { actor: 'admin' }]) {
    expectError(await client.post(path(environment.id), { json }), 400, 'invalid_request')
  }
  expectError(
    await client.post(path(environment.id), {
      body: 'actorId=admin',
      headers: { 'content-type': 'text/plain' },
    }),
    400,
    'invalid_request',
  )
  expectError(
    await client.post(path(environment.id), {
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    }),
    400,
    'invalid_request',
  )
})

test('answers 404 for an app the environment does not have', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  expectError(await client.post(path(environment.id, 'billing')), 404, 'not_found')
  expectError(await client.post(path(environment.id, 'Bad_Name')), 400, 'invalid_request')
})

test('answers 404 for an unknown environment or one of another workspace', async ({ client, mock }) => {
  const other = await mock.seed.environment({ workspaceId: 'ws_other' })
  expectError(await client.post(path('env_nothere')), 404, 'not_found')
  expectError(await client.post(path(other.id)), 404, 'not_found')
  expect((await client.post(path(other.id), { token: TOKENS.other })).status).toBe(200)
})

test('refuses deleted and failed environments with 409 invalid_status', async ({ client, mock }) => {
  for (const status of ['deleted', 'failed'] as const) {
    const environment = await mock.seed.environment({ status })
    expectError(await client.post(path(environment.id)), 409, 'invalid_status')
  }
  const paused = await mock.seed.environment({ status: 'paused' })
  expect((await client.post(path(paused.id))).status).toBe(200)
})

test('needs environments:connect', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  expectError(await client.post(path(environment.id), { token: TOKENS.readonly }), 403, 'forbidden')
  expectError(await client.post(path(environment.id), { token: null }), 401, 'unauthenticated')
})
