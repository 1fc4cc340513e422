/**
 * Issue 15 item 4: the control API answers browser pages only from origins the user allowed, only
 * to its own Host (DNS rebinding), and caps the state body.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { expectError } from '../../support/management.js'
import { rawRequest } from '../../support/raw-request.js'

const ALLOWED = 'http://localhost:5173'
const EVIL = 'http://evil.example'
const test = conformanceTest({ controlOrigins: [ALLOWED], maxStateBytes: 200_000 })

test('refuses control calls from a foreign origin and changes nothing', async ({ client, mock }) => {
  await mock.seed.environment({ name: 'kept' })
  const reset = await client.post('/__replica/reset', { headers: { origin: EVIL } })
  expect(expectError(reset, 403, 'forbidden').message).toMatch(/evil\.example/)
  expect(reset.headers.get('access-control-allow-origin')).toBeNull()
  expect((await mock.environments.all()).map((environment) => environment.name)).toEqual(['kept'])
  const state = await client.get('/__replica/state', { headers: { origin: EVIL } })
  expectError(state, 403, 'forbidden')
  expect(state.text).not.toContain('test-api-key')
})

test('answers an allowed origin with CORS headers, and a preflight only for it', async ({ client }) => {
  const allowed = await client.get('/__replica/clock', { headers: { origin: ALLOWED } })
  expect(allowed.status).toBe(200)
  expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED)
  const preflight = (origin: string) =>
    client.request('OPTIONS', '/__replica/reset', {
      token: null,
      headers: { origin, 'access-control-request-method': 'POST' },
    })
  expect((await preflight(ALLOWED)).headers.get('access-control-allow-origin')).toBe(ALLOWED)
  expect((await preflight(EVIL)).headers.get('access-control-allow-origin')).toBeNull()
  // the management API still answers every origin
  const v1 = await client.get('/v1/me', { headers: { origin: EVIL } })
  expect(v1.status).toBe(200)
  expect(v1.headers.get('access-control-allow-origin')).toBe(EVIL)
})

test('refuses a Host header that names another server (DNS rebinding)', async ({ client }) => {
  // fetch never sends a Host header of its own choosing: node:http does, as a browser would after rebinding
  const rebound = await rawRequest(client.baseUrl, 'GET', '/__replica/state', {
    host: 'attacker.example:4010',
  })
  expect(expectError(rebound, 403, 'forbidden').message).toMatch(/attacker\.example/)
  const own = await rawRequest(client.baseUrl, 'GET', '/__replica/clock', {
    host: new URL(client.baseUrl).host,
  })
  expect(own.status).toBe(200)
})

test('caps the state body: larger is 413 body_too_large and nothing changes', async ({ client, mock }) => {
  await mock.seed.environment({ name: 'kept' })
  const state = mock.exportState()
  const big = JSON.stringify({ ...state, padding: 'x'.repeat(200_000) })
  const response = await client.put('/__replica/state', {
    headers: { 'content-type': 'application/json' },
    body: big,
  })
  expectError(response, 413, 'body_too_large')
  expect((await mock.environments.all()).map((environment) => environment.name)).toEqual(['kept'])
  const fits = await client.put('/__replica/state', { json: state })
  expect(fits.status, fits.text).toBe(200)
})

test('refuses a state document nested too deeply with 400, not a 500', async ({ client, mock }) => {
  const state = mock.exportState() as unknown as Record<string, unknown>
  let deep: unknown = 'leaf'
  for (let i = 0; i < 1000; i++) deep = { d: deep }
  const response = await client.put('/__replica/state', { json: { ...state, deep } })
  expect(expectError(response, 400, 'invalid_request').message).toMatch(/nested more than 64 levels/)
})
