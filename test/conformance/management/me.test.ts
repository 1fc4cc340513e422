import { Me } from '../../../src/schemas/index.js'
import { expect, test } from '../../support/harness.js'

test('describes a member with user, role, every permission and limits', async ({ client }) => {
  const response = await client.get('/v1/me', { token: 'test-member-token' })
  expect(response.status).toBe(200)
  const me = Me.parse(response.body)
  expect(me.principal).toEqual({ type: 'member', id: 'usr_owner', name: 'Olive Owner' })
  expect(me.user).toEqual({ id: 'usr_owner', email: 'owner@replica.test', name: 'Olive Owner' })
  expect(me.organization).toEqual({
    id: 'org_default',
    name: 'Default Organization',
    domain: 'replica.test',
    role: 'owner',
  })
  expect(me.workspaceId).toBeNull()
  expect(me.permissions).toHaveLength(10)
  expect(me.limits).toEqual({ concurrentEnvironments: 10, timeLimitMinutes: { default: 60, maximum: 1440 } })
})

test('describes an API key with its workspace and permissions and no user', async ({ client }) => {
  const me = Me.parse((await client.get('/v1/me')).body)
  expect(me.principal.type).toBe('api_key')
  expect(me.user).toBeNull()
  expect(me.workspaceId).toBe('ws_default')
  expect(me.organization?.role).toBeNull()
  expect(me.permissions).toEqual(
    expect.arrayContaining(['environments:read', 'environments:write', 'environments:connect']),
  )
  expect(me.permissions).not.toContain('members:write')
})

test('gives the read-only key only read permissions', async ({ client }) => {
  const me = Me.parse((await client.get('/v1/me', { token: 'test-readonly-key' })).body)
  expect(me.permissions.sort()).toEqual(['environments:read', 'snapshots:read'])
})

test('binds the other key to the other workspace', async ({ client }) => {
  const me = Me.parse((await client.get('/v1/me', { token: 'test-other-key' })).body)
  expect(me.workspaceId).toBe('ws_other')
})
