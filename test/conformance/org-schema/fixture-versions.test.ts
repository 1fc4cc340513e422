import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { defaultFixture } from '../../../src/fixtures/default-fixture.js'
import { SchemaReport } from '../../../src/schemas/schema-report.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query, V } from '../../support/native.js'
import { createSampleRecords, DESCRIBE_FOLDER, SFDX_PROJECT } from '../../support/org-schema.js'

// A fixture file whose two published crm versions carry different schemas, given as paths
// relative to the fixture file's folder; the retired version has none.
const folder = mkdtempSync(join(tmpdir(), 'replica-fixture-'))
const fixtureFile = join(folder, 'fixture.json')
writeFileSync(
  fixtureFile,
  JSON.stringify({
    ...defaultFixture,
    versions: defaultFixture.versions.map((version) =>
      version.version === '2026.1'
        ? { ...version, schema: relative(folder, DESCRIBE_FOLDER) }
        : version.version === '2026.2'
          ? { ...version, schema: [relative(folder, SFDX_PROJECT)] }
          : version,
    ),
  }),
)

const test = conformanceTest({ clock: 'manual', fixture: fixtureFile })
const onVersion = (version: string) => ({ environment: { apps: [{ app: 'crm', settings: { version } }] } })

test('each version serves its own schema: two versions, two orgs, in one mock', async ({ client }) => {
  const sfdx = await connectApp(client, onVersion('2026.2'))
  const describe = await connectApp(client, onVersion('2026.1'))

  expect((await sfdx.get(`${V}/sobjects/Property__c/describe`)).status).toBe(200)
  expectNativeError(await sfdx.get(`${V}/sobjects/Vehicle__c/describe`), 404, 'NOT_FOUND')
  // 2026.1 serves API versions up to 59.0
  const V59 = '/services/data/v59.0'
  expect((await describe.get(`${V59}/sobjects/Vehicle__c/describe`)).status).toBe(200)
  expectNativeError(await describe.get(`${V59}/sobjects/Property__c/describe`), 404, 'NOT_FOUND')
  const unknown = await describe.get(`${V59}/query?q=${encodeURIComponent('SELECT Id FROM Property__c')}`)
  expectNativeError(unknown, 400, 'INVALID_TYPE')

  await createSampleRecords(sfdx)
  const offers = await query(sfdx, 'SELECT Property__r.Broker__r.Name FROM Offer__c')
  expect(offers.body.records[0]).toMatchObject({ Property__r: { Broker__r: { Name: 'Harbour Brokers' } } })
})

test('a version without a schema keeps the built-in demo schema', async ({ client, mock }) => {
  const retired = await mock.seed.environment({ apps: [{ app: 'crm', settings: { version: '2025.2' } }] })
  expect(mock.records(retired.id).query('SELECT Name FROM Invoice__c').length).toBeGreaterThan(0)
  expect(() => mock.records(retired.id).query('SELECT Id FROM Vehicle__c')).toThrow(/Vehicle__c/)
  const report = SchemaReport.parse((await client.get('/__replica/schema')).body)
  expect(report.versions.map((version) => [version.version, version.schema])).toEqual([
    ['2025.2', 'built-in'],
    ['2026.1', 'user'],
    ['2026.2', 'user'],
  ])
  expect(report.versions[1]!.sources).toEqual([DESCRIBE_FOLDER])
  expect(report.versions[2]!.sources).toEqual([SFDX_PROJECT])
})

test('a snapshot restores onto its own version and schema', async ({ client }) => {
  const app = await connectApp(client, onVersion('2026.2'))
  const { propertyId } = await createSampleRecords(app)
  const snapshot = await client.post('/v1/snapshots', { json: { environmentId: app.environment.id } })
  expect(snapshot.status, JSON.stringify(snapshot.body)).toBe(202)
  const restored = await connectApp(client, { environment: { snapshotId: snapshot.body.id } })
  expect(restored.environment.apps[0]).toMatchObject({ version: '2026.2' })
  const property = await restored.get(`${V}/sobjects/Property__c/${propertyId}`)
  expect(property.body).toMatchObject({ Name: 'Lighthouse', Is_Expensive__c: true })
})

test('reset() comes back to the same schemas', async ({ client, mock }) => {
  const before = (await client.get('/__replica/schema')).body
  const app = await connectApp(client, onVersion('2026.2'))
  await createSampleRecords(app)
  await mock.reset()
  expect((await client.get('/__replica/schema')).body).toEqual(before)
  const again = await connectApp(client, onVersion('2026.2'))
  expect((await query(again, 'SELECT COUNT() FROM Property__c')).body.totalSize).toBe(0)
  expect((await again.get(`${V}/sobjects/Property__c/describe`)).status).toBe(200)
})
