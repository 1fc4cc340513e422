import { RecordedRequestDetail } from '../../../src/schemas/index.js'
import type { Client } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { expectError } from '../../support/management.js'
import { callApp, connect, lastRecorded, MiB, testApp } from '../../support/app-calls.js'

const test = conformanceTest({ clock: 'manual', nativeHandlers: { crm: testApp } })

/** The raw bytes of a body download (the test client reads bodies as text). */
async function download(client: Client, requestId: string, direction: 'request' | 'response') {
  const response = await fetch(`${client.baseUrl}/v1/requests/${requestId}/body/${direction}`, {
    headers: { authorization: 'Bearer test-api-key' },
  })
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
}

test('records a call the app answered, with every field of RequestDetail', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  mock.clock.set('2026-05-01T10:00:00.000Z')
  const response = await callApp(client, 'POST', '/services/test/echo?x=1', token, { json: { a: 1 } })
  expect(response.status).toBe(200)
  const recorded = await lastRecorded(client, environment.id)
  expect(RecordedRequestDetail.parse(recorded)).toEqual({
    id: expect.stringMatching(/^req_[0-9a-z]{16}$/),
    environmentId: environment.id,
    app: 'crm',
    method: 'POST',
    path: '/services/test/echo',
    query: 'x=1',
    responseStatus: 200,
    respondedBy: 'app',
    errorCode: null,
    // the manual clock does not move during the call
    durationMs: 0,
    requestBytes: 7,
    responseBytes: response.text.length,
    receivedAt: '2026-05-01T10:00:00.000Z',
    completedAt: '2026-05-01T10:00:00.000Z',
    requestHeaders: expect.objectContaining({
      authorization: '[redacted]',
      'content-type': 'application/json',
    }),
    responseHeaders: expect.objectContaining({ 'content-type': 'application/json' }),
    requestBody: {
      coverage: 'recorded',
      reason: null,
      contentType: 'application/json',
      bytes: 7,
      encoding: 'utf8',
      preview: '{"a":1}',
      previewTruncated: false,
    },
    responseBody: {
      coverage: 'recorded',
      reason: null,
      contentType: 'application/json',
      bytes: response.text.length,
      encoding: 'utf8',
      preview: response.text,
      previewTruncated: false,
    },
  })
})

test('redacts Authorization, cookies and the token in the path, query and headers', async ({
  client,
  mock,
}) => {
  const { environment, credentials, token } = await connect({ client, mock }, { tokenInUrl: true })
  const path = new URL(credentials.url).pathname
  await callApp(client, 'GET', `${path}/services/test/cookie?echo=${token}`, null, {
    headers: {
      authorization: `Bearer ${token}`,
      cookie: 'sid=abc',
      'proxy-authorization': 'Basic eDp5',
      'x-forwarded-token': `token=${token}`,
    },
  })
  const recorded = await lastRecorded(client, environment.id)
  expect(recorded.path).toBe(`/apps/${environment.id}/crm/t/[redacted]/services/test/cookie`)
  expect(recorded.query).toBe('echo=[redacted]')
  expect(recorded.requestHeaders).toMatchObject({
    authorization: '[redacted]',
    cookie: '[redacted]',
    'proxy-authorization': '[redacted]',
    'x-forwarded-token': 'token=[redacted]',
  })
  expect(recorded.responseHeaders['set-cookie']).toBe('[redacted]')
  expect(JSON.stringify(recorded)).not.toContain(token)
  expect(JSON.stringify(recorded)).not.toContain('secret-session')
})

test('redacts a body that carries the app token: no preview, no download', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'POST', '/services/test/echo', token, { json: { token } })
  const recorded = await lastRecorded(client, environment.id)
  // the echo repeats the body, so the response carries the token too
  for (const body of [recorded.requestBody, recorded.responseBody]) {
    expect(body).toMatchObject({
      coverage: 'redacted',
      reason: expect.stringMatching(/token/),
      preview: null,
      previewTruncated: false,
    })
  }
  expect(recorded.requestBody.bytes).toBe(JSON.stringify({ token }).length)
  expectError(await client.get(`/v1/requests/${recorded.id}/body/request`), 404, 'not_found')
})

test('redacts the bodies of a login call', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'POST', `/apps/${environment.id}/crm/login`, token, {
    body: 'username=u&password=p',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  const recorded = await lastRecorded(client, environment.id)
  expect(recorded.requestBody).toMatchObject({ coverage: 'redacted', preview: null })
  expect(recorded.responseBody).toMatchObject({ coverage: 'redacted', preview: null })
})

