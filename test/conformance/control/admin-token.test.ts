import { conformanceTest, expect } from '../../support/harness.js'

const test = conformanceTest({ adminToken: 'admin-secret' })

test('requires the admin token on the control API when one is configured', async ({ client }) => {
  const without = await client.post('/__replica/reset', { token: null })
  expect(without.status).toBe(401)
  const wrong = await client.post('/__replica/reset', { token: 'test-member-token' })
  expect(wrong.status).toBe(401)
  const right = await client.post('/__replica/reset', { token: 'admin-secret' })
  expect(right.status).toBe(200)
})

test('keeps health open without the admin token', async ({ client }) => {
  expect((await client.get('/__replica/health', { token: null })).status).toBe(200)
})
