import { ErrorBody } from '../../../src/schemas/index.js'
import { expect, test } from '../../support/harness.js'

const json = { 'content-type': 'application/json' }

test('answers malformed JSON with 400 invalid_request, not 500', async ({ client }) => {
  const response = await client.post('/v1/environments', { headers: json, body: '{"apps": [' })
  expect(response.status).toBe(400)
  const body = ErrorBody.parse(response.body)
  expect(body.error.code).toBe('invalid_request')
  expect(body.error.message).toMatch(/Malformed JSON/)
})

test('answers a missing content type with 400 and names it in fields', async ({ client }) => {
  const response = await client.post('/v1/environments', { body: '{"apps":["crm"]}' })
  expect(response.status).toBe(400)
  expect(ErrorBody.parse(response.body).error.fields).toHaveProperty('content-type')
})

test('accepts a JSON content type with a charset parameter', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: '{"apps":["crm"]}',
  })
  expect(response.status).toBe(202)
})

test('answers a JSON body of the wrong shape with 400 and fields', async ({ client }) => {
  const response = await client.post('/v1/environments', { json: ['crm'] })
  expect(response.status).toBe(400)
  expect(ErrorBody.parse(response.body).error.fields).toBeDefined()
})

test('answers an empty body with 400', async ({ client }) => {
  const response = await client.post('/v1/environments', { headers: json, body: '' })
  expect(response.status).toBe(400)
})

test('refuses a write to a known caller without the permission with 403 forbidden', async ({ client }) => {
  const response = await client.post('/v1/environments', {
    token: 'test-readonly-key',
    json: { apps: ['crm'] },
  })
  expect(response.status).toBe(403)
  expect(ErrorBody.parse(response.body).error.code).toBe('forbidden')
})

test('keeps nothing from a refused write', async ({ client }) => {
  await client.post('/v1/environments', { token: 'test-readonly-key', json: { apps: ['crm'] } })
  await client.post('/v1/environments', { headers: json, body: '{"apps": [' })
  const list = await client.get('/v1/environments')
  expect(list.body.data).toEqual([])
})
