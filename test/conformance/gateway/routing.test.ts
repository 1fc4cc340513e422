import { ErrorBody } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, TOKENS } from '../../support/management.js'
import {
  callApp,
  connect,
  credentialsFor,
  expectInvalidSession,
  expectRefusal,
  lastRecorded,
  listRecorded,
} from '../../support/app-calls.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { startMs: 1000, resumeMs: 1000 } })

/** Salesforce's version list for the default CRM version (API 48.0..60.0). */
function expectVersionList(body: unknown) {
  expect(body).toEqual(
    Array.from({ length: 13 }, (_, i) => ({
      label: expect.stringMatching(/^(Winter|Spring|Summer) '\d\d$/),
      url: `/services/data/v${48 + i}.0`,
      version: `${48 + i}.0`,
    })),
  )
  expect((body as Array<{ label: string }>)[0]!.label).toBe("Spring '20")
  expect((body as Array<{ label: string }>)[12]!.label).toBe("Spring '24")
}

test('answers a native path at the root of the base URL, routed by the Bearer token', async ({
  client,
  mock,
}) => {
  const { token } = await connect({ client, mock })
  const response = await callApp(client, 'GET', '/services/data', token)
  expect(response.status).toBe(200)
  expectVersionList(response.body)
})

test('answers after a partial prefix /apps/{environmentId} (what jsforce bulk2 sends)', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  const response = await callApp(client, 'GET', `/apps/${environment.id}/services/data`, token)
  expect(response.status).toBe(200)
  expectVersionList(response.body)
})

test('answers at the app URL from the credentials (full prefix)', async ({ client, mock }) => {
  const { credentials, token } = await connect({ client, mock })
  const path = new URL(credentials.url).pathname
  expect(path).toMatch(/^\/apps\/env_[0-9a-z]+\/crm$/)
  const response = await callApp(client, 'GET', `${path}/services/data`, token)
  expect(response.status).toBe(200)
  expectVersionList(response.body)
})

test('takes the token from the /t/{token} segment of a tokenInUrl app URL, without a header', async ({
  client,
  mock,
}) => {
  const { credentials, token } = await connect({ client, mock }, { tokenInUrl: true })
  const path = new URL(credentials.url).pathname
  expect(path).toMatch(new RegExp(`/crm/t/${token}$`))
  const response = await callApp(client, 'GET', `${path}/services/data`, null)
  expect(response.status).toBe(200)
  expectVersionList(response.body)
})

test('takes /t/{token} without the app name, and in an environment without tokenInUrl', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  const response = await callApp(client, 'GET', `/apps/${environment.id}/t/${token}/services/data`, null)
  expect(response.status).toBe(200)
  expectVersionList(response.body)
})

test('refuses a call without a token with 401 INVALID_SESSION_ID, the reason in WWW-Authenticate', async ({
  client,
  mock,
}) => {
  const { environment } = await connect({ client, mock })
  const reason = expectInvalidSession(
    await callApp(client, 'GET', `/apps/${environment.id}/crm/services/data`, null),
  )
  expect(reason).toMatch(/Bearer/)
  expectInvalidSession(await callApp(client, 'GET', '/services/data', null))
  // the recording keeps the gateway's code
  const recorded = await lastRecorded(client, environment.id)
  expect(recorded).toMatchObject({
    responseStatus: 401,
    respondedBy: 'gateway',
    errorCode: 'unauthenticated',
  })
})

test('refuses an environment id holding control characters with 401, its header printable', async ({
  client,
  mock,
}) => {
  const { token } = await connect({ client, mock })
  for (const [id, presented] of [
    ['%40%12L%0Eq', null],
    ['%40%12L%0Eq', token],
    ['%7F%00x', token],
    ['caf%C3%A9%E2%80%A8', token],
    ['a%22b%5Cc', token],
  ] as const) {
    const reason = expectInvalidSession(
      await callApp(client, 'GET', `/apps/${id}/crm/services/data/v60.0/sobjects`, presented),
    )
    // RFC 6750: error_description holds %x20-21 / %x23-5B / %x5D-7E only
    expect(reason).toMatch(
      /^Bearer error="invalid_token", error_description="[\x20\x21\x23-\x5B\x5D-\x7E]*"$/,
    )
  }
})

