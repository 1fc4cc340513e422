import { vi } from 'vitest'
import { conformanceTest, expect } from '../../support/harness.js'
import { callApp, connect, expectRefusal, lastRecorded, MiB, testApp } from '../../support/app-calls.js'

const test = conformanceTest({ clock: 'manual', nativeHandlers: { crm: testApp } })
const REQUEST_ID = /^rid_[0-9a-z]{16}$/

test('hands the app the native path and query, prefix and token stripped, with who the call is for', async ({
  client,
  mock,
}) => {
  const { environment, credentials } = await connect({ client, mock }, { tokenInUrl: true })
  const path = new URL(credentials.url).pathname
  const response = await callApp(client, 'POST', `${path}/services/test/echo?a=1&b=two`, null, {
    json: { Name: 'Acme' },
  })
  expect(response.status).toBe(200)
  const version = mock.versions.get(environment.apps[0]!.versionId)!
  expect(response.body).toEqual({
    method: 'POST',
    path: '/services/test/echo',
    query: '?a=1&b=two',
    bytes: 15,
    text: '{"Name":"Acme"}',
    call: {
      environmentId: environment.id,
      appName: 'crm',
      appId: 'crm',
      versionId: version.id,
      actor: 'admin',
      apiVersions: version.apis[0]!.apiVersions,
    },
    actorHeader: null,
  })
})

test('hands a handler of the nativeHandlers option a real Request, which it can copy or pass to fetch', async ({
  client,
  mock,
}) => {
  const { credentials } = await connect({ client, mock })
  const path = new URL(credentials.url).pathname
  for (const [method, options] of [
    ['POST', { json: { Name: 'Acme' } }],
    ['GET', {}],
  ] as const) {
    const response = await callApp(
      client,
      method,
      `${path}/services/test/copy?a=1`,
      credentials.token,
      options,
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      isRequest: true,
      url: expect.stringMatching(/^https?:\/\/[^/]+\/services\/test\/copy\?a=1$/),
      text: method === 'POST' ? '{"Name":"Acme"}' : '',
    })
  }
})

test('keeps the app headers beside x-request-id: a default content type, one request id whatever the app named', async ({
  client,
  mock,
}) => {
  const { token } = await connect({ client, mock })
  const plain = await callApp(client, 'GET', '/services/test/plain', token)
  expect(plain.text).toBe('plain')
  expect(plain.headers.get('content-type')).toMatch(/^text\/plain; ?charset=utf-8$/i)
  expect(plain.headers.get('x-request-id')).toMatch(REQUEST_ID)
  const named = await callApp(client, 'GET', '/services/test/own-request-id', token)
  expect(named.headers.get('content-type')).toBe('application/json')
  expect(named.headers.get('x-request-id')).toMatch(REQUEST_ID)
})

test('calls as the actor of the credentials', async ({ client, mock }) => {
  const { token } = await connect({ client, mock }, {}, { actorId: 'integration' })
  const response = await callApp(client, 'GET', '/services/test/echo', token)
  expect(response.body.call.actor).toBe('integration')
})

test("switches the actor with the version's actor header to another actor of that version", async ({
  client,
  mock,
}) => {
  const { token } = await connect({ client, mock })
  const response = await callApp(client, 'GET', '/services/test/echo', token, {
    headers: { 'x-replica-actor': 'readonly' },
  })
  expect(response.status).toBe(200)
  expect(response.body.call.actor).toBe('readonly')
  expect(response.body.actorHeader).toBe('readonly')
})

test('refuses an actor header naming no actor of the version with 400, and records it', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  const response = await callApp(client, 'GET', '/services/test/echo', token, {
    headers: { 'x-replica-actor': 'root' },
  })
  const error = expectRefusal(response, 400, 'unknown_actor')
  expect(error.message).toMatch(/admin, integration, readonly/)
  expect(await lastRecorded(client, environment.id)).toMatchObject({
    responseStatus: 400,
    respondedBy: 'gateway',
    errorCode: 'unknown_actor',
  })
})

test.for([false, true])(
  'passes an app response of exactly 4 MiB (streamed: %s)',
  async (streamed, { client, mock }) => {
    const { environment, token } = await connect({ client, mock })
    const response = await callApp(
      client,
      'GET',
      `/services/test/bytes/${4 * MiB}${streamed ? '?stream' : ''}`,
      token,
    )
    expect(response.status).toBe(200)
    expect(response.text.length).toBe(4 * MiB)
    const recorded = await lastRecorded(client, environment.id)
    expect(recorded).toMatchObject({ responseStatus: 200, respondedBy: 'app', responseBytes: 4 * MiB })
  },
)

test.for([false, true])(
  'refuses an app response of 4 MiB + 1 byte with 502 response_too_large (streamed: %s)',
  async (streamed, { client, mock }) => {
    const { environment, token } = await connect({ client, mock })
    const path = `/services/test/bytes/${4 * MiB + 1}`
    const response = await callApp(client, 'GET', `${path}${streamed ? '?stream' : ''}`, token)
    expect(expectRefusal(response, 502, 'response_too_large').message).toContain(String(4 * MiB))
    const recorded = await lastRecorded(client, environment.id)
    expect(recorded).toMatchObject({
      responseStatus: 502,
      respondedBy: 'gateway',
      errorCode: 'response_too_large',
      path,
      query: streamed ? 'stream' : '',
    })
  },
)

test('passes a request body of exactly 4 MiB to the app', async ({ client, mock }) => {
  const { token } = await connect({ client, mock })
  const response = await callApp(client, 'POST', '/services/test/echo', token, {
    body: 'a'.repeat(4 * MiB),
    headers: { 'content-type': 'text/csv' },
  })
  expect(response.status).toBe(200)
  expect(response.body.bytes).toBe(4 * MiB)
})

test('refuses a request body of 4 MiB + 1 byte with 413 request_too_large, and records it', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  const response = await callApp(client, 'PUT', '/services/test/echo', token, {
    body: 'a'.repeat(4 * MiB + 1),
    headers: { 'content-type': 'text/csv' },
  })
  expectRefusal(response, 413, 'request_too_large')
  const recorded = await lastRecorded(client, environment.id)
  expect(recorded).toMatchObject({
    method: 'PUT',
    responseStatus: 413,
    respondedBy: 'gateway',
    errorCode: 'request_too_large',
    requestBody: { coverage: 'omitted', contentType: 'text/csv', previewTruncated: true },
  })
  // the size is known from content-length when the transport passes it on, else unknown
  expect([4 * MiB + 1, null]).toContain(recorded.requestBytes)
})

test('passes a 204 without a body', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  const response = await callApp(client, 'GET', '/services/test/empty', token)
  expect(response.status).toBe(204)
  expect(response.text).toBe('')
  expect(await lastRecorded(client, environment.id)).toMatchObject({ responseStatus: 204, responseBytes: 0 })
})

test('answers 502 upstream_error when the app fails unexpectedly', async ({ client, mock }) => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const { environment, token } = await connect({ client, mock })
    const response = await callApp(client, 'GET', '/services/test/throw', token)
    expectRefusal(response, 502, 'upstream_error')
    expect(quiet).toHaveBeenCalled()
    expect(await lastRecorded(client, environment.id)).toMatchObject({
      respondedBy: 'gateway',
      errorCode: 'upstream_error',
    })
  } finally {
    quiet.mockRestore()
  }
})
