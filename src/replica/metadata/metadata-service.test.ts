import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../fixtures/crm/index.js'
import { NotFoundError } from '../errors.js'
import { createMetadataService } from './metadata-service.js'

const metadata = createMetadataService(crmSchemaInput)
const admin60 = { apiVersion: '60.0', actor: 'admin' }
const admin48 = { apiVersion: '48.0', actor: 'admin' }
const integration60 = { apiVersion: '60.0', actor: 'integration' }

it('finds objects case-insensitively and returns the canonical definition', () => {
  expect(metadata.findObject('account')?.name).toBe('Account')
  expect(metadata.findObject('INVOICE__C')?.name).toBe('Invoice__c')
  expect(metadata.findObject('Nope')).toBeUndefined()
})

it('errors with NOT_FOUND on an unknown object', () => {
  expect(() => metadata.getObject('Widget__c', admin60)).toThrow(NotFoundError)
  try {
    metadata.getObject('Widget__c', admin60)
  } catch (error) {
    expect((error as NotFoundError).code).toBe('NOT_FOUND')
    expect((error as NotFoundError).message).toBe('The requested resource does not exist')
  }
})

it('finds fields case-insensitively and returns the canonical name', () => {
  expect(metadata.findField('contact', 'lastname')?.name).toBe('LastName')
  expect(metadata.findField('Account', 'EXTERNAL_ID__C')?.name).toBe('External_Id__c')
  expect(metadata.findField('Account', 'Nope')).toBeUndefined()
})

it('hides a field below the version it appears in', () => {
  expect(metadata.findField('Contact', 'Pronouns', admin60)?.name).toBe('Pronouns')
  expect(metadata.findField('Contact', 'Pronouns', { apiVersion: '58.0', actor: 'admin' })?.name).toBe(
    'Pronouns',
  )
  expect(metadata.findField('Contact', 'Pronouns', { apiVersion: '57.0', actor: 'admin' })).toBeUndefined()
  expect(metadata.findField('Account', 'Tier__c', { apiVersion: '52.0', actor: 'admin' })).toBeDefined()
  expect(metadata.findField('Account', 'Tier__c', { apiVersion: '51.0', actor: 'admin' })).toBeUndefined()
})

it('hides fields from the actor they are hidden from', () => {
  expect(metadata.findField('Contact', 'Birthdate', integration60)).toBeUndefined()
  expect(metadata.findField('Account', 'AnnualRevenue', integration60)).toBeUndefined()
  expect(metadata.findField('Contact', 'Birthdate', admin60)).toBeDefined()
  const names = metadata.visibleFields('Account', integration60).map((field) => field.name)
  expect(names).not.toContain('AnnualRevenue')
  expect(names).toContain('Name')
})

it('lists more fields at 60.0 than at 48.0', () => {
  const at60 = metadata.visibleFields('Contact', admin60).map((field) => field.name)
  const at48 = metadata.visibleFields('Contact', admin48).map((field) => field.name)
  expect(at60).toContain('Pronouns')
  expect(at48).not.toContain('Pronouns')
  expect(at60.length).toBe(at48.length + 1)
})

it('maps an id to its object by key prefix', () => {
  expect(metadata.objectOfId('001Rm0000000001IAA')?.name).toBe('Account')
  expect(metadata.objectOfId('a00Rm0000000001')?.name).toBe('Invoice__c')
  expect(metadata.objectOfId('999Rm0000000001IAA')).toBeUndefined()
  expect(metadata.objectOfId('not-an-id')).toBeUndefined()
})

it('resolves parent relationships by name, case-insensitively', () => {
  expect(metadata.parentRelationship('Contact', 'account')?.name).toBe('AccountId')
  expect(metadata.parentRelationship('Invoice__c', 'Account__r')?.name).toBe('Account__c')
  expect(metadata.parentRelationship('Task', 'what')?.referenceTo).toEqual([
    'Account',
    'Opportunity',
    'Case',
    'Invoice__c',
  ])
  expect(metadata.parentRelationship('Contact', 'CreatedBy')?.referenceTo).toEqual(['User'])
  expect(metadata.parentRelationship('Contact', 'Nope')).toBeUndefined()
})

it('lists child relationships on the parent, polymorphic ones on each target', () => {
  const names = metadata
    .childRelationships('Account')
    .map((r) => `${r.relationshipName}:${r.childSObject}.${r.field}`)
  expect(names).toEqual(
    expect.arrayContaining([
      'Contacts:Contact.AccountId',
      'Opportunities:Opportunity.AccountId',
      'Cases:Case.AccountId',
      'Tasks:Task.WhatId',
      'Invoices__r:Invoice__c.Account__c',
      'ChildAccounts:Account.ParentId',
    ]),
  )
  expect(metadata.findChildRelationship('Contact', 'tasks')).toMatchObject({
    childSObject: 'Task',
    field: 'WhoId',
  })
  expect(metadata.findChildRelationship('Account', 'CONTACTS')).toMatchObject({ cascadeDelete: true })
  expect(metadata.findChildRelationship('Contact', 'Cases')).toMatchObject({ cascadeDelete: false })
})

it('gives the readonly actor read access only', () => {
  const account = metadata.getObject('Account')
  expect(metadata.access(account, 'admin')).toEqual({
    createable: true,
    updateable: true,
    deletable: true,
    queryable: true,
  })
  expect(metadata.access(account, 'readonly')).toEqual({
    createable: false,
    updateable: false,
    deletable: false,
    queryable: true,
  })
  const name = metadata.findField(account, 'Name')!
  expect(metadata.fieldAccess(account, name, 'readonly')).toEqual({ createable: false, updateable: false })
  expect(metadata.fieldAccess(account, name, 'integration')).toEqual({ createable: true, updateable: true })
})

it('makes User read-only for every actor', () => {
  const user = metadata.getObject('User')
  expect(metadata.access(user, 'admin')).toMatchObject({
    createable: false,
    updateable: false,
    deletable: false,
  })
})

it('stores every field but compound ones', () => {
  const stored = metadata.storedFields('Account').map((field) => field.name)
  expect(stored).toContain('BillingCity')
  expect(stored).not.toContain('BillingAddress')
  const address = metadata.findField('Account', 'BillingAddress')!
  expect(metadata.componentsOf('Account', address).map((field) => field.name)).toEqual([
    'BillingStreet',
    'BillingCity',
    'BillingState',
    'BillingPostalCode',
    'BillingCountry',
    'BillingLatitude',
    'BillingLongitude',
    'BillingGeocodeAccuracy',
  ])
})

it('errors on schema data that refers to an unknown object', () => {
  const broken = structuredClone(crmSchemaInput)
  broken.objects = broken.objects.filter((object) => object.name !== 'User')
  expect(() => createMetadataService(broken)).toThrow(/refers to unknown object "User"/)
})

it('errors on schema data with a duplicated key prefix', () => {
  const broken = structuredClone(crmSchemaInput)
  broken.objects[1] = { ...broken.objects[1]!, keyPrefix: '001' }
  expect(() => createMetadataService(broken)).toThrow(/key prefix "001" is used twice/)
})

it('errors with NOT_FOUND on a view with a malformed version', () => {
  expect(() => metadata.visibleFields('Account', { apiVersion: 'latest', actor: 'admin' })).toThrow(
    NotFoundError,
  )
})
