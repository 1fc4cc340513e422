import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../fixtures/crm/index.js'
import { NotFoundError } from '../errors.js'
import { describeGlobal, describeObject, describeSObject } from './describe.js'
import { createMetadataService } from './metadata-service.js'

const metadata = createMetadataService(crmSchemaInput)
const view = (actor: string, apiVersion = '60.0') => ({ actor, apiVersion })

it('lists every object in the global describe with flags and version urls', () => {
  const result = describeGlobal(metadata, view('admin'))
  expect(result.encoding).toBe('UTF-8')
  expect(result.maxBatchSize).toBe(200)
  expect(result.sobjects.map((sobject) => sobject.name)).toEqual([
    'Account',
    'Contact',
    'Opportunity',
    'Lead',
    'Case',
    'Task',
    'User',
    'Organization',
    'Invoice__c',
    'ContentDocument',
    'ContentVersion',
    'ContentDocumentLink',
    'Attachment',
    'Document',
  ])
  const account = result.sobjects.find((sobject) => sobject.name === 'Account')!
  expect(account).toMatchObject({
    label: 'Account',
    labelPlural: 'Accounts',
    keyPrefix: '001',
    custom: false,
    createable: true,
    updateable: true,
    deletable: true,
    queryable: true,
    retrieveable: true,
    searchable: true,
    urls: {
      sobject: '/services/data/v60.0/sobjects/Account',
      describe: '/services/data/v60.0/sobjects/Account/describe',
      rowTemplate: '/services/data/v60.0/sobjects/Account/{ID}',
    },
  })
  expect(result.sobjects.find((sobject) => sobject.name === 'Invoice__c')).toMatchObject({
    custom: true,
    keyPrefix: 'a00',
  })
})

it('builds urls for the version asked', () => {
  const result = describeGlobal(metadata, view('admin', '48.0'))
  expect(result.sobjects[0]!.urls.sobject).toBe('/services/data/v48.0/sobjects/Account')
})

it('shows the readonly actor every object, none createable or updateable', () => {
  const result = describeGlobal(metadata, view('readonly'))
  expect(result.sobjects).toHaveLength(14)
  for (const sobject of result.sobjects) {
    expect(sobject).toMatchObject({ createable: false, updateable: false, deletable: false, queryable: true })
  }
  const fields = describeObject(metadata, 'Account', view('readonly')).fields
  expect(fields.every((field) => !field.createable && !field.updateable)).toBe(true)
})

it('marks User as read-only in every describe', () => {
  const user = describeGlobal(metadata, view('admin')).sobjects.find((sobject) => sobject.name === 'User')!
  expect(user).toMatchObject({ createable: false, updateable: false, deletable: false, queryable: true })
})

it('describes fields with the flags of the spec', () => {
  const result = describeObject(metadata, 'account', view('admin'))
  expect(result.name).toBe('Account')
  const byName = new Map(result.fields.map((field) => [field.name, field]))
  expect(byName.get('Id')).toMatchObject({
    type: 'id',
    length: 18,
    createable: false,
    updateable: false,
    nillable: false,
    defaultedOnCreate: true,
    idLookup: true,
    soapType: 'tns:ID',
  })
  expect(byName.get('Name')).toMatchObject({
    type: 'string',
    length: 255,
    byteLength: 765,
    createable: true,
    updateable: true,
    nillable: false,
    nameField: true,
    idLookup: true,
    soapType: 'xsd:string',
  })
  expect(byName.get('External_Id__c')).toMatchObject({
    externalId: true,
    custom: true,
    idLookup: false,
    unique: false,
  })
  expect(byName.get('OwnerId')).toMatchObject({
    type: 'reference',
    referenceTo: ['User'],
    relationshipName: 'Owner',
    defaultedOnCreate: true,
  })
  expect(byName.get('Tier__c')).toMatchObject({
    type: 'picklist',
    restrictedPicklist: true,
    picklistValues: [
      { active: true, defaultValue: false, label: 'Gold', validFor: null, value: 'Gold' },
      { active: true, defaultValue: false, label: 'Silver', validFor: null, value: 'Silver' },
      { active: true, defaultValue: false, label: 'Bronze', validFor: null, value: 'Bronze' },
    ],
  })
  expect(byName.get('BillingAddress')).toMatchObject({
    type: 'address',
    createable: false,
    soapType: 'urn:address',
  })
  expect(byName.get('BillingCity')).toMatchObject({ compoundFieldName: 'BillingAddress' })
  expect(byName.get('AnnualRevenue')).toMatchObject({
    type: 'currency',
    precision: 18,
    scale: 0,
    soapType: 'xsd:double',
  })
  expect(byName.get('NumberOfEmployees')).toMatchObject({ type: 'int', digits: 8, soapType: 'xsd:int' })
})

