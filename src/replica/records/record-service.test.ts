import { expect, it } from 'vitest'
import { CRM_SAMPLE_IDS as IDS, CRM_USERS } from '../../fixtures/crm/index.js'
import type { ReplicaError } from '../errors.js'
import { normaliseId } from '../ids.js'
import { ADMIN, createTestCrm, INTEGRATION, READONLY, TEST_NOW } from '../../../test/support/seeded-crm.js'

const NOW = '2026-03-18T12:00:00.000+0000'

function failure(run: () => unknown) {
  try {
    run()
  } catch (error) {
    const { code, message, fields } = error as ReplicaError
    return { code, message, fields: [...(fields ?? [])] }
  }
  throw new Error('expected the call to fail')
}

/** Runs `run`, which must fail, and checks the store did not change. */
function failsCleanly(crm: ReturnType<typeof createTestCrm>, run: () => unknown) {
  const before = JSON.stringify(crm.store.serialise())
  const result = failure(run)
  expect(JSON.stringify(crm.store.serialise())).toBe(before)
  return result
}

// ---- create ----------------------------------------------------------------------------------

it('creates a record with an 18-character id of the object and system fields', () => {
  const { service, store } = createTestCrm()
  const { id, object } = service.create('account', { name: 'Initrode' }, ADMIN)
  expect(object).toBe('Account')
  expect(id).toHaveLength(18)
  expect(id.startsWith('001')).toBe(true)
  expect(normaliseId(id)).toBe(id)
  expect(store.get(id)).toMatchObject({
    Name: 'Initrode',
    IsDeleted: false,
    CreatedDate: NOW,
    CreatedById: CRM_USERS.admin,
    LastModifiedDate: NOW,
    LastModifiedById: CRM_USERS.admin,
    SystemModstamp: NOW,
    OwnerId: CRM_USERS.admin,
  })
})

it("defaults OwnerId and the audit users to the calling actor's user", () => {
  const { service, store } = createTestCrm()
  const { id } = service.create('Account', { Name: 'Via integration' }, INTEGRATION)
  expect(store.get(id)).toMatchObject({ OwnerId: CRM_USERS.integration, CreatedById: CRM_USERS.integration })
})

it('accepts an explicit OwnerId', () => {
  const { service, store } = createTestCrm()
  const { id } = service.create('Account', { Name: 'Owned', OwnerId: CRM_USERS.readonly }, ADMIN)
  expect(store.get(id)?.OwnerId).toBe(CRM_USERS.readonly)
})

it('reads field names case-insensitively and stores canonical names', () => {
  const { service } = createTestCrm()
  const { id } = service.create('CONTACT', { lastname: 'Smith', FIRSTNAME: 'Jo', accountid: IDS.acme }, ADMIN)
  expect(service.read('contact', id, ADMIN, { fields: 'firstname,LASTNAME,AccountId' })).toEqual({
    FirstName: 'Jo',
    LastName: 'Smith',
    AccountId: IDS.acme,
    Id: id,
  })
})

it('ignores the attributes block of a body', () => {
  const { service } = createTestCrm()
  const { id } = service.create(
    'Account',
    { attributes: { type: 'Account' }, Name: 'With attributes' },
    ADMIN,
  )
  expect(service.read('Account', id, ADMIN, { fields: ['Name'] }).Name).toBe('With attributes')
})

it('applies field defaults on create', () => {
  const { service } = createTestCrm()
  const lead = service.create('Lead', { LastName: 'Lee', Company: 'Co' }, ADMIN)
  expect(service.read('Lead', lead.id, ADMIN, { fields: 'Status,IsConverted' })).toMatchObject({
    Status: 'Open - Not Contacted',
    IsConverted: false,
  })
  const task = service.create('Task', { Subject: 'Call' }, ADMIN)
  expect(service.read('Task', task.id, ADMIN, { fields: 'Status,Priority,IsClosed' })).toMatchObject({
    Status: 'Not Started',
    Priority: 'Normal',
    IsClosed: false,
  })
})

it('errors with NOT_FOUND creating a record of an unknown object', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.create('Widget__c', { Name: 'x' }, ADMIN))).toEqual({
    code: 'NOT_FOUND',
    message: 'The requested resource does not exist',
    fields: [],
  })
})

it('errors with INVALID_FIELD on an unknown field, including a custom field that does not exist', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () => crm.service.create('Account', { Name: 'x', Colour__c: 'red' }, ADMIN)),
  ).toEqual({
    code: 'INVALID_FIELD',
    message: "No such column 'Colour__c' on sobject of type Account",
    fields: [],
  })
})

it('errors with INVALID_FIELD on a field the actor cannot see or the version does not have', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () =>
      crm.service.create('Contact', { LastName: 'x', Birthdate: '2000-01-01' }, INTEGRATION),
    ),
  ).toMatchObject({ code: 'INVALID_FIELD', message: "No such column 'Birthdate' on sobject of type Contact" })
  const v57 = { apiVersion: '57.0', actor: 'admin' }
  expect(failure(() => crm.service.create('Contact', { LastName: 'x', Pronouns: 'She/Her' }, v57)).code).toBe(
    'INVALID_FIELD',
  )
  const v58 = { apiVersion: '58.0', actor: 'admin' }
  expect(crm.service.create('Contact', { LastName: 'x', Pronouns: 'She/Her' }, v58).id).toBeTruthy()
})