test('cuts the preview at 4096 bytes and says so', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'GET', '/services/test/bytes/4096', token)
  const exact = await lastRecorded(client, environment.id)
  expect(exact.responseBody).toMatchObject({ bytes: 4096, previewTruncated: false })
  expect(exact.responseBody.preview).toHaveLength(4096)

  await callApp(client, 'GET', '/services/test/bytes/4097', token)
  const over = await lastRecorded(client, environment.id)
  expect(over.responseBody).toMatchObject({ coverage: 'recorded', bytes: 4097, previewTruncated: true })
  expect(over.responseBody.preview).toBe('a'.repeat(4096))
})

test('cuts a UTF-8 preview at a character boundary', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  // 'a' then 2-byte characters: byte 4096 falls in the middle of one
  const text = `a${'é'.repeat(3000)}`
  await callApp(client, 'POST', '/services/test/echo', token, {
    body: text,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })
  const recorded = await lastRecorded(client, environment.id)
  expect(recorded.requestBody).toMatchObject({
    coverage: 'recorded',
    encoding: 'utf8',
    bytes: 6001,
    contentType: 'text/plain; charset=utf-8',
    preview: `a${'é'.repeat(2047)}`,
    previewTruncated: true,
  })
})

test('previews a binary body as base64 and downloads it byte for byte', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'GET', '/services/test/binary', token)
  const recorded = await lastRecorded(client, environment.id)
  const expected = Uint8Array.from({ length: 256 }, (_, i) => i)
  expect(recorded.responseBody).toMatchObject({
    coverage: 'recorded',
    encoding: 'binary',
    contentType: 'application/octet-stream',
    bytes: 256,
    preview: Buffer.from(expected).toString('base64'),
    previewTruncated: false,
  })
  const { response, bytes } = await download(client, recorded.id, 'response')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/octet-stream')
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="${recorded.id}-response.bin"`,
  )
  expect(bytes).toEqual(expected)
})

test('downloads the request body as an attachment', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  const csv = 'Name,Industry\nAcme,Energy\n'
  await callApp(client, 'PUT', '/services/test/echo', token, {
    body: csv,
    headers: { 'content-type': 'text/csv' },
  })
  const recorded = await lastRecorded(client, environment.id)
  const { response, bytes } = await download(client, recorded.id, 'request')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="${recorded.id}-request.bin"`,
  )
  expect(new TextDecoder().decode(bytes)).toBe(csv)
})

test('keeps a body of 1 MiB whole, and only the preview of a larger one', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'GET', `/services/test/bytes/${MiB}`, token)
  const kept = await lastRecorded(client, environment.id)
  expect(kept.responseBody).toMatchObject({ coverage: 'recorded', bytes: MiB, previewTruncated: true })
  const whole = await download(client, kept.id, 'response')
  expect(whole.bytes.byteLength).toBe(MiB)

  await callApp(client, 'GET', `/services/test/bytes/${MiB + 1}`, token)
  const omitted = await lastRecorded(client, environment.id)
  expect(omitted.responseBody).toMatchObject({
    coverage: 'omitted',
    reason: expect.stringContaining(String(MiB)),
    bytes: MiB + 1,
    preview: 'a'.repeat(4096),
    previewTruncated: true,
  })
  const missing = expectError(await client.get(`/v1/requests/${omitted.id}/body/response`), 404, 'not_found')
  expect(missing.message).toMatch(/recording cap/)
})

test('records an empty body as recorded with 0 bytes', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'GET', '/services/test/empty', token)
  const recorded = await lastRecorded(client, environment.id)
  expect(recorded.requestBody).toMatchObject({
    coverage: 'recorded',
    bytes: 0,
    preview: '',
    contentType: null,
  })
  expect((await download(client, recorded.id, 'request')).bytes.byteLength).toBe(0)
})

test('shows the same calls to mock.requests as to the API', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'GET', '/services/data', token)
  const [viaMock] = mock.requests.list(environment.id)
  expect(viaMock).toEqual(await lastRecorded(client, environment.id))
  expect(mock.requests.get(viaMock!.id)).toEqual(viaMock)
})

test('keeps recorded calls through export and import, and drops them on reset', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  await callApp(client, 'GET', '/services/test/binary', token)
  await callApp(client, 'POST', '/services/test/echo', token, { json: { n: 1 } })
  const before = mock.requests.list(environment.id)
  const state = (await client.get('/__replica/state', { token: null })).body
  await client.post('/__replica/reset', { token: null })
  expect(mock.requests.list(environment.id)).toEqual([])
  expect((await client.put('/__replica/state', { token: null, json: state })).status).toBe(200)
  expect(mock.requests.list(environment.id)).toEqual(before)
  const { bytes } = await download(client, before[1]!.id, 'response')
  expect(bytes).toEqual(Uint8Array.from({ length: 256 }, (_, i) => i))
})
