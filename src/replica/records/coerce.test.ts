import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../fixtures/crm/index.js'
import { FieldDef } from '../../schemas/crm-schema.js'
import type { ReplicaError } from '../errors.js'
import { createMetadataService } from '../metadata/metadata-service.js'
import { coerceValue, formatDatetime, type InputFormat } from './coerce.js'

const metadata = createMetadataService(crmSchemaInput)
const prefixes = (prefix: string) => metadata.objectByKeyPrefix(prefix)?.name

function coerce(object: string, field: string, raw: unknown, format: InputFormat = 'json') {
  return coerceValue(metadata.findField(object, field)!, raw, format, prefixes)
}

function failure(object: string, field: string, raw: unknown, format: InputFormat = 'json') {
  try {
    coerce(object, field, raw, format)
  } catch (error) {
    const { code, message, fields } = error as ReplicaError
    return { code, message, fields }
  }
  throw new Error('expected a failure')
}

it('returns null for null, undefined and the empty string', () => {
  expect(coerce('Account', 'Name', null)).toBeNull()
  expect(coerce('Account', 'Name', undefined)).toBeNull()
  expect(coerce('Account', 'Phone', '')).toBeNull()
  expect(coerce('Account', 'NumberOfEmployees', '', 'csv')).toBeNull()
})

it('accepts text, and scalars as text', () => {
  expect(coerce('Account', 'Name', 'Acme')).toBe('Acme')
  expect(coerce('Account', 'AccountNumber', 42)).toBe('42')
  expect(coerce('Account', 'Description', true)).toBe('true')
})

it('errors with JSON_PARSER_ERROR on an object or array for a text field', () => {
  expect(failure('Account', 'Name', { a: 1 })).toMatchObject({
    code: 'JSON_PARSER_ERROR',
    message: expect.stringContaining('from START_OBJECT'),
    fields: ['Name'],
  })
  expect(failure('Account', 'Name', ['a']).message).toContain('START_ARRAY')
})

it('accepts text up to the length and errors with STRING_TOO_LONG past it', () => {
  expect(coerce('Account', 'AccountNumber', 'x'.repeat(40))).toHaveLength(40)
  expect(failure('Account', 'AccountNumber', 'x'.repeat(41))).toEqual({
    code: 'STRING_TOO_LONG',
    message: `Account Number: data value too large: ${'x'.repeat(41)} (max length=40)`,
    fields: ['AccountNumber'],
  })
})

it('accepts booleans and their text forms', () => {
  expect(coerce('Contact', 'DoNotCall', true)).toBe(true)
  expect(coerce('Contact', 'DoNotCall', 'FALSE')).toBe(false)
  expect(coerce('Contact', 'DoNotCall', '1', 'csv')).toBe(true)
  expect(coerce('Contact', 'DoNotCall', '0', 'csv')).toBe(false)
})

it('errors with JSON_PARSER_ERROR on a non-boolean in JSON', () => {
  expect(failure('Contact', 'DoNotCall', 'yes')).toEqual({
    code: 'JSON_PARSER_ERROR',
    message:
      'Cannot deserialize instance of boolean from VALUE_STRING value yes or request may be missing a required field (DoNotCall)',
    fields: ['DoNotCall'],
  })
  expect(failure('Contact', 'DoNotCall', 1).message).toContain('VALUE_NUMBER_INT')
})

it('errors with INVALID_TYPE_ON_FIELD_IN_RECORD on a bad CSV value', () => {
  expect(failure('Contact', 'DoNotCall', 'yes', 'csv')).toEqual({
    code: 'INVALID_TYPE_ON_FIELD_IN_RECORD',
    message: 'Do Not Call: value not of required type: yes',
    fields: ['DoNotCall'],
  })
  expect(failure('Opportunity', 'Amount', 'ten', 'csv').code).toBe('INVALID_TYPE_ON_FIELD_IN_RECORD')
})

it('accepts numbers and numeric text, rounding to the scale', () => {
  expect(coerce('Opportunity', 'Amount', 1234.567)).toBe(1234.57)
  expect(coerce('Opportunity', 'Amount', '99.5')).toBe(99.5)
  expect(coerce('Opportunity', 'Amount', '-3')).toBe(-3)
  expect(coerce('Account', 'AnnualRevenue', 10.4)).toBe(10)
  expect(coerce('Opportunity', 'Probability', '75')).toBe(75)
})