it('errors with INVALID_FIELD_FOR_INSERT_UPDATE on fields that are not createable, naming all of them', () => {
  const crm = createTestCrm()
  const body = { LastName: 'x', Name: 'Full', CreatedDate: '2020-01-01T00:00:00Z' }
  expect(failsCleanly(crm, () => crm.service.create('Contact', body, ADMIN))).toEqual({
    code: 'INVALID_FIELD_FOR_INSERT_UPDATE',
    message:
      'Unable to create/update fields: Name, CreatedDate. Please check the security settings of this field and verify that it is read/write for your profile or permission set.',
    fields: ['Name', 'CreatedDate'],
  })
  expect(
    failure(() => crm.service.create('Account', { Name: 'x', BillingAddress: { city: 'X' } }, ADMIN)).fields,
  ).toEqual(['BillingAddress'])
  expect(failure(() => crm.service.create('Account', { Name: 'x', Id: IDS.acme }, ADMIN)).fields).toEqual([
    'Id',
  ])
  expect(failure(() => crm.service.create('Opportunity', { IsWon: true }, ADMIN)).code).toBe(
    'INVALID_FIELD_FOR_INSERT_UPDATE',
  )
})

it('errors with REQUIRED_FIELD_MISSING listing every missing field', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.create('Opportunity', { Amount: 10 }, ADMIN))).toEqual({
    code: 'REQUIRED_FIELD_MISSING',
    message: 'Required fields are missing: [Name, StageName, CloseDate]',
    fields: ['Name', 'StageName', 'CloseDate'],
  })
  expect(failure(() => crm.service.create('Contact', { LastName: null }, ADMIN))).toMatchObject({
    code: 'REQUIRED_FIELD_MISSING',
    fields: ['LastName'],
  })
  expect(failure(() => crm.service.create('Contact', { LastName: '' }, ADMIN)).code).toBe(
    'REQUIRED_FIELD_MISSING',
  )
})

it('errors with JSON_PARSER_ERROR on a body that is not an object or a value of the wrong type', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.create('Account', [{ Name: 'x' }], ADMIN)).code).toBe(
    'JSON_PARSER_ERROR',
  )
  expect(failsCleanly(crm, () => crm.service.create('Account', 'Name=x', ADMIN)).code).toBe(
    'JSON_PARSER_ERROR',
  )
  expect(
    failsCleanly(crm, () => crm.service.create('Account', { Name: 'x', NumberOfEmployees: 'many' }, ADMIN)),
  ).toMatchObject({
    code: 'JSON_PARSER_ERROR',
    fields: ['NumberOfEmployees'],
  })
})

it('errors with INVALID_TYPE_ON_FIELD_IN_RECORD on a bad value in CSV format', () => {
  const crm = createTestCrm()
  const body = { Name: 'x', NumberOfEmployees: 'many' }
  expect(failsCleanly(crm, () => crm.service.create('Account', body, ADMIN, { format: 'csv' }))).toEqual({
    code: 'INVALID_TYPE_ON_FIELD_IN_RECORD',
    message: 'Employees: value not of required type: many',
    fields: ['NumberOfEmployees'],
  })
})

it('errors with JSON_PARSER_ERROR on the same field sent twice in different case', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () => crm.service.create('Account', { Name: 'a', name: 'b' }, ADMIN)),
  ).toMatchObject({
    code: 'JSON_PARSER_ERROR',
    message: 'Duplicate field: Name',
  })
})

/** Every writable text, number and picklist field of Account. */
const WIDE_ACCOUNT = {
  Name: 'Wide',
  Type: 'Prospect',
  BillingStreet: '1 Main St',
  BillingCity: 'Phoenix',
  BillingState: 'AZ',
  BillingPostalCode: '85001',
  BillingCountry: 'US',
  Phone: '+1 555 0100',
  Fax: '+1 555 0101',
  AccountNumber: 'AN-1',
  Website: 'https://wide.example',
  Industry: 'Banking',
  AnnualRevenue: 1000,
  NumberOfEmployees: 12,
  Rating: 'Hot',
  Description: 'many fields',
  External_Id__c: 'WIDE-1',
  Tier__c: 'Gold',
}

it('stores every field of a wide body, and refuses one that sends its last field twice', () => {
  const crm = createTestCrm()
  const { id } = crm.service.create('Account', WIDE_ACCOUNT, ADMIN)
  expect(crm.store.get(id)).toMatchObject(WIDE_ACCOUNT)
  const twice = { ...WIDE_ACCOUNT, External_Id__c: 'WIDE-2', tier__c: 'Silver' }
  expect(failsCleanly(crm, () => crm.service.create('Account', twice, ADMIN))).toMatchObject({
    code: 'JSON_PARSER_ERROR',
    message: 'Duplicate field: Tier__c',
  })
})

