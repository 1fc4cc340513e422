import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, createSnapshot, getSnapshot } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { snapshotMs: 100 } })

test('restores the data written before the snapshot into the new environment', async ({ client, mock }) => {
  const source = await createEnvironment(client, { apps: ['crm', { app: 'crm', name: 'billing' }] })
  mock.environmentData(source.id, 'crm').value = { accounts: [{ Id: '001', Name: 'Acme' }] }
  mock.environmentData(source.id, 'billing').value = { invoices: [1, 2] }
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(mock.environmentData(restored.id, 'crm').value).toEqual({ accounts: [{ Id: '001', Name: 'Acme' }] })
  expect(mock.environmentData(restored.id, 'billing').value).toEqual({ invoices: [1, 2] })
})

test('keeps writes to the source and to the restored environment apart', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  const sourceData = mock.environmentData(source.id, 'crm')
  sourceData.value = { accounts: [{ Name: 'Acme' }] }
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  const first = await createEnvironment(client, { snapshotId: snapshot.id })
  const second = await createEnvironment(client, { snapshotId: snapshot.id })

  ;(sourceData.value as { accounts: unknown[] }).accounts.push({ Name: 'Later in source' })
  const firstData = mock.environmentData(first.id, 'crm')
  ;(firstData.value as { accounts: unknown[] }).accounts.push({ Name: 'Only in first' })

  expect(mock.environmentData(second.id, 'crm').value).toEqual({ accounts: [{ Name: 'Acme' }] })
  expect(firstData.value).toEqual({ accounts: [{ Name: 'Acme' }, { Name: 'Only in first' }] })
  expect(sourceData.value).toEqual({ accounts: [{ Name: 'Acme' }, { Name: 'Later in source' }] })
  const third = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(mock.environmentData(third.id, 'crm').value).toEqual({ accounts: [{ Name: 'Acme' }] })
})

test('saves the data as it was when the snapshot was requested', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  mock.environmentData(source.id, 'crm').value = { step: 1 }
  const snapshot = await createSnapshot(client, source.id)
  mock.environmentData(source.id, 'crm').value = { step: 2 }
  mock.clock.advance(100)
  expect((await getSnapshot(client, snapshot.id)).sizeBytes).toBe(Buffer.byteLength('{"crm":{"step":1}}'))
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(mock.environmentData(restored.id, 'crm').value).toEqual({ step: 1 })
})

test('gives apps without data an empty store', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  expect(await getSnapshot(client, snapshot.id)).toMatchObject({
    sizeBytes: Buffer.byteLength('{"crm":{}}'),
    apps: [{ sizeBytes: 2 }],
  })
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(mock.environmentData(restored.id, 'crm').value).toEqual({})
})

test('keeps a restored environment data when its snapshot is deleted', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  mock.environmentData(source.id, 'crm').value = { kept: true }
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  await client.delete(`/v1/snapshots/${snapshot.id}`)
  expect(mock.environmentData(restored.id, 'crm').value).toEqual({ kept: true })
})

test('restores a seeded snapshot with given data', async ({ client, mock }) => {
  const source = await mock.seed.environment()
  const snapshot = await mock.seed.snapshot({ environmentId: source.id, data: { crm: { seeded: [1] } } })
  expect(snapshot).toMatchObject({ status: 'ready', sizeBytes: Buffer.byteLength('{"crm":{"seeded":[1]}}') })
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(mock.environmentData(restored.id, 'crm').value).toEqual({ seeded: [1] })
})

test('refuses environment data of an unknown environment or app', async ({ mock }) => {
  const environment = await mock.seed.environment()
  expect(() => mock.environmentData('env_nothere', 'crm')).toThrow(/no environment/)
  expect(() => mock.environmentData(environment.id, 'erp')).toThrow(/has no app "erp" \(apps: crm\)/)
})

test('releases the data of a deleted environment', async ({ client, mock }) => {
  const environment = await mock.seed.environment({ data: { crm: { rows: [1] } } })
  await client.delete(`/v1/environments/${environment.id}`)
  expect(() => mock.environmentData(environment.id, 'crm')).toThrow(/deleted and its data was released/)
  expect(mock.exportState().environmentData).toEqual({})
})
