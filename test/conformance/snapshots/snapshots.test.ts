import { Snapshot, SnapshotList } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import {
  createEnvironment,
  createSnapshot,
  expectError,
  getSnapshot,
  TOKENS,
} from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { snapshotMs: 2000 } })

test('answers 202 saving, then ready after snapshotMs with sizes', async ({ client, mock }) => {
  const environment = await mock.seed.environment({ apps: ['crm', { app: 'crm', name: 'billing' }] })
  mock.records(environment.id, 'crm').create('Account', { Name: 'Acmé' })
  const response = await client.post('/v1/snapshots', {
    json: { environmentId: environment.id, name: 'Before' },
  })
  expect(response.status).toBe(202)
  // each app's serialised records as they were when the snapshot was requested
  const saved = mock.exportState().environmentData[environment.id]!
  const crm = JSON.stringify(saved.crm)
  const billing = JSON.stringify(saved.billing)
  mock.records(environment.id, 'crm').create('Account', { Name: 'After the request' })
  const saving = Snapshot.parse(response.body)
  expect(saving).toMatchObject({
    workspaceId: 'ws_default',
    environmentId: environment.id,
    name: 'Before',
    status: 'saving',
    failure: null,
    sizeBytes: null,
    createdBy: { type: 'api_key', id: 'key_default', name: 'Default key' },
    createdAt: mock.clock.now().toISOString(),
    readyAt: null,
    deletedAt: null,
  })
  expect(saving.apps).toEqual([
    { name: 'crm', appId: 'crm', versionId: 'crm-v2026.2', version: '2026.2', sizeBytes: null },
    { name: 'billing', appId: 'crm', versionId: 'crm-v2026.2', version: '2026.2', sizeBytes: null },
  ])
  mock.clock.advance(1999)
  expect((await getSnapshot(client, saving.id)).status).toBe('saving')
  mock.clock.advance(1)
  const ready = await getSnapshot(client, saving.id)
  expect(ready).toMatchObject({ status: 'ready', readyAt: mock.clock.now().toISOString() })
  expect(ready.apps.map((app) => app.sizeBytes)).toEqual([Buffer.byteLength(crm), Buffer.byteLength(billing)])
  expect(crm).toContain('Acmé')
  expect(ready.sizeBytes).toBe(Buffer.byteLength(`{"crm":${crm},"billing":${billing}}`))
})

test('snapshots a paused environment', async ({ client, mock }) => {
  const environment = await mock.seed.environment({ status: 'paused' })
  const snapshot = await createSnapshot(client, environment.id)
  expect(snapshot).toMatchObject({ environmentId: environment.id, status: 'saving' })
})

test('refuses an environment that is not running or paused with 409 invalid_status', async ({
  client,
  mock,
}) => {
  await client.put('/__replica/lifecycle', { json: { startMs: 10 } })
  const starting = await createEnvironment(client)
  const seededStarting = await mock.seed.environment({ status: 'starting' })
  const failed = await mock.seed.environment({ status: 'failed' })
  const deleted = await mock.seed.environment({ status: 'deleted' })
  for (const { id } of [starting, seededStarting, failed, deleted]) {
    const error = expectError(
      await client.post('/v1/snapshots', { json: { environmentId: id } }),
      409,
      'invalid_status',
    )
    expect(error.message).toMatch(/must be running or paused/)
  }
})

test('allows one saving snapshot per environment: another is 409 snapshot_in_progress', async ({
  client,
  mock,
}) => {
  const environment = await mock.seed.environment()
  const first = await createSnapshot(client, environment.id)
  expectError(
    await client.post('/v1/snapshots', { json: { environmentId: environment.id } }),
    409,
    'snapshot_in_progress',
  )
  const elsewhere = await mock.seed.environment()
  await createSnapshot(client, elsewhere.id)
  mock.clock.advance(2000)
  expect((await getSnapshot(client, first.id)).status).toBe('ready')
  await createSnapshot(client, environment.id)
})

test('refuses a snapshot in an archived workspace with 409 workspace_archived', async ({ client, mock }) => {
  const environment = await mock.seed.environment({ workspaceId: 'ws_archived' })
  const response = await client.post('/v1/snapshots', {
    json: { environmentId: environment.id },
    token: TOKENS.member,
  })
  expectError(response, 409, 'workspace_archived')
})

