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
  mock.environmentData(running.id, 'crm').value = { accounts: [{ Name: 'Acme' }] }
  const snapshot = await createSnapshot(client, running.id)
  mock.faults.add({ kind: 'environment.start', code: 'invalid_settings', times: 3 })
  const ids = { environments: [running.id, starting.id, paused.id], snapshot: snapshot.id }

  const before = await observe(client, ids)
  const auditBefore = (await client.get('/v1/audit-events?limit=100')).body
  const state = (await client.get('/__replica/state')).body
  await client.post('/__replica/reset')
  expect((await client.get('/v1/environments')).body.data).toEqual([])
  expect((await client.put('/__replica/state', { json: state })).status).toBe(200)

  expect(await observe(client, ids)).toEqual(before)
  // the credentials call above added one event on each side
  const auditAfter = (await client.get('/v1/audit-events?limit=100')).body
  expect(auditAfter.data.slice(1)).toEqual(auditBefore.data)
  expect(mock.environmentData(running.id, 'crm').value).toEqual({ accounts: [{ Name: 'Acme' }] })
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
  mock.environmentData(source.id, 'crm').value = { before: true }
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(1000)
  const state = JSON.parse(JSON.stringify(mock.exportState()))
  await mock.reset()
  await mock.importState(state)
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(mock.environmentData(restored.id, 'crm').value).toEqual({ before: true })
})

test('forgets environments, snapshots, events, data and faults on reset', async ({ client, mock }) => {
  const environment = await createEnvironment(client)
  mock.environmentData(environment.id, 'crm').value = { x: 1 }
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
