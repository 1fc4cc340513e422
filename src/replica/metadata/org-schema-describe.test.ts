/**
 * The org schema loader's output fed to the replica: the metadata service accepts it, describe
 * shows the user's objects, and records of them can be written and queried through relationships.
 */
import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { loadOrgSchema } from '../../org-schema/load-org-schema.js'
import type { CrmSchema } from '../../schemas/crm-schema.js'
import { createCrmDataSets } from '../crm-data.js'
import { describeGlobal, describeObject } from './describe.js'
import { createMetadataService } from './metadata-service.js'

const FIXTURES = path.resolve('test/fixtures/org-schema')
const VIEW = { apiVersion: '60.0', actor: 'admin' }

let schema: CrmSchema

beforeAll(async () => {
  const loaded = await loadOrgSchema([
    path.join(FIXTURES, 'sfdx-project'),
    path.join(FIXTURES, 'describe'),
    path.join(FIXTURES, 'schema-document.json'),
  ])
  schema = loaded.schema
})

it('lists the user’s objects in the global describe with their key prefixes', () => {
  const metadata = createMetadataService(schema)
  const sobjects = describeGlobal(metadata, VIEW).sobjects
  const property = sobjects.find((sobject) => sobject.name === 'Property__c')
  expect(property).toMatchObject({
    custom: true,
    label: 'Property',
    labelPlural: 'Properties',
    createable: true,
  })
  expect(property?.keyPrefix).toBe(schema.objects.find((object) => object.name === 'Property__c')?.keyPrefix)
  expect(sobjects.find((sobject) => sobject.name === 'Vehicle__c')?.keyPrefix).toBe('a0V')
})

it('describes fields, compounds and child relationships of the user’s objects', () => {
  const metadata = createMetadataService(schema)
  const property = describeObject(metadata, 'Property__c', VIEW)
  const field = (name: string) => property.fields.find((entry) => entry.name === name)
  expect(field('Price__c')).toMatchObject({ type: 'currency', precision: 16, scale: 2, nillable: false })
  expect(field('Broker__c')).toMatchObject({
    type: 'reference',
    referenceTo: ['Account'],
    relationshipName: 'Broker__r',
  })
  expect(field('Price_With_Tax__c')).toMatchObject({ calculated: true, createable: false, updateable: false })
  expect(field('Location__Latitude__s')).toMatchObject({ compoundFieldName: 'Location__c' })
  expect(field('Status__c')?.picklistValues.map((value: { value: string }) => value.value)).toEqual([
    'Available',
    'Under_Offer',
    'Sold',
  ])
  expect(property.childRelationships).toContainEqual(
    expect.objectContaining({
      childSObject: 'Offer__c',
      field: 'Property__c',
      relationshipName: 'Offers__r',
      cascadeDelete: true,
    }),
  )
  const account = describeObject(metadata, 'Account', VIEW)
  expect(account.childRelationships).toContainEqual(
    expect.objectContaining({
      childSObject: 'Property__c',
      field: 'Broker__c',
      relationshipName: 'Properties__r',
    }),
  )
  expect(account.fields.map((entry) => entry.name)).toEqual(
    expect.arrayContaining(['Name', 'Region__c', 'Tier__c']),
  )
})

it('describes a dependent picklist read from describe JSON with the bitmaps it was given, and enforces them', () => {
  const metadata = createMetadataService(schema)
  const trim = describeObject(metadata, 'Vehicle__c', VIEW).fields.find((entry) => entry.name === 'Trim__c')
  expect(trim).toMatchObject({ dependentPicklist: true, controllerName: 'Body_Style__c' })
  expect(trim?.picklistValues.map((value) => value.validFor)).toEqual(['wA==', 'IA==', 'AA=='])
  const app = createCrmDataSets({ clock: { now: () => new Date('2026-03-18T12:00:00Z') }, schema }).open()
  const vehicle = (Trim__c: string) => () =>
    app.records.create('Vehicle__c', { Name: 'V', Body_Style__c: 'Sedan', Trim__c }, VIEW)
  expect(vehicle('Sport')).not.toThrow()
  expect(vehicle('Cargo')).toThrow('bad value for restricted picklist field: Cargo')
  expect(vehicle('Base')).toThrow('bad value for restricted picklist field: Base')
})

it('writes and queries records of the user’s objects through custom relationships', () => {
  const app = createCrmDataSets({ clock: { now: () => new Date('2026-03-18T12:00:00Z') }, schema }).open()
  const broker = app.records.create('Account', { Name: 'Homes Ltd' }, VIEW).id
  const property = app.records.create(
    'Property__c',
    { Name: 'Harbour View', Address__c: '1 Quay St', Price__c: 450000, Broker__c: broker },
    VIEW,
  ).id
  app.records.create('Offer__c', { Property__c: property, Amount__c: 440000 }, VIEW)
  const result = app.query(
    'SELECT Name, Status__c, Featured__c, Broker__r.Name, (SELECT Name, Amount__c FROM Offers__r) FROM Property__c',
    VIEW,
  )
  expect(result.records).toEqual([
    expect.objectContaining({
      Name: 'Harbour View',
      Status__c: 'Available',
      Featured__c: true,
      Broker__r: expect.objectContaining({ Name: 'Homes Ltd' }),
      Offers__r: expect.objectContaining({
        totalSize: 1,
        records: [expect.objectContaining({ Name: 'OFR-00001', Amount__c: 440000 })],
      }),
    }),
  ])
})
