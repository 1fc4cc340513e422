import { ErrorBody } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'

const test = conformanceTest({ maxBodyBytes: 1000 })

test('refuses a management body over the cap with 413 body_too_large', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apps: ['crm'], name: 'x'.repeat(1000) }),
  })
  expect(response.status).toBe(413)
  expect(ErrorBody.parse(response.body).error.code).toBe('body_too_large')
})

test('reads a body of exactly the cap', async ({ client }) => {
  const body = JSON.stringify({ pad: 'x'.repeat(1000 - 10) })
  expect(body.length).toBe(1000)
  const response = await client.post('/v1/environments', {
    headers: { 'content-type': 'application/json' },
    body,
  })
  expect(response.status).not.toBe(413)
})

test('answers a CORS preflight for browser callers', async ({ client }) => {
  const response = await client.request('OPTIONS', '/v1/me', {
    token: null,
    headers: {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,idempotency-key',
    },
  })
  expect(response.status).toBe(204)
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key')
})

test('exposes x-request-id to browser callers', async ({ client }) => {
  const response = await client.get('/v1/me', { headers: { origin: 'http://localhost:5173' } })
  expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id')
})