it('errors with STRING_TOO_LONG on a value over the length', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () => crm.service.create('Account', { Name: 'x'.repeat(256) }, ADMIN)),
  ).toMatchObject({
    code: 'STRING_TOO_LONG',
    fields: ['Name'],
  })
  expect(crm.service.create('Account', { Name: 'x'.repeat(255) }, ADMIN).id).toBeTruthy()
})

it('errors with INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST on a value outside a restricted picklist', () => {
  const crm = createTestCrm()
  const body = { Name: 'Deal', StageName: 'Signed', CloseDate: '2026-04-01' }
  expect(failsCleanly(crm, () => crm.service.create('Opportunity', body, ADMIN))).toEqual({
    code: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    message: 'Stage: bad value for restricted picklist field: Signed',
    fields: ['StageName'],
  })
})

it('errors with MALFORMED_ID on a reference that is not an id', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () => crm.service.create('Contact', { LastName: 'x', AccountId: 'acme' }, ADMIN)),
  ).toEqual({
    code: 'MALFORMED_ID',
    message: 'Account ID: id value of incorrect type: acme',
    fields: ['AccountId'],
  })
})

it('errors with INVALID_CROSS_REFERENCE_KEY on a reference to no record', () => {
  const crm = createTestCrm()
  const body = { LastName: 'x', AccountId: '001Rm00000000ZZIAA' }
  expect(failsCleanly(crm, () => crm.service.create('Contact', body, ADMIN))).toEqual({
    code: 'INVALID_CROSS_REFERENCE_KEY',
    message: 'invalid cross reference id',
    fields: ['AccountId'],
  })
})

it('errors with FIELD_INTEGRITY_EXCEPTION on a reference to another kind of object', () => {
  const crm = createTestCrm()
  const body = { LastName: 'x', AccountId: IDS.wileCoyote }
  expect(failsCleanly(crm, () => crm.service.create('Contact', body, ADMIN)).code).toBe(
    'FIELD_INTEGRITY_EXCEPTION',
  )
})

it('errors with ENTITY_IS_DELETED on a reference to a record in the recycle bin', () => {
  const crm = createTestCrm()
  crm.service.delete('Account', IDS.globex, ADMIN)
  expect(
    failsCleanly(crm, () => crm.service.create('Contact', { LastName: 'x', AccountId: IDS.globex }, ADMIN)),
  ).toEqual({
    code: 'ENTITY_IS_DELETED',
    message: 'entity is deleted',
    fields: ['AccountId'],
  })
})

it('errors with DUPLICATE_VALUE on a unique field value another record holds', () => {
  const crm = createTestCrm()
  const body = { Account__c: IDS.acme, InvoiceNumber__c: 'inv-2026-0001' }
  expect(failsCleanly(crm, () => crm.service.create('Invoice__c', body, ADMIN))).toEqual({
    code: 'DUPLICATE_VALUE',
    message: `duplicate value found: InvoiceNumber__c duplicates value on record with id: ${IDS.acmeInvoice}`,
    fields: ['InvoiceNumber__c'],
  })
})

it('errors with CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY when the actor or object allows no create', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.create('Account', { Name: 'x' }, READONLY))).toEqual({
    code: 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
    message: 'entity type cannot be inserted: Account',
    fields: [],
  })
  const user = { Username: 'u@x.example', LastName: 'U', Alias: 'u', Email: 'u@x.example' }
  expect(failsCleanly(crm, () => crm.service.create('User', user, ADMIN)).message).toBe(
    'entity type cannot be inserted: User',
  )
})

it('does not burn an id on a failed create', () => {
  const { service } = createTestCrm()
  expect(() => service.create('Account', { Name: null }, ADMIN)).toThrow()
  expect(service.create('Account', { Name: 'ok' }, ADMIN).id).toBe('001Rm0000000004IAA')
})

it('sets a reference from a parent external id', () => {
  const { service } = createTestCrm()
  const { id } = service.create(
    'Contact',
    { LastName: 'Ref', Account: { External_Id__c: 'acme-001' } },
    ADMIN,
  )
  expect(service.read('Contact', id, ADMIN, { fields: 'AccountId' }).AccountId).toBe(IDS.acme)
  const invoice = service.create('Invoice__c', { account__r: { external_id__c: 'GLOBEX-001' } }, ADMIN)
  expect(service.read('Invoice__c', invoice.id, ADMIN, { fields: 'Account__c' }).Account__c).toBe(IDS.globex)
})

it('sets a polymorphic reference from an external id with attributes.type', () => {
  const { service } = createTestCrm()
  const body = {
    Subject: 'Chase',
    What: { attributes: { type: 'Invoice__c' }, InvoiceNumber__c: 'INV-2026-0001' },
  }
  const { id } = service.create('Task', body, ADMIN)
  expect(service.read('Task', id, ADMIN, { fields: 'WhatId' }).WhatId).toBe(IDS.acmeInvoice)
  expect(
    failure(() => service.create('Task', { What: { InvoiceNumber__c: 'INV-2026-0001' } }, ADMIN)).code,
  ).toBe('INVALID_FIELD')
})

