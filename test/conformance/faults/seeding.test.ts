import { Environment, Snapshot } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, getEnvironment, getSnapshot } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { startMs: 100, snapshotMs: 100 } })

test('seeds an environment in each status, as the API then shows it', async ({ client, mock }) => {
  for (const status of ['starting', 'running', 'paused', 'failed', 'deleted'] as const) {
    const seeded = await mock.seed.environment({ status })
    expect(Environment.parse(seeded).status).toBe(status)
    expect(await getEnvironment(client, seeded.id)).toEqual(seeded)
  }
})

test('fills the timestamps and reasons of a seeded status', async ({ mock }) => {
  const now = mock.clock.now().toISOString()
  const running = await mock.seed.environment({ timeLimitMinutes: 10 })
  expect(running).toMatchObject({
    workspaceId: 'ws_default',
    status: 'running',
    createdAt: now,
    startedAt: now,
    expiresAt: new Date(mock.clock.nowMs() + 10 * 60_000).toISOString(),
    createdBy: { type: 'system', id: null, name: null },
  })
  expect(await mock.seed.environment({ status: 'paused' })).toMatchObject({ pausedAt: now, startedAt: now })
  expect(await mock.seed.environment({ status: 'failed' })).toMatchObject({
    reason: 'failed',
    failure: { app: 'crm', code: 'start_failed' },
  })
  expect(await mock.seed.environment({ status: 'deleted', reason: 'expired' })).toMatchObject({
    reason: 'expired',
    deletedAt: now,
  })
})

test('seeded environments follow the lifecycle', async ({ client, mock }) => {
  const starting = await mock.seed.environment({ status: 'starting' })
  const expiring = await mock.seed.environment({ expiresAt: new Date(mock.clock.nowMs() + 50).toISOString() })
  mock.clock.advance(100)
  expect((await getEnvironment(client, starting.id)).status).toBe('running')
  expect(await getEnvironment(client, expiring.id)).toMatchObject({ status: 'deleted', reason: 'expired' })
})

test('seeds with the given id, workspace, apps, labels, name, creator and data', async ({ client, mock }) => {
  const donor = await mock.seed.environment()
  mock.records(donor.id).create('Account', { Name: 'Seeded data' })
  const seeded = await mock.seed.environment({
    id: 'env_fixed',
    workspaceId: 'ws_other',
    apps: [{ app: 'crm', name: 'old', settings: { version: 'crm-v2025.2' } }],
    labels: { team: 'a' },
    name: 'Seeded',
    createdBy: { type: 'member', id: 'usr_owner', name: 'Olive Owner' },
    createdAt: '2026-01-01T00:00:00Z',
    data: { old: mock.records(donor.id).serialise() },
  })
  expect(seeded).toMatchObject({
    id: 'env_fixed',
    workspaceId: 'ws_other',
    apps: [{ name: 'old', versionId: 'crm-v2025.2', url: `${client.baseUrl}/apps/env_fixed/old` }],
    labels: { team: 'a' },
    name: 'Seeded',
    createdAt: '2026-01-01T00:00:00.000Z',
  })
  expect(
    mock.records('env_fixed', 'old').query("SELECT Id FROM Account WHERE Name = 'Seeded data'"),
  ).toHaveLength(1)
  expect(await mock.environments.get('env_fixed')).toEqual(
    await getEnvironment(client, 'env_fixed', { token: 'test-other-key' }),
  )
})

test('rejects bad seeds with a TypeError naming the problem', async ({ mock }) => {
  await expect(mock.seed.environment({ workspaceId: 'ws_nowhere' })).rejects.toThrow(
    /unknown workspace "ws_nowhere"/,
  )
  await expect(mock.seed.environment({ apps: ['erp'] })).rejects.toThrow(/Unknown app "erp"/)
  await expect(mock.seed.environment({ status: 'sleeping' as never })).rejects.toThrow(TypeError)
  await mock.seed.environment({ id: 'env_once' })
  await expect(mock.seed.environment({ id: 'env_once' })).rejects.toThrow(/exists/)
  await expect(mock.seed.snapshot({ environmentId: 'env_nowhere' })).rejects.toThrow(/unknown environment/)
  await expect(mock.seed.environment({ id: 'env_bad', data: { crm: { rows: 1 } } })).rejects.toThrow(
    /Failed to seed environment: Failed to load the data of app "crm" of environment "env_bad"/,
  )
  await expect(mock.seed.environment({ id: 'env_bad', data: { erp: {} } })).rejects.toThrow(
    /has no app "erp"/,
  )
  await expect(
    mock.seed.environment({ id: 'env_bad', status: 'deleted', data: { crm: {} } }),
  ).rejects.toThrow(/a deleted environment holds no data/)
  expect(await mock.environments.get('env_bad')).toBeUndefined()
})

test('seeds snapshots in each status', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  for (const status of ['saving', 'ready', 'failed', 'deleted'] as const) {
    const seeded = await mock.seed.snapshot({ environmentId: environment.id, status, name: status })
    expect(Snapshot.parse(seeded).status).toBe(status)
    expect(await getSnapshot(client, seeded.id)).toEqual(seeded)
  }
  const saving = (await mock.snapshots.all()).find((snapshot) => snapshot.name === 'saving')!
  mock.clock.advance(100)
  expect((await getSnapshot(client, saving.id)).status).toBe('ready')
})

test('inspects environments, snapshots and audit events with due transitions applied', async ({
  client,
  mock,
}) => {
  const environment = await createEnvironment(client)
  expect((await mock.environments.get(environment.id))?.status).toBe('starting')
  mock.clock.advance(100)
  expect((await mock.environments.get(environment.id))?.status).toBe('running')
  expect((await mock.environments.all()).map((entry) => entry.id)).toEqual([environment.id])
  expect(await mock.environments.get('env_nothere')).toBeUndefined()
  expect((await mock.auditEvents.all()).map((event) => event.name)).toEqual([
    'environment.created',
    'environment.running',
  ])
  expect(await mock.snapshots.all()).toEqual([])
})
