/**
 * Issue 15 items 2 and 7: bodies nested too deeply and oversized bodies are refused in the
 * surface's format, nothing is stored, and the server keeps answering; keys that name
 * Object.prototype's members are data (`__proto__` too: prototype-keys.test.ts).
 */
import http from 'node:http'
import { conformanceTest, expect } from '../../support/harness.js'
import { expectError } from '../../support/management.js'
import { connectApp, expectNativeError, V } from '../../support/native.js'
import { rawRequest } from '../../support/raw-request.js'

const test = conformanceTest({ clock: 'manual', maxBodyBytes: 64 * 1024 })

function nested(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i++) value = { d: value }
  return value
}

/** The body as text: JSON.stringify itself overflows on the deepest ones. */
function nestedText(depth: number): string {
  return `{"apps":[{"app":"crm","settings":${'{"d":'.repeat(depth)}1${'}'.repeat(depth)}}]}`
}

test('refuses settings nested too deeply with 400 and keeps every endpoint working', async ({ client }) => {
  for (const depth of [40, 2100, 10_000]) {
    const response = await client.post('/v1/environments', {
      headers: { 'content-type': 'application/json' },
      body: nestedText(depth),
    })
    expect(expectError(response, 400, 'invalid_request').message).toMatch(/nested more than 32 levels/)
  }
  expect((await client.get('/v1/environments')).body.data).toEqual([])
  expect((await client.get('/__replica/state')).status).toBe(200)
  expect((await client.post('/__replica/reset')).status).toBe(200)
  expect((await client.get('/__replica/health')).status).toBe(200)
  // within the limit it is stored and listed
  const fine = await client.post('/v1/environments', {
    json: { apps: [{ app: 'crm', settings: nested(20) }] },
  })
  expect(fine.status, fine.text).toBe(202)
  expect((await client.get('/v1/environments')).body.data).toHaveLength(1)
})

test('takes keys named like Object.prototype members in labels and settings: constructor, prototype, toString', async ({
  client,
}) => {
  const labels = { constructor: 'c', prototype: 'p', toString: 't', hasOwnProperty: 'h' }
  const created = await client.post('/v1/environments', {
    json: { apps: [{ app: 'crm', settings: { constructor: 1, prototype: { valueOf: 2 } } }], labels },
  })
  expect(created.status, created.text).toBe(202)
  const got = (await client.get(`/v1/environments/${created.body.id}`)).body
  expect(got.labels).toEqual(labels)
  expect(got.apps[0].settings).toMatchObject({ constructor: 1, prototype: { valueOf: 2 } })
  const other = await client.post('/v1/environments', { json: { apps: ['crm'] } })
  expect(other.status).toBe(202)
  // a label filter matches the environment that has the label, not the other one
  const ids = async (filter: string) =>
    (await client.get(`/v1/environments?label=${encodeURIComponent(filter)}`)).body.data.map((e: any) => e.id)
  expect(await ids('toString=t')).toEqual([created.body.id])
  expect(await ids('constructor=c')).toEqual([created.body.id])
})

test('refuses more than 64 labels', async ({ client }) => {
  const labels = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 'v']))
  const response = await client.post('/v1/environments', { json: { apps: ['crm'], labels } })
  expect(expectError(response, 400, 'invalid_request').fields).toHaveProperty(['labels'])
})

test('refuses a native body nested too deeply with JSON_PARSER_ERROR', async ({ client }) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/sobjects/Account`, {
    headers: { 'content-type': 'application/json' },
    body: `{"Name":"x","Description":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  })
  expect(expectNativeError(response, 400, 'JSON_PARSER_ERROR').message).toMatch(/nested more than 64 levels/)
})

test('answers an early 413 and reads the rest of the body, so a keep-alive client goes on', async ({
  client,
}) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    for (let round = 0; round < 3; round++) {
      const big = await rawRequest(
        client.baseUrl,
        'POST',
        '/v1/environments',
        { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
        { agent, body: Buffer.alloc(1024 * 1024, 0x20) },
      )
      expectError(big, 413, 'body_too_large')
      const next = await rawRequest(
        client.baseUrl,
        'GET',
        '/v1/me',
        { authorization: 'Bearer test-api-key' },
        { agent },
      )
      expect(next.status).toBe(200)
    }
  } finally {
    agent.destroy()
  }
})
