import { defaultFixture } from '../../../src/index.js'
import { conformanceTest } from '../../support/harness.js'
import { expectError } from '../../support/management.js'

// a key that may only handle snapshots
const test = conformanceTest({
  fixture: {
    ...defaultFixture,
    apiKeys: [
      ...defaultFixture.apiKeys,
      {
        id: 'key_snapshots',
        name: 'Snapshots key',
        workspaceId: 'ws_default',
        token: 'test-snapshots-key',
        permissions: ['snapshots:read', 'snapshots:write'],
      },
    ],
  },
})

test('refuses audit events to a key without environments:read with 403', async ({ client }) => {
  expectError(await client.get('/v1/audit-events', { token: 'test-snapshots-key' }), 403, 'forbidden')
})

test('refuses environment reads and credentials to a key without their permissions', async ({
  client,
  mock,
}) => {
  const environment = await mock.seed.environment()
  const token = 'test-snapshots-key'
  expectError(await client.get('/v1/environments', { token }), 403, 'forbidden')
  expectError(await client.get(`/v1/environments/${environment.id}`, { token }), 403, 'forbidden')
  expectError(
    await client.post(`/v1/environments/${environment.id}/apps/crm/credentials`, { token }),
    403,
    'forbidden',
  )
})