test.for([TOKENS.apiKey, TOKENS.member])(
  'refuses the management token %s on an app URL with 401',
  async (token, { client, mock }) => {
    const { environment } = await connect({ client, mock })
    const prefixed = await callApp(client, 'GET', `/apps/${environment.id}/crm/services/data`, token)
    expect(expectInvalidSession(prefixed)).toMatch(/management tokens/)
    expectInvalidSession(await callApp(client, 'GET', '/services/data', token))
  },
)

test.for(['tok_unknown0000000000000000000000000', '00DRm0000000001AAA!unknown', 'not a token', 'x'])(
  'refuses the malformed or unknown token %j with 401',
  async (token, { client, mock }) => {
    await connect({ client, mock })
    const response = await callApp(client, 'GET', '/services/data', null, {
      headers: { authorization: `Bearer ${token}` },
    })
    expectInvalidSession(response)
  },
)

test('refuses a Bearer header and a URL token that disagree', async ({ client, mock }) => {
  const one = await connect({ client, mock })
  const two = await connect({ client, mock })
  const response = await callApp(
    client,
    'GET',
    `/apps/${one.environment.id}/t/${one.token}/services/data`,
    two.token,
  )
  expectInvalidSession(response)
})

test("refuses another environment's token on an environment's URL (prefix mismatch)", async ({
  client,
  mock,
}) => {
  const one = await connect({ client, mock })
  const two = await connect({ client, mock })
  const response = await callApp(client, 'GET', `/apps/${one.environment.id}/crm/services/data`, two.token)
  expect(expectInvalidSession(response)).toContain(one.environment.id)
  const partial = await callApp(client, 'GET', `/apps/${one.environment.id}/services/data`, two.token)
  expectInvalidSession(partial)
})

test("refuses another app's token on an app's URL, and 404s an unknown app name", async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect(
    { client, mock },
    { apps: ['crm', { app: 'crm', name: 'billing' }] },
  )
  const other = await callApp(client, 'GET', `/apps/${environment.id}/billing/services/data`, token)
  expectInvalidSession(other)
  const billing = await credentialsFor(client, environment.id, 'billing')
  const own = await callApp(client, 'GET', `/apps/${environment.id}/billing/services/data`, billing.token)
  expect(own.status).toBe(200)
  const unknown = await callApp(client, 'GET', `/apps/${environment.id}/nope/services/data`, token)
  expect(expectRefusal(unknown, 404, 'app_not_found').message).toContain('nope')
})

test('refuses /apps without an environment id with 404 in the gateway body', async ({ client }) => {
  expectRefusal(await callApp(client, 'GET', '/apps', null), 404, 'not_found')
  expectRefusal(await callApp(client, 'GET', '/apps/', null), 404, 'not_found')
})

test('passes an unknown native path to the app, which answers in its own format', async ({
  client,
  mock,
}) => {
  const { token } = await connect({ client, mock })
  const response = await callApp(client, 'GET', '/services/nothing-here', token)
  expect(response.status).toBe(404)
  expect(response.body).toEqual([{ message: expect.any(String), errorCode: 'NOT_FOUND' }])
})

test('refuses an app token on the management API with 401 in the management body', async ({
  client,
  mock,
}) => {
  const { token } = await connect({ client, mock })
  const response = await client.get('/v1/me', { token })
  expect(response.status).toBe(401)
  expect(ErrorBody.parse(response.body).error.code).toBe('unauthenticated')
})

test('refuses calls to a paused environment with 409 and serves them again after resume', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  await client.post(`/v1/environments/${environment.id}/pause`)
  const paused = await callApp(client, 'GET', '/services/data', token)
  expect(expectRefusal(paused, 409, 'environment_paused').message).toMatch(/paused/)
  await client.post(`/v1/environments/${environment.id}/resume`)
  const starting = await callApp(client, 'GET', '/services/data', token)
  expectRefusal(starting, 503, 'environment_starting')
  mock.clock.advance(1000)
  expect((await callApp(client, 'GET', '/services/data', token)).status).toBe(200)
})

