/**
 * @module
 * A small, deterministic CRM for the SOQL engine's tests (independent of the replica's real fixture):
 * Account, Contact, Opportunity, User, Lead, Task (polymorphic WhoId) and Invoice__c (external id),
 * with relationships both ways, a deleted record per object, an actor-hidden field, a field that
 * appears only from API version 60, and a manual clock at Wednesday 2026-03-18T12:00:00Z.
 */
import type { FieldDefInput, FieldType, ObjectDefInput } from '../../src/schemas/crm-schema.js'
import { createMemoryDataSource, type MemoryDataSource } from './memory-data-source.js'
import { normalizeId } from '../../src/replica/soql/values.js'

export const NOW = new Date('2026-03-18T12:00:00.000Z')

function f(name: string, type: FieldType, extra: Partial<FieldDefInput> = {}): FieldDefInput {
  return {
    name,
    label: name,
    type,
    createable: true,
    updateable: true,
    nillable: true,
    custom: name.endsWith('__c'),
    ...extra,
  }
}

function ref(name: string, to: string[], relationshipName: string, childRelationshipName: string | null) {
  return f(name, 'reference', { referenceTo: to, relationshipName, childRelationshipName })
}

function o(name: string, keyPrefix: string, fields: FieldDefInput[]): ObjectDefInput {
  return {
    name,
    label: name,
    labelPlural: `${name}s`,
    keyPrefix,
    custom: name.endsWith('__c'),
    createable: true,
    updateable: true,
    deletable: true,
    fields: [
      f('Id', 'id', { nillable: false, createable: false, updateable: false }),
      f('IsDeleted', 'boolean', { createable: false, updateable: false }),
      ...fields,
    ],
  }
}

export const OBJECTS: ObjectDefInput[] = [
  o('User', '005', [
    f('Name', 'string'),
    f('Email', 'email'),
    f('IsActive', 'boolean'),
    ref('ManagerId', ['User'], 'Manager', null),
  ]),
  o('Account', '001', [
    f('Name', 'string', { length: 255 }),
    f('AccountNumber', 'string', { externalId: true }),
    f('Industry', 'picklist'),
    f('AnnualRevenue', 'currency'),
    f('NumberOfEmployees', 'int'),
    f('Rating', 'picklist'),
    f('BillingStreet', 'string'),
    f('BillingCity', 'string'),
    f('BillingAddress', 'address'),
    f('Description', 'textarea', { length: 32000 }),
    f('CreatedDate', 'datetime'),
    ref('ParentId', ['Account'], 'Parent', 'ChildAccounts'),
    ref('OwnerId', ['User'], 'Owner', null),
    f('Active__c', 'boolean'),
    f('Tags__c', 'multipicklist'),
    f('Secret__c', 'string', { hiddenFrom: ['integration'] }),
    f('Score__c', 'double', { sinceVersion: 60 }),
  ]),
  o('Contact', '003', [
    f('FirstName', 'string'),
    f('LastName', 'string'),
    f('Name', 'string'),
    f('Email', 'email'),
    f('Birthdate', 'date'),
    f('CreatedDate', 'datetime'),
    ref('AccountId', ['Account'], 'Account', 'Contacts'),
    ref('OwnerId', ['User'], 'Owner', null),
  ]),
  o('Opportunity', '006', [
    f('Name', 'string'),
    f('StageName', 'picklist'),
    f('Amount', 'currency'),
    f('CloseDate', 'date'),
    f('IsWon', 'boolean'),
    ref('AccountId', ['Account'], 'Account', 'Opportunities'),
  ]),
  o('Lead', '00Q', [f('Name', 'string'), f('Company', 'string')]),
  o('Task', '00T', [
    f('Subject', 'string'),
    f('ActivityDate', 'date'),
    ref('WhoId', ['Contact', 'Lead'], 'Who', 'Tasks'),
  ]),
  o('Invoice__c', 'a01', [
    f('Name', 'string'),
    f('External_Id__c', 'string', { externalId: true, idLookup: true, unique: true }),
    f('Total__c', 'currency'),
    f('Status__c', 'picklist'),
    ref('Account__c', ['Account'], 'Account__r', 'Invoices__r'),
  ]),
]

const PREFIX: Record<string, string> = {
  U: '005',
  A: '001',
  C: '003',
  O: '006',
  L: '00Q',
  T: '00T',
  I: 'a01',
}