it('errors on a parent external id that matches no record, several, or is not an external id field', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () =>
      crm.service.create('Contact', { LastName: 'x', Account: { External_Id__c: 'NOPE' } }, ADMIN),
    ),
  ).toEqual({
    code: 'INVALID_FIELD',
    message: 'Foreign key external ID: NOPE not found for field External_Id__c in entity Account',
    fields: ['AccountId'],
  })
  crm.service.update('Account', IDS.initech, { External_Id__c: 'ACME-001' }, ADMIN)
  expect(
    failsCleanly(crm, () =>
      crm.service.create('Contact', { LastName: 'x', Account: { External_Id__c: 'ACME-001' } }, ADMIN),
    ).code,
  ).toBe('DUPLICATE_EXTERNAL_ID')
  expect(
    failsCleanly(crm, () =>
      crm.service.create('Contact', { LastName: 'x', Account: { Phone: '+1 555 0100' } }, ADMIN),
    ),
  ).toMatchObject({
    code: 'INVALID_FIELD',
    message: 'Field name provided, Phone is not an External ID or indexed field for Account',
  })
})

// ---- record rules ----------------------------------------------------------------------------

it('derives Contact.Name from first and last name, on create and update', () => {
  const { service } = createTestCrm()
  const { id } = service.create('Contact', { FirstName: 'Ada', LastName: 'Lovelace' }, ADMIN)
  expect(service.read('Contact', id, ADMIN, { fields: 'Name' }).Name).toBe('Ada Lovelace')
  service.update('Contact', id, { LastName: 'King' }, ADMIN)
  expect(service.read('Contact', id, ADMIN, { fields: 'Name' }).Name).toBe('Ada King')
  service.update('Contact', id, { FirstName: null }, ADMIN)
  expect(service.read('Contact', id, ADMIN, { fields: 'Name' }).Name).toBe('King')
})

it('stores Contact and Lead emails lower-cased, unlike what was sent', () => {
  const { service } = createTestCrm()
  const contact = service.create('Contact', { LastName: 'Mixed', Email: 'Mixed.Case@Example.COM' }, ADMIN)
  expect(service.read('Contact', contact.id, ADMIN, { fields: 'Email' }).Email).toBe('mixed.case@example.com')
  const lead = service.create('Lead', { LastName: 'L', Company: 'C', Email: 'LEAD@X.EXAMPLE' }, ADMIN)
  expect(service.read('Lead', lead.id, ADMIN, { fields: 'Email' }).Email).toBe('lead@x.example')
})

it('derives IsClosed, IsWon, Probability and ExpectedRevenue from the opportunity stage', () => {
  const { service } = createTestCrm()
  const fields = 'StageName,IsClosed,IsWon,Probability,ExpectedRevenue'
  const { id } = service.create(
    'Opportunity',
    { Name: 'Deal', StageName: 'Prospecting', CloseDate: '2026-06-30', Amount: 1000 },
    ADMIN,
  )
  expect(service.read('Opportunity', id, ADMIN, { fields })).toMatchObject({
    IsClosed: false,
    IsWon: false,
    Probability: 10,
    ExpectedRevenue: 100,
  })
  service.update('Opportunity', id, { StageName: 'Closed Won' }, ADMIN)
  expect(service.read('Opportunity', id, ADMIN, { fields })).toMatchObject({
    IsClosed: true,
    IsWon: true,
    Probability: 100,
    ExpectedRevenue: 1000,
  })
  service.update('Opportunity', id, { StageName: 'Closed Lost' }, ADMIN)
  expect(service.read('Opportunity', id, ADMIN, { fields })).toMatchObject({
    IsClosed: true,
    IsWon: false,
    Probability: 0,
  })
})

it('keeps a Probability that was sent, and keeps it across writes that leave the stage alone', () => {
  const { service } = createTestCrm()
  const body = { Name: 'Deal', StageName: 'Prospecting', CloseDate: '2026-06-30', Probability: 35 }
  const { id } = service.create('Opportunity', body, ADMIN)
  expect(service.read('Opportunity', id, ADMIN, { fields: 'Probability' }).Probability).toBe(35)
  service.update('Opportunity', id, { Amount: 5 }, ADMIN)
  expect(service.read('Opportunity', id, ADMIN, { fields: 'Probability' }).Probability).toBe(35)
})

it('errors with FIELD_CUSTOM_VALIDATION_EXCEPTION on a negative opportunity amount', () => {
  const crm = createTestCrm()
  const body = { Name: 'Deal', StageName: 'Prospecting', CloseDate: '2026-06-30', Amount: -1 }
  expect(failsCleanly(crm, () => crm.service.create('Opportunity', body, ADMIN))).toEqual({
    code: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
    message: 'Amount cannot be negative.',
    fields: ['Amount'],
  })
  expect(
    failsCleanly(crm, () => crm.service.update('Opportunity', IDS.acmeRenewal, { Amount: -5 }, ADMIN)).code,
  ).toBe('FIELD_CUSTOM_VALIDATION_EXCEPTION')
  expect(crm.service.create('Opportunity', { ...body, Amount: 0 }, ADMIN).id).toBeTruthy()
})

