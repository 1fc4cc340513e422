import { SchemaReport } from '../../../src/schemas/schema-report.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, query, V } from '../../support/native.js'
import { DATA_PLAN, SFDX_PROJECT } from '../../support/org-schema.js'

// `data` sources: the records every new environment of the version starts with (and comes back
// to on reset), loaded through the schema's rules
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT, data: DATA_PLAN })

test('a new environment starts with the records of a sf data tree plan, @references resolved', async ({
  client,
}) => {
  const app = await connectApp(client)
  const offers = await query(
    app,
    "SELECT Amount__c, Property__r.Name, Property__r.Broker__r.Name FROM Offer__c WHERE Property__r.External_Ref__c = 'P-1' ORDER BY Amount__c",
  )
  expect(offers.status, JSON.stringify(offers.body)).toBe(200)
  // the plan's two offers nested under their property
  expect(offers.body.records.map((row: any) => row.Amount__c)).toEqual([440000, 445000])
  for (const row of offers.body.records) expect(row.Property__r.Name).toBe('12 Elm Street')

  const contacts = await query(
    app,
    "SELECT LastName, Account.Name FROM Contact WHERE Email = 'bea@example.com'",
  )
  expect(contacts.body.records).toEqual([
    expect.objectContaining({
      LastName: 'Buyer',
      Account: expect.objectContaining({ Name: 'Globex Realty' }),
    }),
  ])
})

test('the demo sample records are not part of a version with its own data', async ({ client }) => {
  const app = await connectApp(client)
  const acme = await query(app, "SELECT Id FROM Account WHERE Name = 'Acme Corporation'")
  expect(acme.body.totalSize).toBe(0)
})

test('the seeded records are back after a write and a reset', async ({ client, mock }) => {
  const app = await connectApp(client)
  const before = await query(app, 'SELECT COUNT() FROM Property__c')
  const created = await app.post(`${V}/sobjects/Property__c`, {
    json: { Name: 'New Build', Address__c: '9 New Road', Price__c: 200000 },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  expect((await query(app, 'SELECT COUNT() FROM Property__c')).body.totalSize).toBe(before.body.totalSize + 1)
  await mock.reset()
  const again = await connectApp(client)
  expect((await query(again, 'SELECT COUNT() FROM Property__c')).body.totalSize).toBe(before.body.totalSize)
})

test('GET /__replica/schema counts the records the data sources added', async ({ client }) => {
  const response = await client.get('/__replica/schema')
  expect(response.status).toBe(200)
  const report = SchemaReport.parse(response.body)
  const crm = report.versions.filter((version) => version.schema === 'user')
  expect(crm.length).toBeGreaterThan(0)
  for (const version of crm) {
    expect(version.data).toEqual([DATA_PLAN])
    expect(version.records).toBe(version.dataReport?.total)
    expect(version.dataReport?.records.Property__c).toBeGreaterThan(0)
  }
})
