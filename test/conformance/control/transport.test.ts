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

test('caps a body streamed without Content-Length, and reads one within the cap', async ({ client }) => {
  const send = (text: string) => {
    const bytes = new TextEncoder().encode(text)
    const half = bytes.length >> 1
    // two chunks, no declared length (chunked over HTTP)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, half))
        controller.enqueue(bytes.subarray(half))
        controller.close()
      },
    })
    return fetch(`${client.baseUrl}/v1/environments`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
  }
  const over = await send(JSON.stringify({ apps: ['crm'], name: 'x'.repeat(1000) }))
  expect(over.status).toBe(413)
  expect(ErrorBody.parse(await over.json()).error.code).toBe('body_too_large')
  const within = await send(JSON.stringify({ apps: ['crm'], name: 'streamed' }))
  expect(within.status).toBe(202)
  expect((await within.json()).name).toBe('streamed')
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