it('numbers cases and invoices with auto-numbers', () => {
  const { service } = createTestCrm()
  const first = service.create('Case', { Subject: 'One' }, ADMIN)
  const second = service.create('Case', { Subject: 'Two' }, ADMIN)
  expect(service.read('Case', first.id, ADMIN, { fields: 'CaseNumber' }).CaseNumber).toBe('00000002')
  expect(service.read('Case', second.id, ADMIN, { fields: 'CaseNumber' }).CaseNumber).toBe('00000003')
  const invoice = service.create('Invoice__c', { Account__c: IDS.acme }, ADMIN)
  expect(service.read('Invoice__c', invoice.id, ADMIN, { fields: 'Name' }).Name).toBe('INV-0002')
})

it('closes a case with its status and stamps ClosedDate; reopening clears it', () => {
  const { service, clock } = createTestCrm()
  const { id } = service.create('Case', { Subject: 'Broken' }, ADMIN)
  expect(service.read('Case', id, ADMIN, { fields: 'Status,IsClosed,ClosedDate' })).toMatchObject({
    Status: 'New',
    IsClosed: false,
    ClosedDate: null,
  })
  clock.advance(60_000)
  service.update('Case', id, { Status: 'Closed' }, ADMIN)
  expect(service.read('Case', id, ADMIN, { fields: 'IsClosed,ClosedDate' })).toEqual({
    IsClosed: true,
    ClosedDate: '2026-03-18T12:01:00.000+0000',
    Id: id,
  })
  service.update('Case', id, { Status: 'Working' }, ADMIN)
  expect(service.read('Case', id, ADMIN, { fields: 'IsClosed,ClosedDate' })).toMatchObject({
    IsClosed: false,
    ClosedDate: null,
  })
})

it('closes a task when its status is Completed', () => {
  const { service } = createTestCrm()
  const { id } = service.create('Task', { Subject: 'Do', Status: 'Completed' }, ADMIN)
  expect(service.read('Task', id, ADMIN, { fields: 'IsClosed' }).IsClosed).toBe(true)
})

// ---- read --------------------------------------------------------------------------------------

it('reads every visible field in schema order, with the address composed', () => {
  const { service, metadata } = createTestCrm()
  const record = service.read('Account', IDS.acme, ADMIN)
  expect(Object.keys(record)).toEqual(metadata.visibleFields('Account', ADMIN).map((field) => field.name))
  expect(record.BillingAddress).toEqual({
    city: 'Phoenix',
    country: 'USA',
    geocodeAccuracy: null,
    latitude: null,
    longitude: null,
    postalCode: '85001',
    state: 'AZ',
    street: '1 Road Runner Way',
  })
  expect(
    service.read('Account', IDS.globex, ADMIN, { fields: 'BillingAddress' }).BillingAddress,
  ).toMatchObject({
    city: 'Cypress Creek',
    street: null,
  })
})

it('reads as the view sees the record: no hidden field, no field newer than the version', () => {
  const { service } = createTestCrm()
  expect(service.read('Contact', IDS.wileCoyote, INTEGRATION)).not.toHaveProperty('Birthdate')
  expect(service.read('Contact', IDS.wileCoyote, ADMIN)).toHaveProperty('Birthdate', '1949-09-17')
  expect(service.read('Contact', IDS.wileCoyote, { apiVersion: '48.0', actor: 'admin' })).not.toHaveProperty(
    'Pronouns',
  )
  expect(
    failure(() => service.read('Contact', IDS.wileCoyote, INTEGRATION, { fields: 'Birthdate' })),
  ).toMatchObject({
    code: 'INVALID_FIELD',
    message: expect.stringContaining("No such column 'Birthdate' on entity 'Contact'"),
  })
})

it('reads a record by its 15-character id or an 18-character id in another case', () => {
  const { service } = createTestCrm()
  expect(service.read('Account', IDS.acme.slice(0, 15), ADMIN, { fields: 'Name' }).Name).toBe(
    'Acme Corporation',
  )
  expect(service.read('Account', IDS.acme.toLowerCase(), ADMIN, { fields: 'Name' }).Id).toBe(IDS.acme)
})

it('errors with NOT_FOUND reading a malformed id, another object’s id, or no record', () => {
  const { service } = createTestCrm()
  expect(failure(() => service.read('Account', 'nope', ADMIN))).toEqual({
    code: 'NOT_FOUND',
    message: 'Provided external ID field does not exist or is not accessible: nope',
    fields: [],
  })
  expect(failure(() => service.read('Account', IDS.wileCoyote, ADMIN)).code).toBe('NOT_FOUND')
  expect(failure(() => service.read('Account', '001Rm00000000ZZIAA', ADMIN)).message).toBe(
    'The requested resource does not exist',
  )
})

it('errors with INVALID_FIELD on an unknown field in the selection', () => {
  const { service } = createTestCrm()
  expect(failure(() => service.read('Account', IDS.acme, ADMIN, { fields: 'Name,Nope' })).code).toBe(
    'INVALID_FIELD',
  )
})

// ---- update ------------------------------------------------------------------------------------

