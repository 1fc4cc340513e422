import { defaultFixture } from '../../../src/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, expectError } from '../../support/management.js'

// a tenant with tighter limits than the spec's bounds
const test = conformanceTest({
  clock: 'manual',
  fixture: {
    ...defaultFixture,
    limits: { concurrentEnvironments: 2, timeLimitMinutes: { default: 30, maximum: 120 } },
  },
})

test('defaults timeLimitMinutes to the limits default', async ({ client }) => {
  expect((await createEnvironment(client)).timeLimitMinutes).toBe(30)
})

test('accepts the caller maximum and refuses one minute more with 400 and the field', async ({ client }) => {
  expect((await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 120 })).timeLimitMinutes).toBe(
    120,
  )
  const response = await client.post('/v1/environments', { json: { apps: ['crm'], timeLimitMinutes: 121 } })
  expect(expectError(response, 400, 'invalid_request').fields?.timeLimitMinutes?.[0]).toMatch(/at most 120/)
})

test('applies the concurrentEnvironments limit of the tenant', async ({ client }) => {
  await createEnvironment(client)
  await createEnvironment(client)
  expectError(
    await client.post('/v1/environments', { json: { apps: ['crm'] } }),
    429,
    'environment_limit_reached',
  )
})

test('frees a slot when an environment expires', async ({ client, mock }) => {
  const shortLived = await createEnvironment(client, { apps: ['crm'], timeLimitMinutes: 1 })
  await createEnvironment(client)
  mock.clock.advance(60_000)
  // the cap is 2: this third create is a 202 only because the first one expired
  await createEnvironment(client)
  expect(await mock.environments.get(shortLived.id)).toMatchObject({ status: 'deleted', reason: 'expired' })
})
