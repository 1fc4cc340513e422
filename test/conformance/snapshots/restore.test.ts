import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, createSnapshot, getSnapshot } from '../../support/management.js'
import { type AppConnection, connectTo, createRecord, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { snapshotMs: 100 } })

/** Names of the accounts an environment app holds, over its REST API, sorted. */
async function accountNames(app: AppConnection): Promise<string[]> {
  const response = await query(app, 'SELECT Name FROM Account ORDER BY Name')
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.records.map((record: { Name: string }) => record.Name)
}

const SEEDED_ACCOUNTS = ['Acme Corporation', 'Globex', 'Initech']

test('restores the records written before the snapshot into the new environment', async ({
  client,
  mock,
}) => {
  const source = await createEnvironment(client, { apps: ['crm', { app: 'crm', name: 'billing' }] })
  const crm = await connectTo(client, source, 'crm')
  const billing = await connectTo(client, source, 'billing')
  const id = await createRecord(crm, 'Account', { Name: 'Snapshotted', External_Id__c: 'SNAP-1' })
  await createRecord(billing, 'Account', { Name: 'Billing only' })
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)

  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  const restoredCrm = await connectTo(client, restored, 'crm')
  const record = await restoredCrm.get(`${V}/sobjects/Account/External_Id__c/SNAP-1?fields=Id,Name`)
  expect(record.status).toBe(200)
  expect(record.body).toMatchObject({ Id: id, Name: 'Snapshotted' })
  expect(await accountNames(await connectTo(client, restored, 'billing'))).toEqual([
    'Acme Corporation',
    'Billing only',
    'Globex',
    'Initech',
  ])
})

test('keeps writes to the source and to the restored environments apart', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  const sourceApp = await connectTo(client, source)
  await createRecord(sourceApp, 'Account', { Name: 'Before' })
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  const first = await connectTo(client, await createEnvironment(client, { snapshotId: snapshot.id }))
  const second = await connectTo(client, await createEnvironment(client, { snapshotId: snapshot.id }))

  await createRecord(sourceApp, 'Account', { Name: 'Later in source' })
  await createRecord(first, 'Account', { Name: 'Only in first' })
  const renamed = await first.patch(`${V}/sobjects/Account/001Rm0000000001IAA`, {
    json: { Name: 'Acme in first' },
  })
  expect(renamed.status).toBe(204)

  expect(await accountNames(second)).toEqual(['Acme Corporation', 'Before', 'Globex', 'Initech'])
  expect(await accountNames(first)).toEqual(['Acme in first', 'Before', 'Globex', 'Initech', 'Only in first'])
  expect(await accountNames(sourceApp)).toEqual([
    'Acme Corporation',
    'Before',
    'Globex',
    'Initech',
    'Later in source',
  ])
  const third = await connectTo(client, await createEnvironment(client, { snapshotId: snapshot.id }))
  expect(await accountNames(third)).toEqual(['Acme Corporation', 'Before', 'Globex', 'Initech'])
})

test('saves the data as it was when the snapshot was requested, and sizes it', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  const app = await connectTo(client, source)
  const id = await createRecord(app, 'Account', { Name: 'Step 1' })
  const snapshot = await createSnapshot(client, source.id)
  const saved = JSON.stringify(mock.exportState().environmentData[source.id]!.crm)
  expect((await app.patch(`${V}/sobjects/Account/${id}`, { json: { Name: 'Step 2' } })).status).toBe(204)
  mock.clock.advance(100)

  expect(await getSnapshot(client, snapshot.id)).toMatchObject({
    sizeBytes: Buffer.byteLength(`{"crm":${saved}}`),
    apps: [{ name: 'crm', sizeBytes: Buffer.byteLength(saved) }],
  })
  const restored = await connectTo(client, await createEnvironment(client, { snapshotId: snapshot.id }))
  expect((await restored.get(`${V}/sobjects/Account/${id}?fields=Name`)).body).toMatchObject({
    Name: 'Step 1',
  })
})

test('gives a new environment the seeded CRM data, which its snapshot carries', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  expect(await accountNames(await connectTo(client, source))).toEqual(SEEDED_ACCOUNTS)
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  const restored = await connectTo(client, await createEnvironment(client, { snapshotId: snapshot.id }))
  expect(await accountNames(restored)).toEqual(SEEDED_ACCOUNTS)
})

test("keeps a restored environment's data when its snapshot is deleted", async ({ client, mock }) => {
  const source = await createEnvironment(client)
  await createRecord(await connectTo(client, source), 'Account', { Name: 'Kept' })
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect((await client.delete(`/v1/snapshots/${snapshot.id}`)).status).toBe(200)
  expect(await accountNames(await connectTo(client, restored))).toContain('Kept')
})

test('restores a seeded snapshot with given data', async ({ client, mock }) => {
  const donor = await mock.seed.environment()
  mock.records(donor.id).create('Account', { Name: 'From the donor' })
  const source = await mock.seed.environment()
  const snapshot = await mock.seed.snapshot({
    environmentId: source.id,
    data: { crm: mock.records(donor.id).serialise() },
  })
  const saved = JSON.stringify(mock.exportState().environmentData[donor.id]!.crm)
  expect(snapshot).toMatchObject({ status: 'ready', sizeBytes: Buffer.byteLength(`{"crm":${saved}}`) })
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  expect(
    mock.records(restored.id).query("SELECT Name FROM Account WHERE Name = 'From the donor'"),
  ).toHaveLength(1)
  expect(
    mock.records(source.id).query("SELECT Name FROM Account WHERE Name = 'From the donor'"),
  ).toHaveLength(0)
})

test('refuses seeded snapshot data the app cannot restore', async ({ mock }) => {
  const source = await mock.seed.environment()
  await expect(
    mock.seed.snapshot({ environmentId: source.id, data: { crm: { accounts: [] } } }),
  ).rejects.toThrow(/Failed to seed snapshot: data of app "crm": .*Failed to restore records/)
  await expect(mock.seed.snapshot({ environmentId: source.id, data: { erp: {} } })).rejects.toThrow(
    /has no app "erp" \(apps: crm\)/,
  )
  expect(await mock.snapshots.all()).toEqual([])
})

test('refuses records of an unknown environment or app', async ({ mock }) => {
  const environment = await mock.seed.environment()
  expect(() => mock.records('env_nothere')).toThrow(/no environment/)
  expect(() => mock.records(environment.id, 'erp')).toThrow(/has no app "erp" \(apps: crm\)/)
})

test('releases the data of a deleted environment', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  mock.records(environment.id).create('Account', { Name: 'Gone' })
  await client.delete(`/v1/environments/${environment.id}`)
  expect(() => mock.records(environment.id)).toThrow(/deleted and its data was released/)
  expect(mock.exportState().environmentData).toEqual({})
})