it('updates the sent fields and stamps the modification', () => {
  const { service, store, clock } = createTestCrm()
  clock.advance(5_000)
  service.update('account', IDS.acme, { phone: '+1 555 0199' }, INTEGRATION)
  expect(store.get(IDS.acme)).toMatchObject({
    Phone: '+1 555 0199',
    Name: 'Acme Corporation',
    CreatedDate: '2026-01-05T09:00:00.000+0000',
    LastModifiedDate: '2026-03-18T12:00:05.000+0000',
    SystemModstamp: '2026-03-18T12:00:05.000+0000',
    LastModifiedById: CRM_USERS.integration,
  })
})

it('accepts the record’s own Id in an update body and rejects another', () => {
  const crm = createTestCrm()
  crm.service.update('Account', IDS.acme, { Id: IDS.acme.slice(0, 15), Name: 'Acme 2' }, ADMIN)
  expect(crm.store.get(IDS.acme)?.Name).toBe('Acme 2')
  expect(
    failsCleanly(crm, () => crm.service.update('Account', IDS.acme, { Id: IDS.globex }, ADMIN)),
  ).toMatchObject({
    code: 'INVALID_FIELD_FOR_INSERT_UPDATE',
    fields: ['Id'],
  })
})

it('errors with INVALID_FIELD_FOR_INSERT_UPDATE on a field that is not updateable', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () =>
      crm.service.update('Invoice__c', IDS.acmeInvoice, { Account__c: IDS.globex }, ADMIN),
    ),
  ).toMatchObject({ code: 'INVALID_FIELD_FOR_INSERT_UPDATE', fields: ['Account__c'] })
})

it('errors with REQUIRED_FIELD_MISSING when an update clears a required field', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.update('Account', IDS.acme, { Name: null }, ADMIN))).toEqual({
    code: 'REQUIRED_FIELD_MISSING',
    message: 'Required fields are missing: [Name]',
    fields: ['Name'],
  })
})

it('errors with CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY when the actor cannot update', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.update('Account', IDS.acme, { Name: 'x' }, READONLY))).toEqual({
    code: 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
    message: 'entity type cannot be updated: Account',
    fields: [],
  })
})

it('errors with NOT_FOUND updating no record and ENTITY_IS_DELETED updating a deleted one', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () => crm.service.update('Account', '001Rm00000000ZZIAA', { Name: 'x' }, ADMIN)).code,
  ).toBe('NOT_FOUND')
  crm.service.delete('Account', IDS.globex, ADMIN)
  expect(failsCleanly(crm, () => crm.service.update('Account', IDS.globex, { Name: 'x' }, ADMIN))).toEqual({
    code: 'ENTITY_IS_DELETED',
    message: 'entity is deleted',
    fields: [],
  })
})

it('leaves the record unchanged when any field of an update fails', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () =>
      crm.service.update('Account', IDS.acme, { Name: 'ok', Tier__c: 'Platinum' }, ADMIN),
    ).code,
  ).toBe('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST')
  expect(crm.store.get(IDS.acme)?.Name).toBe('Acme Corporation')
})

// ---- delete ------------------------------------------------------------------------------------

it('moves a deleted record to the recycle bin', () => {
  const { service, store, clock } = createTestCrm()
  clock.advance(1_000)
  const result = service.delete(
    'Lead',
    service.create('Lead', { LastName: 'L', Company: 'C' }, ADMIN).id,
    INTEGRATION,
  )
  expect(failure(() => service.read('Lead', result.id, ADMIN)).code).toBe('NOT_FOUND')
  expect(store.get(result.id)).toBeUndefined()
  expect(store.get(result.id, { includeDeleted: true })).toMatchObject({
    IsDeleted: true,
    LastModifiedById: CRM_USERS.integration,
    SystemModstamp: '2026-03-18T12:00:01.000+0000',
  })
  expect(result).toEqual({ object: 'Lead', id: result.id, deleted: [result.id], cleared: [] })
})

it('cascades an account delete to its contacts, opportunities, cases, invoices and their tasks', () => {
  const { service, store } = createTestCrm()
  const task = service.create('Task', { Subject: 'Follow up', WhoId: IDS.wileCoyote }, ADMIN)
  const child = service.create('Account', { Name: 'Acme EU', ParentId: IDS.acme }, ADMIN)
  const result = service.delete('Account', IDS.acme, ADMIN)
  expect(result.deleted).toEqual(
    expect.arrayContaining([
      IDS.acme,
      IDS.wileCoyote,
      IDS.acmeRenewal,
      IDS.acmeCase,
      IDS.acmeInvoice,
      task.id,
    ]),
  )
  expect(result.deleted).toHaveLength(6)
  for (const id of result.deleted) expect(store.get(id, { includeDeleted: true })?.IsDeleted).toBe(true)
  // ParentId is a plain lookup: the child account stays, its reference cleared
  expect(result.cleared).toEqual([child.id])
  expect(store.get(child.id)?.ParentId).toBeNull()
  expect(store.get(IDS.globex)?.IsDeleted).toBe(false)
})

