/**
 * What every app call's response carries besides the app's own headers: `x-request-id`, CORS
 * headers for a browser caller, and preflights answered before the gateway.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { callApp, connect, expectInvalidSession, listRecorded } from '../../support/app-calls.js'

const test = conformanceTest()
const ORIGIN = 'http://localhost:5173'
const REQUEST_ID = /^rid_[0-9a-z]{16}$/

test('gives every app call its own x-request-id beside the app headers', async ({ client, mock }) => {
  const { token } = await connect({ client, mock })
  const first = await callApp(client, 'GET', '/services/data', token)
  const second = await callApp(client, 'GET', '/services/data', token)
  expect(first.status).toBe(200)
  expect(first.headers.get('content-type')).toContain('application/json')
  expect(first.headers.get('x-request-id')).toMatch(REQUEST_ID)
  expect(second.headers.get('x-request-id')).toMatch(REQUEST_ID)
  expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
  expect(first.headers.get('access-control-allow-origin')).toBeNull()
})

test('sends CORS headers to a browser calling an app, refusals included', async ({ client, mock }) => {
  const { token } = await connect({ client, mock })
  const answered = await callApp(client, 'GET', '/services/data', token, {
    headers: { origin: ORIGIN },
  })
  const refused = await callApp(client, 'GET', '/services/data', null, {
    headers: { origin: ORIGIN },
  })
  expectInvalidSession(refused)
  for (const response of [answered, refused]) {
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id')
    expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
  }
})

test('answers a preflight to an app URL itself, without calling the app', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  const response = await callApp(client, 'OPTIONS', `/apps/${environment.id}/crm/services/data`, null, {
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'authorization,content-type',
    },
  })
  expect(response.status).toBe(204)
  expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
  expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID)
  // the app was not called: nothing was recorded, and a real call still is
  expect(await listRecorded(client, environment.id)).toHaveLength(0)
  await callApp(client, 'GET', '/services/data', token)
  expect(await listRecorded(client, environment.id)).toHaveLength(1)
})
