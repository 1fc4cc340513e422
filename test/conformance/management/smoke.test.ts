import { expect, test } from '../../support/harness.js'

test('answers getMe for an API key', async ({ client }) => {
  const response = await client.get('/v1/me')
  expect(response.status).toBe(200)
  expect(response.body.principal).toEqual({ type: 'api_key', id: 'key_default', name: 'Default key' })
})
