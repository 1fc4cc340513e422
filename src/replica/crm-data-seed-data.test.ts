/**
 * Seed data loaded for a user's org schema (src/seed-data) goes through the record
 * rules when an app opens: the records are readable and queryable across relationships, and a
 * record the rules refuse is named by its file and row.
 */
import path from 'node:path'
import { expect, it } from 'vitest'
import { loadOrgSchema } from '../org-schema/load-org-schema.js'
import { loadSeedData } from '../seed-data/load-seed-data.js'
import { createCrmDataSets } from './crm-data.js'

const FIXTURES = path.resolve('test/fixtures/org-schema')
const DATA = path.join(FIXTURES, 'data')
const VIEW = { apiVersion: '60.0', actor: 'admin' }
const clock = { now: () => new Date('2026-03-18T12:00:00Z') }
const { schema } = await loadOrgSchema([path.join(FIXTURES, 'sfdx-project')])

it('opens an app with a plan’s records, queryable through custom relationships', async () => {
  const { seed } = await loadSeedData([path.join(DATA, 'plan')], schema)
  const app = createCrmDataSets({ clock, schema, seed }).open()
  const result = app.query(
    'SELECT Name, Status__c, Featured__c, Broker__r.Name, Broker__r.Parent.Name, (SELECT Name, Amount__c, Buyer__r.Email FROM Offers__r ORDER BY Amount__c) FROM Property__c ORDER BY Name',
    VIEW,
  )
  expect(result.records).toEqual([
    expect.objectContaining({
      Name: '12 Elm Street',
      Status__c: 'Under_Offer',
      // the field's default applies where the record gives none
      Featured__c: true,
      Broker__r: expect.objectContaining({
        Name: 'Globex Realty',
        Parent: expect.objectContaining({ Name: 'Globex Holdings' }),
      }),
      Offers__r: expect.objectContaining({
        totalSize: 2,
        records: [
          expect.objectContaining({
            Name: 'OFR-00001',
            Amount__c: 440000,
            Buyer__r: expect.objectContaining({ Email: 'bea@example.com' }),
          }),
          expect.objectContaining({ Name: 'OFR-00002', Amount__c: 445000, Buyer__r: null }),
        ],
      }),
    }),
    expect.objectContaining({
      Name: '3 Oak Lane',
      Status__c: 'Available',
      Featured__c: false,
      Broker__r: null,
      Offers__r: null,
    }),
  ])
})

it('opens an app with CSV records, their text converted by the field types, and reads them by id', async () => {
  const { seed } = await loadSeedData([path.join(DATA, 'csv')], schema)
  const app = createCrmDataSets({ clock, schema, seed }).open()
  const elm = seed.records.Property__c![0]!.Id as string
  expect(
    app.records.read('Property__c', elm, VIEW, { fields: 'Name,Price__c,Featured__c,Broker__c' }),
  ).toEqual({
    Id: elm,
    Name: '12 Elm Street',
    Price__c: 450000,
    Featured__c: false,
    Broker__c: seed.records.Account![0]!.Id,
  })
  expect(app.query('SELECT LastName, Owner.Username FROM Contact ORDER BY LastName', VIEW).records).toEqual([
    expect.objectContaining({
      LastName: 'Buyer',
      Owner: expect.objectContaining({ Username: 'integration@crm.replica.test' }),
    }),
    // no owner given: the actor that seeds (admin) owns it
    expect.objectContaining({
      LastName: 'Seller',
      Owner: expect.objectContaining({ Username: 'admin@crm.replica.test' }),
    }),
  ])
  // records created later get ids after the seeded ones
  expect(app.records.create('Account', { Name: 'Later' }, VIEW).id).toBe('001Rm0000000003IAA')
})

it.each([
  ['rules', 'line 3 (records.Property__c.1)', 'Price must be greater than zero.'],
  ['required', 'line 2 (records.Property__c.0)', 'Required fields are missing: [Address__c]'],
])(
  'refuses a seed whose records break the schema’s rules (%s), naming the file and line',
  async (folder, where, reason) => {
    const { seed } = await loadSeedData([path.join(DATA, 'broken', folder)], schema)
    const file = path.join(DATA, 'broken', folder, 'Property__c.csv')
    expect(() => createCrmDataSets({ clock, schema, seed }).open()).toThrow(
      `[replica-mock] Failed to load the CRM seed: ${file} ${where}: ${reason}`,
    )
  },
)