test('answers 404 for an unknown environment or one of another workspace', async ({ client, mock }) => {
  const other = await mock.seed.environment({ workspaceId: 'ws_other' })
  for (const environmentId of ['env_nothere', other.id]) {
    expectError(await client.post('/v1/snapshots', { json: { environmentId } }), 404, 'not_found')
  }
})

test('validates the create body', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  for (const json of [
    {},
    { environmentId: '-bad' },
    { environmentId: environment.id, name: '' },
    {
      environmentId: environment.id,
      name: 'x'.repeat(121),
    },
    { environmentId: environment.id, extra: true },
  ]) {
    expectError(await client.post('/v1/snapshots', { json }), 400, 'invalid_request')
  }
  expect((await createSnapshot(client, environment.id, { name: 'x'.repeat(120) })).name).toHaveLength(120)
})

test('renames a snapshot and clears its name', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const snapshot = await createSnapshot(client, environment.id, { name: 'Old' })
  const renamed = await client.patch(`/v1/snapshots/${snapshot.id}`, { json: { name: 'New' } })
  expect(renamed.status).toBe(200)
  expect(Snapshot.parse(renamed.body).name).toBe('New')
  const cleared = await client.patch(`/v1/snapshots/${snapshot.id}`, { json: { name: null } })
  expect(Snapshot.parse(cleared.body).name).toBeNull()
})

test('requires name in a rename and keeps its bounds', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const snapshot = await createSnapshot(client, environment.id)
  for (const json of [{}, { name: '' }, { name: 'x'.repeat(121) }]) {
    expectError(await client.patch(`/v1/snapshots/${snapshot.id}`, { json }), 400, 'invalid_request')
  }
})

test('deletes a snapshot with 200 deleted, and refuses to delete or rename it again', async ({
  client,
  mock,
}) => {
  const environment = await mock.seed.environment()
  const snapshot = await createSnapshot(client, environment.id)
  mock.clock.advance(2000)
  const response = await client.delete(`/v1/snapshots/${snapshot.id}`)
  expect(response.status).toBe(200)
  expect(Snapshot.parse(response.body)).toMatchObject({
    status: 'deleted',
    deletedAt: mock.clock.now().toISOString(),
  })
  expectError(await client.delete(`/v1/snapshots/${snapshot.id}`), 409, 'invalid_status')
  expectError(
    await client.patch(`/v1/snapshots/${snapshot.id}`, { json: { name: 'x' } }),
    409,
    'invalid_status',
  )
})

test('deletes a saving snapshot, which then never becomes ready', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const snapshot = await createSnapshot(client, environment.id)
  await client.delete(`/v1/snapshots/${snapshot.id}`)
  mock.clock.advance(5000)
  expect((await getSnapshot(client, snapshot.id)).status).toBe('deleted')
})

test('answers 404 for get, rename and delete of unknown or other-workspace snapshots', async ({
  client,
  mock,
}) => {
  const otherEnvironment = await mock.seed.environment({ workspaceId: 'ws_other' })
  const other = await mock.seed.snapshot({ environmentId: otherEnvironment.id })
  for (const id of ['snap_nothere', other.id]) {
    expectError(await client.get(`/v1/snapshots/${id}`), 404, 'not_found')
    expectError(await client.patch(`/v1/snapshots/${id}`, { json: { name: 'x' } }), 404, 'not_found')
    expectError(await client.delete(`/v1/snapshots/${id}`), 404, 'not_found')
  }
  expect((await client.get(`/v1/snapshots/${other.id}`, { token: TOKENS.other })).status).toBe(200)
})

test('needs snapshots:write to write and snapshots:read to read', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const snapshot = await mock.seed.snapshot({ environmentId: environment.id })
  const readonly = { token: TOKENS.readonly }
  expectError(
    await client.post('/v1/snapshots', { json: { environmentId: environment.id }, ...readonly }),
    403,
    'forbidden',
  )
  expectError(
    await client.patch(`/v1/snapshots/${snapshot.id}`, { json: { name: 'x' }, ...readonly }),
    403,
    'forbidden',
  )
  expectError(await client.delete(`/v1/snapshots/${snapshot.id}`, readonly), 403, 'forbidden')
  expect((await client.get(`/v1/snapshots/${snapshot.id}`, readonly)).status).toBe(200)
  expect((await client.get('/v1/snapshots', readonly)).status).toBe(200)
})