it('errors with JSON_PARSER_ERROR on a non-numeric value for a number field', () => {
  expect(failure('Opportunity', 'Amount', 'ten')).toMatchObject({
    code: 'JSON_PARSER_ERROR',
    message: expect.stringContaining('Cannot deserialize instance of double from VALUE_STRING value ten'),
  })
  expect(failure('Opportunity', 'Amount', true).code).toBe('JSON_PARSER_ERROR')
})

it('errors with NUMBER_OUTSIDE_VALID_RANGE past the precision', () => {
  // percent(3, 0): up to 999
  expect(coerce('Opportunity', 'Probability', 999)).toBe(999)
  expect(failure('Opportunity', 'Probability', 1000)).toEqual({
    code: 'NUMBER_OUTSIDE_VALID_RANGE',
    message: 'Probability (%): value outside of valid range on numeric field: 1000',
    fields: ['Probability'],
  })
  // int with 8 digits
  expect(coerce('Account', 'NumberOfEmployees', 99_999_999)).toBe(99_999_999)
  expect(failure('Account', 'NumberOfEmployees', 100_000_000).code).toBe('NUMBER_OUTSIDE_VALID_RANGE')
})

it('errors on a fraction for an int field', () => {
  expect(coerce('Account', 'NumberOfEmployees', '12')).toBe(12)
  expect(failure('Account', 'NumberOfEmployees', 1.5)).toMatchObject({
    code: 'JSON_PARSER_ERROR',
    message: expect.stringContaining('instance of int from VALUE_NUMBER_FLOAT'),
  })
})

it('accepts calendar dates and errors on anything else', () => {
  expect(coerce('Opportunity', 'CloseDate', '2026-02-28')).toBe('2026-02-28')
  expect(failure('Opportunity', 'CloseDate', '2026-02-30').code).toBe('JSON_PARSER_ERROR')
  expect(failure('Opportunity', 'CloseDate', '28/02/2026').code).toBe('JSON_PARSER_ERROR')
  expect(failure('Opportunity', 'CloseDate', '2026-02-28T10:00:00Z').code).toBe('JSON_PARSER_ERROR')
  expect(failure('Opportunity', 'CloseDate', 20260228).code).toBe('JSON_PARSER_ERROR')
})

it('stores datetimes in UTC in the wire form', () => {
  expect(coerce('Case', 'ClosedDate', '2026-03-01T10:15:30Z')).toBe('2026-03-01T10:15:30.000+0000')
  expect(coerce('Case', 'ClosedDate', '2026-03-01T10:15:30.123+02:00')).toBe('2026-03-01T08:15:30.123+0000')
  expect(coerce('Case', 'ClosedDate', '2026-03-01T10:15:30.000-0500')).toBe('2026-03-01T15:15:30.000+0000')
  expect(coerce('Case', 'ClosedDate', '2026-03-01')).toBe('2026-03-01T00:00:00.000+0000')
  expect(failure('Case', 'ClosedDate', '2026-03-01T25:00:00Z').code).toBe('JSON_PARSER_ERROR')
  expect(failure('Case', 'ClosedDate', 'yesterday').code).toBe('JSON_PARSER_ERROR')
})

it('stores times as Salesforce writes them, HH:mm:ss.SSSZ, and refuses what is not a time of day', () => {
  const field = FieldDef.parse({
    name: 'Opens__c',
    label: 'Opens',
    type: 'time',
    createable: true,
    updateable: true,
    nillable: true,
  })
  const time = (raw: unknown, format: InputFormat = 'json') => coerceValue(field, raw, format, prefixes)
  expect(time('09:30')).toBe('09:30:00.000Z')
  expect(time('09:30:15')).toBe('09:30:15.000Z')
  expect(time('23:59:59.9Z')).toBe('23:59:59.900Z')
  expect(time('07:00:00.000Z', 'csv')).toBe('07:00:00.000Z')
  for (const bad of ['24:00', '9:30', '09:60', '09:30:00+01:00', '2026-03-01T09:30:00Z', 930, true]) {
    expect(() => time(bad)).toThrow(
      expect.objectContaining({ code: 'JSON_PARSER_ERROR', fields: ['Opens__c'] }),
    )
  }
  expect(() => time('noon', 'csv')).toThrow(
    expect.objectContaining({ code: 'INVALID_TYPE_ON_FIELD_IN_RECORD' }),
  )
})