test('refuses calls to a starting environment with 503 and Retry-After until startMs has passed', async ({
  client,
  mock,
}) => {
  const environment = await createEnvironment(client)
  const { token } = await credentialsFor(client, environment.id)
  mock.clock.advance(400)
  const starting = await callApp(client, 'GET', '/services/data', token)
  expectRefusal(starting, 503, 'environment_starting')
  expect(starting.headers.get('retry-after')).toBe('1')
  mock.clock.advance(599)
  expectRefusal(await callApp(client, 'GET', '/services/data', token), 503, 'environment_starting')
  mock.clock.advance(1)
  // the due start is applied by the gateway itself, with no management read in between
  expect((await callApp(client, 'GET', '/services/data', token)).status).toBe(200)
})

test('refuses calls to a deleted environment with 404', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await client.delete(`/v1/environments/${environment.id}`)
  expectRefusal(await callApp(client, 'GET', '/services/data', token), 404, 'environment_not_found')
})

test('refuses calls to a failed environment with 404', async ({ client, mock }) => {
  const environment = await createEnvironment(client)
  const { token } = await credentialsFor(client, environment.id)
  mock.faults.add({ kind: 'environment.start' })
  const failing = await createEnvironment(client)
  const failingToken = (await credentialsFor(client, failing.id)).token
  mock.clock.advance(1000)
  expect((await callApp(client, 'GET', '/services/data', token)).status).toBe(200)
  expectRefusal(await callApp(client, 'GET', '/services/data', failingToken), 404, 'environment_not_found')
})

test('records every refusal it can tie to an environment, with respondedBy gateway', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  const other = await connect({ client, mock })
  await callApp(client, 'GET', `/apps/${environment.id}/crm/services/data`, null)
  await callApp(client, 'GET', `/apps/${environment.id}/crm/services/data`, TOKENS.apiKey)
  await callApp(client, 'GET', `/apps/${environment.id}/crm/services/data`, other.token)
  await callApp(client, 'GET', `/apps/${environment.id}/nope/services/data`, token)
  await client.post(`/v1/environments/${environment.id}/pause`)
  await callApp(client, 'GET', '/services/data', token)

  const recorded = await listRecorded(client, environment.id)
  expect(recorded.map((call) => [call.responseStatus, call.errorCode, call.respondedBy, call.app])).toEqual([
    [409, 'environment_paused', 'gateway', 'crm'],
    [404, 'app_not_found', 'gateway', 'nope'],
    [401, 'unauthenticated', 'gateway', 'crm'],
    [401, 'unauthenticated', 'gateway', 'crm'],
  ])
  // the mismatched call is recorded under the environment its token belongs to
  const [mismatch] = await listRecorded(client, other.environment.id)
  expect(mismatch).toMatchObject({
    responseStatus: 401,
    errorCode: 'prefix_mismatch',
    respondedBy: 'gateway',
  })
  const detail = await lastRecorded(client, environment.id)
  expect(JSON.parse(detail.responseBody.preview!)).toEqual({
    error: { code: 'environment_paused', message: expect.any(String) },
  })
})

test('does not record a call it cannot tie to any environment', async ({ client, mock }) => {
  const { environment } = await connect({ client, mock })
  await callApp(client, 'GET', '/services/data', 'tok_unknown')
  await callApp(client, 'GET', '/apps/env_nope/crm/services/data', null)
  expect(await listRecorded(client, environment.id)).toEqual([])
  expect(mock.requests.list('env_nope')).toEqual([])
})

test('a path outside the management API and the native paths is the management 404, whatever it looks like', async ({
  client,
}) => {
  // the built-in app's routes are mounted at the root of the one app: none of them may answer here
  for (const path of ['/favicon.ico', '/nope/services/data', '/services/../nope']) {
    const response = await client.get(path, { token: TOKENS.apiKey })
    expect(response.status, path).toBe(404)
    expect(ErrorBody.parse(response.body).error).toMatchObject({ code: 'not_found' })
  }
})
