import { ErrorBody } from '../../../src/schemas/index.js'
import { expect, test } from '../../support/harness.js'

test('refuses a call without a token with 401 unauthenticated', async ({ client }) => {
  const response = await client.get('/v1/me', { token: null })
  expect(response.status).toBe(401)
  expect(ErrorBody.parse(response.body).error.code).toBe('unauthenticated')
})

test('refuses an unknown token with 401', async ({ client }) => {
  const response = await client.get('/v1/workspaces', { token: 'not-a-real-token' })
  expect(response.status).toBe(401)
  expect(response.body.error.code).toBe('unauthenticated')
  expect(response.body.error.message).toMatch(/not valid/)
})

test('refuses an authorization header that is not a bearer token', async ({ client }) => {
  const response = await client.get('/v1/me', {
    token: null,
    headers: { authorization: 'Basic dGVzdDp0ZXN0' },
  })
  expect(response.status).toBe(401)
})

test('accepts the bearer scheme case-insensitively', async ({ client }) => {
  const response = await client.get('/v1/me', {
    token: null,
    headers: { authorization: 'bearer test-api-key' },
  })
  expect(response.status).toBe(200)
})

test('authenticates before routing, so an unknown path without a token is 401', async ({ client }) => {
  const response = await client.get('/v1/no-such-thing', { token: null })
  expect(response.status).toBe(401)
})

test('echoes the request id of an error in x-request-id', async ({ client }) => {
  const response = await client.get('/v1/me', { token: 'wrong-token' })
  const body = ErrorBody.parse(response.body)
  expect(response.headers.get('x-request-id')).toBe(body.error.requestId)
})

test('sends a fresh x-request-id on every success', async ({ client }) => {
  const first = await client.get('/v1/me')
  const second = await client.get('/v1/me')
  expect(first.headers.get('x-request-id')).toMatch(/^rid_[0-9a-z]{16}$/)
  expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
})