it('formats datetimes like the real API', () => {
  expect(formatDatetime(new Date('2026-03-18T12:00:00Z'))).toBe('2026-03-18T12:00:00.000+0000')
})

it('checks email addresses', () => {
  expect(coerce('Contact', 'Email', 'a@b.example')).toBe('a@b.example')
  expect(failure('Contact', 'Email', 'not-an-email')).toEqual({
    code: 'INVALID_EMAIL_ADDRESS',
    message: 'Email: invalid email address: not-an-email',
    fields: ['Email'],
  })
})

it('accepts any value of an unrestricted picklist', () => {
  expect(coerce('Account', 'Industry', 'Space Mining')).toBe('Space Mining')
})

it('errors with INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST on a value outside a restricted one', () => {
  expect(coerce('Opportunity', 'StageName', 'Closed Won')).toBe('Closed Won')
  expect(failure('Opportunity', 'StageName', 'Won')).toEqual({
    code: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    message: 'Stage: bad value for restricted picklist field: Won',
    fields: ['StageName'],
  })
  // exact values only
  expect(failure('Opportunity', 'StageName', 'closed won').code).toBe(
    'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
  )
})

it('normalises a multi-select picklist to distinct values in picklist order', () => {
  expect(coerce('Account', 'Regions__c', 'EMEA; AMER;EMEA')).toBe('AMER;EMEA')
  expect(coerce('Account', 'Regions__c', ';')).toBeNull()
  expect(failure('Account', 'Regions__c', 'AMER;MARS')).toMatchObject({
    code: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    message: 'Regions: bad value for restricted picklist field: MARS',
  })
})

it('normalises reference ids to 18 characters', () => {
  expect(coerce('Contact', 'AccountId', '001Rm0000000001')).toBe('001Rm0000000001IAA')
  expect(coerce('Contact', 'AccountId', '001rm0000000001iaa')).toBe('001Rm0000000001IAA')
})

it('errors with MALFORMED_ID on a reference that is not an id', () => {
  expect(failure('Contact', 'AccountId', 'acme')).toEqual({
    code: 'MALFORMED_ID',
    message: 'Account ID: id value of incorrect type: acme',
    fields: ['AccountId'],
  })
  expect(failure('Contact', 'AccountId', 42).code).toBe('MALFORMED_ID')
})

it('errors with FIELD_INTEGRITY_EXCEPTION on an id of another object', () => {
  expect(failure('Contact', 'AccountId', '003Rm0000000001IAA')).toEqual({
    code: 'FIELD_INTEGRITY_EXCEPTION',
    message: 'Account ID: id value of incorrect type: 003Rm0000000001IAA',
    fields: ['AccountId'],
  })
  // polymorphic: any of its targets
  expect(coerce('Task', 'WhatId', 'a00Rm0000000001IAA')).toBe('a00Rm0000000001IAA')
  expect(failure('Task', 'WhatId', '005Rm0000000001IAA').code).toBe('FIELD_INTEGRITY_EXCEPTION')
})

it('takes a Bulk API CSV date with a zone as the date written, and only in CSV', () => {
  expect(coerce('Contact', 'Birthdate', '1940-06-07Z', 'csv')).toBe('1940-06-07')
  expect(coerce('Contact', 'Birthdate', '2024-05-01+02:00', 'csv')).toBe('2024-05-01')
  expect(coerce('Contact', 'Birthdate', '2024-05-01', 'csv')).toBe('2024-05-01')
  expect(failure('Contact', 'Birthdate', '1940-06-07Z').code).toBe('JSON_PARSER_ERROR')
  expect(failure('Contact', 'Birthdate', '2024-02-30Z', 'csv').code).toBe('INVALID_TYPE_ON_FIELD_IN_RECORD')
})
