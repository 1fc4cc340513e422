import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query, V } from '../../support/native.js'
import { csvRows, resultText, runIngest } from '../../support/bulk.js'
import { createSampleRecords, SFDX_PROJECT } from '../../support/org-schema.js'

// the `schema` option: the sample SFDX project for every published version of the crm app
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT })

test('describes a custom object of the user schema, formulas and relationships included', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.get(`${V}/sobjects/Property__c/describe`)
  expect(response.status).toBe(200)
  expect(response.body).toMatchObject({ name: 'Property__c', label: 'Property', custom: true })
  const field = (name: string) => response.body.fields.find((entry: { name: string }) => entry.name === name)
  expect(field('Price__c')).toMatchObject({ type: 'currency', nillable: false, precision: 16, scale: 2 })
  expect(field('Is_Expensive__c')).toMatchObject({
    type: 'boolean',
    calculated: true,
    createable: false,
    updateable: false,
  })
  expect(field('Broker__c')).toMatchObject({
    type: 'reference',
    referenceTo: ['Account'],
    relationshipName: 'Broker__r',
  })
  const global = await app.get(`${V}/sobjects`)
  const names = global.body.sobjects.map((entry: { name: string }) => entry.name)
  expect(names).toEqual(expect.arrayContaining(['Property__c', 'Offer__c', 'Account']))
  // left out whole, never half-loaded
  expect(names).not.toContain('Settings__mdt')
})

test('reads a custom object with its formula over REST, and a custom relationship path over SOQL', async ({
  client,
}) => {
  const app = await connectApp(client)
  const { propertyId, offerId } = await createSampleRecords(app)

  const property = await app.get(`${V}/sobjects/Property__c/${propertyId}`)
  expect(property.status).toBe(200)
  expect(property.body).toMatchObject({ Name: 'Lighthouse', Price__c: 1_500_000, Is_Expensive__c: true })

  const offers = await query(
    app,
    'SELECT Id, Ticket__c, Property__r.Name, Property__r.Broker__r.Name, Property__r.Is_Expensive__c FROM Offer__c',
  )
  expect(offers.status, JSON.stringify(offers.body)).toBe(200)
  expect(offers.body.records).toHaveLength(1)
  expect(offers.body.records[0]).toMatchObject({
    Id: offerId,
    Ticket__c: 'T-0001',
    Property__r: { Name: 'Lighthouse', Is_Expensive__c: true, Broker__r: { Name: 'Harbour Brokers' } },
  })

  const children = await query(
    app,
    "SELECT Name, (SELECT Amount__c FROM Offers__r) FROM Property__c WHERE Broker__r.Region__c = 'North'",
  )
  expect(children.status, JSON.stringify(children.body)).toBe(200)
  expect(children.body.records[0]).toMatchObject({
    Name: 'Lighthouse',
    Offers__r: { totalSize: 1, records: [{ Amount__c: 1_400_000 }] },
  })
})

test("refuses a write that breaks a validation rule, with the rule's message and field", async ({
  client,
}) => {
  const app = await connectApp(client)
  const refused = await app.post(`${V}/sobjects/Property__c`, {
    json: { Name: 'Shed', Address__c: '2 Quay Road', Price__c: 0 },
  })
  const error = expectNativeError(refused, 400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION')
  expect(error).toMatchObject({ message: 'Price must be greater than zero.', fields: ['Price__c'] })
  // a rule merged onto a built-in object
  const account = await app.post(`${V}/sobjects/Account`, { json: { Name: 'TEST account' } })
  expect(expectNativeError(account, 400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION').message).toBe(
    'Test accounts are not allowed.',
  )
  const count = await query(app, 'SELECT COUNT() FROM Property__c')
  expect(count.body.totalSize).toBe(0)
})

test('a retired version keeps the built-in schema: the option is for published versions', async ({
  client,
  mock,
}) => {
  const retired = await mock.seed.environment({ apps: [{ app: 'crm', settings: { version: '2025.2' } }] })
  const records = mock.records(retired.id)
  expect(() => records.query('SELECT Id FROM Property__c')).toThrow(/Property__c/)
  const current = await connectApp(client)
  expect((await query(current, 'SELECT Id FROM Property__c')).status).toBe(200)
})

test('Bulk API 2.0 ingests custom object rows, the validation rule refusing one', async ({ client }) => {
  const app = await connectApp(client)
  const csv = 'Name,Address__c,Price__c\nDock,3 Quay Road,250000\nShed,4 Quay Road,0\n'
  const job = await runIngest(app, { object: 'Property__c', operation: 'insert' }, csv)
  expect(job).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 2, numberRecordsFailed: 1 })
  const failed = csvRows(await resultText(app, job.id, 'failedResults'))
  expect(failed[1]![1]).toContain('FIELD_CUSTOM_VALIDATION_EXCEPTION')
  const found = await query(app, 'SELECT Name, Is_Expensive__c FROM Property__c')
  expect(found.body.records).toEqual([expect.objectContaining({ Name: 'Dock', Is_Expensive__c: false })])
})