test('lists newest first with environmentId, status and workspace filters', async ({ client, mock }) => {
  const a = await mock.seed.environment()
  const b = await mock.seed.environment()
  const first = await mock.seed.snapshot({ environmentId: a.id })
  mock.clock.advance(1)
  const second = await mock.seed.snapshot({ environmentId: b.id, status: 'failed' })
  mock.clock.advance(1)
  const third = await mock.seed.snapshot({ environmentId: a.id, status: 'deleted' })
  const otherEnvironment = await mock.seed.environment({ workspaceId: 'ws_other' })
  const other = await mock.seed.snapshot({ environmentId: otherEnvironment.id })
  const ids = async (query: string, token?: string) =>
    SnapshotList.parse((await client.get(`/v1/snapshots${query}`, { token })).body).data.map(
      (snapshot) => snapshot.id,
    )
  expect(await ids('')).toEqual([third.id, second.id, first.id])
  expect(await ids(`?environmentId=${a.id}`)).toEqual([third.id, first.id])
  expect(await ids('?status=ready,failed')).toEqual([second.id, first.id])
  expect(await ids('?status=failed&status=deleted')).toEqual([third.id, second.id])
  expect(await ids('?workspaceId=ws_other')).toEqual([])
  expect(await ids('?workspaceId=ws_other', TOKENS.member)).toEqual([other.id])
  expect(await ids(`?environmentId=${otherEnvironment.id}`)).toEqual([])
})

test('accepts 4 statuses and refuses 5 or an environment status', async ({ client }) => {
  expect((await client.get('/v1/snapshots?status=saving,ready,failed,deleted')).status).toBe(200)
  expectError(
    await client.get('/v1/snapshots?status=saving,ready,failed,deleted,ready'),
    400,
    'invalid_request',
  )
  expectError(await client.get('/v1/snapshots?status=running'), 400, 'invalid_request')
  expectError(await client.get('/v1/snapshots?environmentId=-x'), 400, 'invalid_request')
})

test('creates an environment from a ready snapshot with its apps and versions', async ({ client, mock }) => {
  const source = await mock.seed.environment({
    apps: [{ app: 'crm', name: 'sales', settings: { version: '2026.1' } }],
  })
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(2000)
  const restored = await createEnvironment(client, { snapshotId: snapshot.id, name: 'Restored' })
  expect(restored).toMatchObject({ snapshotId: snapshot.id, name: 'Restored', status: 'starting' })
  expect(restored.apps).toEqual([
    {
      name: 'sales',
      appId: 'crm',
      versionId: 'crm-v2026.1',
      version: '2026.1',
      settings: { version: '2026.1' },
      url: `${client.baseUrl}/apps/${restored.id}/sales`,
    },
  ])
})

test('refuses a snapshot that is not ready with 409 invalid_status', async ({ client, mock }) => {
  const source = await mock.seed.environment()
  const saving = await createSnapshot(client, source.id)
  expectError(
    await client.post('/v1/environments', { json: { snapshotId: saving.id } }),
    409,
    'invalid_status',
  )
  const failed = await mock.seed.snapshot({ environmentId: source.id, status: 'failed' })
  const deleted = await mock.seed.snapshot({ environmentId: source.id, status: 'deleted' })
  for (const { id } of [failed, deleted]) {
    expectError(await client.post('/v1/environments', { json: { snapshotId: id } }), 409, 'invalid_status')
  }
})

test('answers 404 for an unknown snapshot or one of another workspace', async ({ client, mock }) => {
  const otherEnvironment = await mock.seed.environment({ workspaceId: 'ws_other' })
  const other = await mock.seed.snapshot({ environmentId: otherEnvironment.id })
  for (const snapshotId of ['snap_nothere', other.id]) {
    expectError(await client.post('/v1/environments', { json: { snapshotId } }), 404, 'not_found')
  }
})

test('puts a member environment from a snapshot in the snapshot workspace', async ({ client, mock }) => {
  const source = await mock.seed.environment({ workspaceId: 'ws_other' })
  const snapshot = await mock.seed.snapshot({ environmentId: source.id })
  const restored = await createEnvironment(client, { snapshotId: snapshot.id }, { token: TOKENS.member })
  expect(restored.workspaceId).toBe('ws_other')
})

test('refuses a snapshot whose version has been retired with 422 version_unavailable', async ({
  client,
  mock,
}) => {
  const source = await mock.seed.environment({ apps: [{ app: 'crm', settings: { version: 'crm-v2025.2' } }] })
  const snapshot = await mock.seed.snapshot({ environmentId: source.id })
  expectError(
    await client.post('/v1/environments', { json: { snapshotId: snapshot.id } }),
    422,
    'version_unavailable',
  )
})