it('clears a non-cascading reference when its target is deleted', () => {
  const { service, store } = createTestCrm()
  const result = service.delete('Contact', IDS.wileCoyote, ADMIN)
  expect(result.cleared).toEqual([IDS.acmeCase])
  expect(store.get(IDS.acmeCase)).toMatchObject({ ContactId: null, IsDeleted: false })
})

it('errors with ENTITY_IS_DELETED deleting a record twice', () => {
  const crm = createTestCrm()
  crm.service.delete('Account', IDS.initech, ADMIN)
  expect(failsCleanly(crm, () => crm.service.delete('Account', IDS.initech, ADMIN)).code).toBe(
    'ENTITY_IS_DELETED',
  )
})

it('errors with INSUFFICIENT_ACCESS_OR_READONLY when the actor cannot delete', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.delete('Account', IDS.acme, READONLY))).toEqual({
    code: 'INSUFFICIENT_ACCESS_OR_READONLY',
    message: 'insufficient access rights on object id',
    fields: [],
  })
  expect(failsCleanly(crm, () => crm.service.delete('User', CRM_USERS.readonly, ADMIN)).code).toBe(
    'INSUFFICIENT_ACCESS_OR_READONLY',
  )
})

// ---- upsert / retrieve by external id ----------------------------------------------------------

it('creates on an upsert without a match, with the external id set', () => {
  const { service, store } = createTestCrm()
  const result = service.upsert('account', 'external_id__c', 'NEW-1', { Name: 'New' }, ADMIN)
  expect(result).toMatchObject({ status: 'created', object: 'Account' })
  const id = (result as { id: string }).id
  expect(store.get(id)).toMatchObject({ Name: 'New', External_Id__c: 'NEW-1' })
})

it('updates the one match of an upsert, matching the value case-insensitively', () => {
  const { service, store } = createTestCrm()
  const result = service.upsert('Account', 'External_Id__c', 'acme-001', { Phone: '1' }, ADMIN)
  expect(result).toEqual({ status: 'updated', object: 'Account', id: IDS.acme })
  expect(store.get(IDS.acme)?.Phone).toBe('1')
})

it('accepts the external id repeated in the body, not a different one', () => {
  const crm = createTestCrm()
  expect(
    crm.service.upsert('Account', 'External_Id__c', 'X-1', { Name: 'X', External_Id__c: 'x-1' }, ADMIN)
      .status,
  ).toBe('created')
  expect(
    failsCleanly(crm, () =>
      crm.service.upsert('Account', 'External_Id__c', 'X-2', { Name: 'X', External_Id__c: 'X-3' }, ADMIN),
    ).code,
  ).toBe('INVALID_FIELD')
})

it('returns every match of an upsert with several and changes nothing', () => {
  const crm = createTestCrm()
  crm.service.update('Account', IDS.initech, { External_Id__c: 'ACME-001' }, ADMIN)
  const before = JSON.stringify(crm.store.serialise())
  const result = crm.service.upsert('Account', 'External_Id__c', 'ACME-001', { Name: 'Changed' }, ADMIN)
  expect(result).toEqual({ status: 'multiple', object: 'Account', ids: [IDS.acme, IDS.initech] })
  expect(JSON.stringify(crm.store.serialise())).toBe(before)
})

it('updates the match and never creates with updateOnly', () => {
  const crm = createTestCrm()
  expect(
    crm.service.upsert('Account', 'External_Id__c', 'ACME-001', { Rating: 'Hot' }, ADMIN, {
      updateOnly: true,
    }),
  ).toEqual({ status: 'updated', object: 'Account', id: IDS.acme })
  expect(
    failsCleanly(crm, () =>
      crm.service.upsert('Account', 'External_Id__c', 'NONE-1', { Name: 'New' }, ADMIN, { updateOnly: true }),
    ).code,
  ).toBe('NOT_FOUND')
})

it('deletes the one match of an external id, and none of several', () => {
  const crm = createTestCrm()
  const deleted = crm.service.deleteByExternalId('Account', 'External_Id__c', 'GLOBEX-001', ADMIN)
  expect(deleted).toMatchObject({ status: 'deleted', object: 'Account', id: IDS.globex })
  expect(crm.store.get(IDS.globex)).toBeUndefined()
  crm.service.update('Account', IDS.initech, { External_Id__c: 'ACME-001' }, ADMIN)
  const before = JSON.stringify(crm.store.serialise())
  expect(crm.service.deleteByExternalId('Account', 'External_Id__c', 'ACME-001', ADMIN)).toEqual({
    status: 'multiple',
    object: 'Account',
    ids: [IDS.acme, IDS.initech],
  })
  expect(JSON.stringify(crm.store.serialise())).toBe(before)
  expect(
    failsCleanly(crm, () => crm.service.deleteByExternalId('Account', 'External_Id__c', 'NONE', ADMIN)).code,
  ).toBe('NOT_FOUND')
})

it('upserts by an idLookup field too', () => {
  const { service } = createTestCrm()
  expect(service.upsert('Account', 'Name', 'Globex', { Rating: 'Hot' }, ADMIN)).toEqual({
    status: 'updated',
    object: 'Account',
    id: IDS.globex,
  })
  expect(service.upsert('Contact', 'Email', 'HANK@globex.example', { Title: 'Boss' }, ADMIN)).toMatchObject({
    status: 'updated',
    id: IDS.hankScorpio,
  })
})