it('describes defaults, polymorphic references and auto-numbers', () => {
  const task = new Map(
    describeObject(metadata, 'Task', view('admin')).fields.map((field) => [field.name, field]),
  )
  expect(task.get('WhatId')).toMatchObject({
    referenceTo: ['Account', 'Opportunity', 'Case', 'Invoice__c'],
    relationshipName: 'What',
    polymorphicForeignKey: true,
    cascadeDelete: true,
  })
  expect(task.get('Status')).toMatchObject({ defaultedOnCreate: true, nillable: false })
  expect(task.get('Status')!.picklistValues.find((entry) => entry.defaultValue)?.value).toBe('Not Started')
  const caseFields = new Map(
    describeObject(metadata, 'Case', view('admin')).fields.map((field) => [field.name, field]),
  )
  expect(caseFields.get('CaseNumber')).toMatchObject({ autoNumber: true, createable: false, nameField: true })
  expect(caseFields.get('IsEscalated')).toMatchObject({
    type: 'boolean',
    defaultValue: false,
    nillable: false,
  })
})

it('lists child relationships of the object', () => {
  const result = describeObject(metadata, 'Account', view('admin'))
  expect(result.childRelationships).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        childSObject: 'Contact',
        field: 'AccountId',
        relationshipName: 'Contacts',
        cascadeDelete: true,
      }),
      expect.objectContaining({
        childSObject: 'Invoice__c',
        field: 'Account__c',
        relationshipName: 'Invoices__r',
      }),
      expect.objectContaining({ childSObject: 'Task', field: 'WhatId', relationshipName: 'Tasks' }),
    ]),
  )
  expect(result.urls).toMatchObject({ describe: '/services/data/v60.0/sobjects/Account/describe' })
})

it('describes an object differently at 48.0 and 60.0', () => {
  const names = (version: string) =>
    describeObject(metadata, 'Contact', view('admin', version)).fields.map((f) => f.name)
  expect(names('60.0')).toContain('Pronouns')
  expect(names('48.0')).not.toContain('Pronouns')
  const invoice = (version: string) =>
    describeObject(metadata, 'Invoice__c', view('admin', version)).fields.map((f) => f.name)
  expect(invoice('52.0')).toContain('DueDate__c')
  expect(invoice('51.0')).not.toContain('DueDate__c')
})

it('describes an object without the fields hidden from the actor', () => {
  const admin = describeObject(metadata, 'Contact', view('admin')).fields.map((field) => field.name)
  const integration = describeObject(metadata, 'Contact', view('integration')).fields.map(
    (field) => field.name,
  )
  expect(admin).toContain('Birthdate')
  expect(integration).not.toContain('Birthdate')
})

it('returns the object summary for GET /sobjects/{object}', () => {
  const result = describeSObject(metadata, 'contact', view('integration'))
  expect(result.objectDescribe).toMatchObject({ name: 'Contact', keyPrefix: '003', createable: true })
  expect(result.recentItems).toEqual([])
})

it('errors with NOT_FOUND describing an unknown object', () => {
  expect(() => describeObject(metadata, 'Widget__c', view('admin'))).toThrow(NotFoundError)
  expect(() => describeSObject(metadata, 'Widget__c', view('admin'))).toThrow(NotFoundError)
})
