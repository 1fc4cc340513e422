import type { Client } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, createSnapshot, getEnvironment } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { startMs: 1000, snapshotMs: 1000 } })

/** Everything a client can read about the write side. */
async function observe(client: Client, ids: { environments: string[]; snapshot: string }) {
  const get = async (path: string, token?: string) => {
    const response = await client.get(path, token ? { token } : {})
    return { status: response.status, body: response.body }
  }
  const credentials = await client.post(`/v1/environments/${ids.environments[0]}/apps/crm/credentials`)
  return {
    environments: await get('/v1/environments?limit=100'),
    each: await Promise.all(ids.environments.map((id) => get(`/v1/environments/${id}`))),
    snapshots: await get('/v1/snapshots'),
    snapshot: await get(`/v1/snapshots/${ids.snapshot}`),
    credentials: credentials.body,
    faults: (await get('/__replica/faults')).body,
  }
}

test('gives identical answers after an export, reset and import', async ({ client, mock }) => {
  const running = await createEnvironment(client, { apps: ['crm'], labels: { keep: 'yes' } })
  mock.clock.advance(1000)
  const starting = await createEnvironment(client, { apps: ['crm'], tokenInUrl: true })
  const paused = await mock.seed.environment({ status: 'paused' })
  mock.records(running.id).create('Account', { Name: 'Exported' })
  const snapshot = await createSnapshot(client, running.id)
  mock.faults.add({ kind: 'environment.start', code: 'invalid_settings', times: 3 })
  const ids = { environments: [running.id, starting.id, paused.id], snapshot: snapshot.id }

  const before = await observe(client, ids)
  const auditBefore = (await client.get('/v1/audit-events?limit=100')).body
  const dataBefore = mock.exportState().environmentData
  const state = (await client.get('/__replica/state')).body
  await client.post('/__replica/reset')
  expect((await client.get('/v1/environments')).body.data).toEqual([])
  expect((await client.put('/__replica/state', { json: state })).status).toBe(200)

  expect(await observe(client, ids)).toEqual(before)
  // the credentials call above added one event on each side
  const auditAfter = (await client.get('/v1/audit-events?limit=100')).body
  expect(auditAfter.data.slice(1)).toEqual(auditBefore.data)
  expect(mock.exportState().environmentData).toEqual(dataBefore)
  expect(mock.records(running.id).query("SELECT Id FROM Account WHERE Name = 'Exported'")).toHaveLength(1)
})

test('refuses a document whose app data cannot be restored, and keeps the current state', async ({
  client,
  mock,
}) => {
  const environment = await mock.seed.environment()
  mock.records(environment.id).create('Account', { Name: 'Current' })
  const state = mock.exportState()
  const current = JSON.stringify(state)
  ;(state.environmentData[environment.id]!.crm as { records: unknown }).records = {
    Account: [{ Name: 'no id' }],
  }
  await mock.seed.environment()
  const expected = JSON.stringify(mock.exportState())
  const response = await client.put('/__replica/state', { json: state })
  expect(response.status).toBe(400)
  expect(response.body.error.message).toMatch(
    new RegExp(
      `Failed to import state: Failed to load the data of app "crm" of environment "${environment.id}"`,
    ),
  )
  expect(JSON.stringify(mock.exportState())).toBe(expected)
  expect(expected).not.toBe(current)
})

test('keeps pending transitions after an import', async ({ client, mock }) => {
  const starting = await createEnvironment(client)
  const state = mock.exportState()
  await mock.reset()
  await mock.importState(state)
  mock.clock.advance(1000)
  expect((await getEnvironment(client, starting.id)).status).toBe('running')
})

test('restores a snapshot taken before the export into a new environment after it', async ({
  client,
  mock,
}) => {
  const source = await mock.seed.environment()
  mock.records(source.id).create('Account', { Name: 'Before the export' })
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(1000)
  const state = JSON.parse(JSON.stringify(mock.exportState()))
  await mock.reset()
  await mock.importState(state)
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(
    mock.records(restored.id).query("SELECT Id FROM Account WHERE Name = 'Before the export'"),
  ).toHaveLength(1)
})

test('forgets environments, snapshots, events, data and faults on reset', async ({ client, mock }) => {
  const environment = await createEnvironment(client)
  mock.records(environment.id).create('Account', { Name: 'Forgotten' })
  mock.faults.add({ kind: 'snapshot' })
  await mock.reset()
  expect(await mock.environments.all()).toEqual([])
  expect(await mock.auditEvents.all()).toEqual([])
  expect(mock.faults.list()).toEqual([])
  expect(mock.exportState().environmentData).toEqual({})
})

test('imports a document that predates environments', async ({ client, mock }) => {
  const state = mock.exportState() as any
  for (const name of [
    'environments',
    'snapshots',
    'snapshotContents',
    'auditEvents',
    'credentials',
    'idempotencyRecords',
  ]) {
    delete state.store.collections[name]
  }
  delete state.environmentData
  delete state.faults
  expect((await client.put('/__replica/state', { json: state })).status).toBe(200)
  await createEnvironment(client)
})