it('upserts by a unique external id of a custom object', () => {
  const { service } = createTestCrm()
  expect(
    service.upsert('Invoice__c', 'InvoiceNumber__c', 'INV-2026-0001', { Paid__c: true }, ADMIN),
  ).toMatchObject({
    status: 'updated',
    id: IDS.acmeInvoice,
  })
  expect(
    service.upsert('Invoice__c', 'InvoiceNumber__c', 'INV-2026-0002', { Account__c: IDS.globex }, ADMIN)
      .status,
  ).toBe('created')
})

it('ignores records in the recycle bin when matching an upsert', () => {
  const { service } = createTestCrm()
  service.delete('Account', IDS.globex, ADMIN)
  const result = service.upsert('Account', 'External_Id__c', 'GLOBEX-001', { Name: 'Globex again' }, ADMIN)
  expect(result.status).toBe('created')
})

it('errors with NOT_FOUND upserting on a field that is not an external id', () => {
  const crm = createTestCrm()
  expect(failsCleanly(crm, () => crm.service.upsert('Account', 'Phone', '1', { Name: 'x' }, ADMIN))).toEqual({
    code: 'NOT_FOUND',
    message: 'Provided external ID field does not exist or is not accessible: Phone',
    fields: [],
  })
  expect(failure(() => crm.service.upsert('Account', 'Nope__c', '1', {}, ADMIN)).code).toBe('NOT_FOUND')
})

it('errors when the readonly actor upserts, whether it would create or update', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () => crm.service.upsert('Account', 'External_Id__c', 'NEW', { Name: 'x' }, READONLY))
      .message,
  ).toBe('entity type cannot be inserted: Account')
  expect(
    failsCleanly(crm, () =>
      crm.service.upsert('Account', 'External_Id__c', 'ACME-001', { Name: 'x' }, READONLY),
    ).message,
  ).toBe('entity type cannot be updated: Account')
})

it('rolls back an upsert whose write fails', () => {
  const crm = createTestCrm()
  expect(
    failsCleanly(crm, () =>
      crm.service.upsert('Account', 'External_Id__c', 'NEW', { Tier__c: 'Gold' }, ADMIN),
    ).code,
  ).toBe('REQUIRED_FIELD_MISSING')
})

it('retrieves the one record with an external id', () => {
  const { service } = createTestCrm()
  expect(
    service.retrieveByExternalId('account', 'EXTERNAL_ID__C', 'acme-001', ADMIN, { fields: 'Name' }),
  ).toEqual({
    status: 'found',
    object: 'Account',
    record: { Name: 'Acme Corporation', Id: IDS.acme },
  })
})

it('returns the matches when several records have the external id', () => {
  const { service } = createTestCrm()
  service.update('Account', IDS.initech, { External_Id__c: 'GLOBEX-001' }, ADMIN)
  expect(service.retrieveByExternalId('Account', 'External_Id__c', 'GLOBEX-001', ADMIN)).toEqual({
    status: 'multiple',
    object: 'Account',
    ids: [IDS.globex, IDS.initech],
  })
})

it('errors with NOT_FOUND retrieving an external id no record has, or by a field that is not one', () => {
  const { service } = createTestCrm()
  expect(failure(() => service.retrieveByExternalId('Account', 'External_Id__c', 'NONE', ADMIN)).code).toBe(
    'NOT_FOUND',
  )
  expect(failure(() => service.retrieveByExternalId('Account', 'Phone', '1', ADMIN)).message).toBe(
    'Provided external ID field does not exist or is not accessible: Phone',
  )
})

// ---- seeding ---------------------------------------------------------------------------------

it('seeds records with system fields and ids given, through the rules', () => {
  const { service, store } = createTestCrm({ seed: false })
  service.seed('User', {
    Id: CRM_USERS.admin,
    Username: 'a@x.example',
    LastName: 'Admin',
    Alias: 'a',
    Email: 'a@x.example',
    CommunityNickname: 'a',
    TimeZoneSidKey: 'GMT',
    LocaleSidKey: 'en_US',
    LanguageLocaleKey: 'en_US',
    EmailEncodingKey: 'UTF-8',
  })
  service.seed('Contact', {
    Id: '003Rm0000000009IAA',
    FirstName: 'Old',
    LastName: 'Timer',
    Email: 'OLD@X.EXAMPLE',
    CreatedDate: '2020-01-01T00:00:00Z',
  })
  expect(store.get('003Rm0000000009IAA')).toMatchObject({
    Name: 'Old Timer',
    Email: 'old@x.example',
    CreatedDate: '2020-01-01T00:00:00.000+0000',
    LastModifiedDate: '2020-01-01T00:00:00.000+0000',
    CreatedById: CRM_USERS.admin,
  })
  expect(TEST_NOW.toISOString()).toBe('2026-03-18T12:00:00.000Z')
  expect(failure(() => service.seed('Contact', { Id: '001Rm0000000009IAA', LastName: 'x' })).code).toBe(
    'MALFORMED_ID',
  )
})