/** The 18-character id of a fixture record: `id('A1')` is Account 1. */
export function id(key: string): string {
  const prefix = PREFIX[key[0]!]!
  return normalizeId(prefix + key.slice(1).padStart(12, '0'))!
}

const ts = (iso: string) => iso.replace('Z', '.000+0000')

export const RECORDS: Record<string, Record<string, unknown>[]> = {
  User: [
    { Id: id('U1'), Name: 'Ada Admin', Email: 'ada@corp.test', IsActive: true, ManagerId: null },
    { Id: id('U2'), Name: 'Bob Builder', Email: 'bob@corp.test', IsActive: true, ManagerId: id('U1') },
    { Id: id('U3'), Name: 'Cy Inactive', Email: 'cy@corp.test', IsActive: false, ManagerId: id('U1') },
  ],
  Account: [
    {
      Id: id('A1'),
      Name: 'Acme',
      AccountNumber: 'ACC-1',
      Industry: 'Technology',
      AnnualRevenue: 5_000_000,
      NumberOfEmployees: 250,
      Rating: 'Hot',
      BillingStreet: '1 Rue de Rivoli',
      BillingCity: 'Paris',
      Description: 'Big client',
      CreatedDate: ts('2026-03-18T09:00:00Z'),
      ParentId: null,
      OwnerId: id('U2'),
      Active__c: true,
      Tags__c: 'Gold;Partner',
      Secret__c: 's1',
      Score__c: 9.5,
    },
    {
      Id: id('A2'),
      Name: 'Globex',
      AccountNumber: 'ACC-2',
      Industry: 'Manufacturing',
      AnnualRevenue: 1_200_000,
      NumberOfEmployees: 80,
      Rating: 'Warm',
      BillingCity: 'Berlin',
      CreatedDate: ts('2026-03-17T23:30:00Z'),
      ParentId: id('A1'),
      OwnerId: id('U1'),
      Active__c: false,
      Tags__c: 'Silver',
      Score__c: 7,
    },
    {
      Id: id('A3'),
      Name: "O'Reilly Media",
      Industry: 'Technology',
      AnnualRevenue: null,
      NumberOfEmployees: 40,
      Rating: null,
      BillingCity: null,
      CreatedDate: ts('2026-02-10T10:00:00Z'),
      ParentId: null,
      OwnerId: id('U2'),
      Active__c: true,
      Tags__c: 'Gold',
    },
    {
      Id: id('A4'),
      Name: 'Initech',
      Industry: null,
      AnnualRevenue: 300_000,
      NumberOfEmployees: null,
      Rating: 'Cold',
      BillingCity: 'Austin',
      CreatedDate: ts('2025-12-31T23:59:59Z'),
      ParentId: id('A2'),
      OwnerId: id('U3'),
      Active__c: false,
      Tags__c: null,
    },
    {
      Id: id('A5'),
      Name: 'Umbrella 100%',
      Industry: 'Pharma',
      AnnualRevenue: 9_000_000,
      NumberOfEmployees: 5000,
      Rating: 'Hot',
      BillingCity: 'Paris',
      CreatedDate: ts('2026-03-01T00:00:00Z'),
      ParentId: null,
      OwnerId: id('U1'),
      Active__c: true,
      Tags__c: 'Partner;Silver',
    },
    {
      Id: id('A6'),
      Name: 'Deleted Co',
      Industry: 'Technology',
      CreatedDate: ts('2026-01-05T08:00:00Z'),
      OwnerId: id('U1'),
      Active__c: false,
      IsDeleted: true,
    },
  ],
  Contact: [
    {
      Id: id('C1'),
      FirstName: 'Ann',
      LastName: 'Alpha',
      Name: 'Ann Alpha',
      Email: 'ann@acme.test',
      AccountId: id('A1'),
      Birthdate: '1990-03-18',
      CreatedDate: ts('2026-03-16T10:00:00Z'),
      OwnerId: id('U2'),
    },
    {
      Id: id('C2'),
      FirstName: 'Ben',
      LastName: 'Beta',
      Name: 'Ben Beta',
      Email: 'ben@acme.test',
      AccountId: id('A1'),
      Birthdate: '1985-07-01',
      CreatedDate: ts('2026-03-10T10:00:00Z'),
      OwnerId: id('U2'),
    },
    {
      Id: id('C3'),
      FirstName: 'Cat',
      LastName: 'Gamma',
      Name: 'Cat Gamma',
      Email: 'cat@globex.test',
      AccountId: id('A2'),
      Birthdate: null,
      CreatedDate: ts('2026-03-18T11:00:00Z'),
      OwnerId: id('U1'),
    },
    {
      Id: id('C4'),
      FirstName: 'Dan',
      LastName: 'Delta',
      Name: 'Dan Delta',
      Email: null,
      AccountId: null,
      Birthdate: '2000-01-01',
      CreatedDate: ts('2026-01-20T10:00:00Z'),
      OwnerId: id('U1'),
    },
    {
      Id: id('C5'),
      FirstName: 'Eve',
      LastName: 'Epsilon',
      Name: 'Eve Epsilon',
      Email: 'eve@initech.test',
      AccountId: id('A4'),
      Birthdate: '1979-12-31',
      CreatedDate: ts('2025-06-15T10:00:00Z'),
      OwnerId: id('U3'),
    },
    {
      Id: id('C6'),
      FirstName: 'Fay',
      LastName: 'Zeta',
      Name: 'Fay Zeta',
      Email: 'fay@oreilly.test',
      AccountId: id('A3'),
      CreatedDate: ts('2026-02-01T10:00:00Z'),
      OwnerId: id('U2'),
      IsDeleted: true,
    },
  ],
  Opportunity: [
    {
      Id: id('O1'),
      Name: 'Acme Deal',
      StageName: 'Closed Won',
      Amount: 100_000,
      CloseDate: '2026-03-18',
      IsWon: true,
      AccountId: id('A1'),
    },
    {
      Id: id('O2'),
      Name: 'Acme Upsell',
      StageName: 'Prospecting',
      Amount: 25_000,
      CloseDate: '2026-04-15',
      IsWon: false,
      AccountId: id('A1'),
    },
    {
      Id: id('O3'),
      Name: 'Globex Renewal',
      StageName: 'Negotiation',
      Amount: 50_000,
      CloseDate: '2026-03-10',
      IsWon: false,
      AccountId: id('A2'),
    },
    {
      Id: id('O4'),
      Name: 'Initech Old',
      StageName: 'Closed Lost',
      Amount: null,
      CloseDate: '2025-11-30',
      IsWon: false,
      AccountId: id('A4'),
    },
    {
      Id: id('O5'),
      Name: 'Umbrella Big',
      StageName: 'Closed Won',
      Amount: 750_000,
      CloseDate: '2026-01-15',
      IsWon: true,
      AccountId: id('A5'),
    },
    {
      Id: id('O6'),
      Name: 'Orphan',
      StageName: 'Prospecting',
      Amount: 10,
      CloseDate: '2026-03-19',
      IsWon: false,
      AccountId: null,
    },
  ],
  Lead: [{ Id: id('L1'), Name: 'Lee Lead', Company: 'LeadCo' }],
  Task: [
    { Id: id('T1'), Subject: 'Call', ActivityDate: '2026-03-18', WhoId: id('C1') },
    { Id: id('T2'), Subject: 'Email', ActivityDate: '2026-03-20', WhoId: id('L1') },
    { Id: id('T3'), Subject: 'Note', ActivityDate: null, WhoId: null },
  ],
  Invoice__c: [
    {
      Id: id('I1'),
      Name: 'INV-1',
      External_Id__c: 'EXT-001',
      Total__c: 100.5,
      Status__c: 'Paid',
      Account__c: id('A1'),
    },
    {
      Id: id('I2'),
      Name: 'INV-2',
      External_Id__c: 'ext-002',
      Total__c: 200,
      Status__c: 'Open',
      Account__c: id('A1'),
    },
    {
      Id: id('I3'),
      Name: 'INV-3',
      External_Id__c: 'EXT-003',
      Total__c: 50,
      Status__c: 'Open',
      Account__c: id('A2'),
    },
  ],
}

export function createTestDataSource(
  options: { actor?: string; apiVersion?: number; now?: Date } = {},
): MemoryDataSource {
  const now = options.now ?? NOW
  return createMemoryDataSource({
    objects: OBJECTS,
    records: RECORDS,
    now: () => now,
    ...(options.actor ? { actor: options.actor } : {}),
    ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
  })
}
