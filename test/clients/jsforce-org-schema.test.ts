/**
 * jsforce against a standalone server serving a user's org schema (the sample SFDX project under
 * test/fixtures/org-schema): describe, CRUD, SOQL across custom relationships, formula and roll-up
 * values, a validation rule refusing a write, and a Bulk API 2.0 load of a custom object.
 */
import { expect, it } from 'vitest'
import { useJsforceSession } from '../support/jsforce-session.js'
import { SFDX_PROJECT } from '../support/org-schema.js'

const session = useJsforceSession(
  (conn) => {
    conn.bulk2.pollInterval = 50
    conn.bulk2.pollTimeout = 30_000
  },
  { schema: SFDX_PROJECT },
)

it('describes a custom object with its formula, roll-up and custom relationship', async () => {
  const property = await session.conn.sobject('Property__c').describe()
  expect(property).toMatchObject({ name: 'Property__c', custom: true })
  const field = (name: string) => property.fields.find((entry) => entry.name === name)
  expect(field('Is_Expensive__c')).toMatchObject({ type: 'boolean', calculated: true, createable: false })
  expect(field('Offer_Total__c')).toMatchObject({ calculated: true, updateable: false })
  expect(field('Broker__c')).toMatchObject({ referenceTo: ['Account'], relationshipName: 'Broker__r' })
  expect(property.childRelationships.map((child) => child.relationshipName)).toContain('Offers__r')
})

it('creates records of custom objects and queries across the custom relationships', async () => {
  const { conn } = session
  const broker = await conn.sobject('Account').create({ Name: 'Harbour Brokers', Region__c: 'North' })
  const property = await conn.sobject('Property__c').create({
    Name: 'Lighthouse',
    Address__c: '1 Quay Road',
    Price__c: 1_500_000,
    Broker__c: broker.id,
  })
  expect(property.success).toBe(true)
  await conn.sobject('Offer__c').create([
    { Property__c: property.id, Amount__c: 1_400_000 },
    { Property__c: property.id, Amount__c: 1_450_000 },
  ])
  const result = await conn.query<any>(
    'SELECT Name, Is_Expensive__c, Offer_Total__c, Broker__r.Name, (SELECT Amount__c FROM Offers__r ORDER BY Amount__c) FROM Property__c',
  )
  expect(result.records).toHaveLength(1)
  expect(result.records[0]).toMatchObject({
    Name: 'Lighthouse',
    Is_Expensive__c: true,
    Offer_Total__c: 2_850_000,
    Broker__r: { Name: 'Harbour Brokers' },
    Offers__r: { totalSize: 2, records: [{ Amount__c: 1_400_000 }, { Amount__c: 1_450_000 }] },
  })
})

it('surfaces a validation rule refusing a write as jsforce reports any API error', async () => {
  const refused = session.conn
    .sobject('Property__c')
    .create({ Name: 'Free House', Address__c: '2 Free Road', Price__c: 0 })
  await expect(refused).rejects.toMatchObject({
    errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
    message: 'Price must be greater than zero.',
  })
  expect((await session.conn.query('SELECT Id FROM Property__c')).totalSize).toBe(0)
})

it('loads a custom object with Bulk API 2.0, refusing the row that breaks a rule', async () => {
  const results = await session.conn.bulk2.loadAndWaitForResults({
    object: 'Property__c',
    operation: 'insert',
    input: 'Name,Address__c,Price__c\nBulk One,1 Bulk Road,100000\nBulk Free,2 Bulk Road,0\n',
  })
  expect(results.successfulResults).toHaveLength(1)
  expect(results.failedResults).toHaveLength(1)
  expect(results.failedResults[0]!.sf__Error).toContain('FIELD_CUSTOM_VALIDATION_EXCEPTION')
})
