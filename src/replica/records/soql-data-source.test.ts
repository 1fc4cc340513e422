import { expect, it } from 'vitest'
import { CRM_SAMPLE_IDS as IDS } from '../../fixtures/crm/index.js'
import { createSoqlDataSource } from './soql-data-source.js'
import { ADMIN, createTestCrm, INTEGRATION, TEST_NOW } from '../../../test/support/seeded-crm.js'

it('shows SOQL the objects and fields the view sees, with named child relationships', () => {
  const { metadata, store, clock } = createTestCrm()
  const source = createSoqlDataSource(metadata, store, INTEGRATION, clock)
  const contact = source.schema.object('contact')!
  expect(contact.def.name).toBe('Contact')
  expect(contact.fields.map((field) => field.name)).not.toContain('Birthdate')
  const account = source.schema.object('Account')!
  expect(account.childRelationships).toEqual(
    expect.arrayContaining([{ relationshipName: 'Contacts', childObject: 'Contact', field: 'AccountId' }]),
  )
  expect(account.childRelationships.every((relationship) => relationship.relationshipName)).toBe(true)
  expect(source.schema.object('Widget')).toBeUndefined()
  expect(source.now()).toEqual(TEST_NOW)
})

it('reads records through the store, recycle bin only when asked', () => {
  const { metadata, store, clock, service } = createTestCrm()
  service.delete('Account', IDS.initech, ADMIN)
  const source = createSoqlDataSource(metadata, store, ADMIN, clock)
  const live = { includeDeleted: false }
  const all = { includeDeleted: true }
  expect([...source.records.scan('Account', live)].map((record) => record.Id)).toEqual([IDS.acme, IDS.globex])
  expect([...source.records.scan('Account', all)]).toHaveLength(3)
  expect(source.records.get('Account', IDS.initech, live)).toBeUndefined()
  expect(source.records.get('Account', IDS.initech, all)?.IsDeleted).toBe(true)
  expect(source.records.get('Contact', IDS.acme, live)).toBeUndefined()
  expect([...source.records.findBy('Account', 'External_Id__c', 'acme-001', live)!].map((r) => r.Id)).toEqual(
    [IDS.acme],
  )
  expect(source.records.findBy('Account', 'Phone', 'x', live)).toBeUndefined()
})
