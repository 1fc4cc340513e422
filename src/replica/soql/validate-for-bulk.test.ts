import { expect, it } from 'vitest'
import { SoqlError } from './errors.js'
import { createTestDataSource } from '../../../test/support/soql-fixture.js'
import { validateForBulk } from './validate-for-bulk.js'

const source = createTestDataSource()

function rejection(query: string): SoqlError {
  try {
    validateForBulk(query, source)
  } catch (error) {
    if (error instanceof SoqlError) return error
    throw error
  }
  throw new Error(`expected ${query} to be rejected`)
}

it('returns the compiled query and its CSV columns for a plain query with parent fields', () => {
  expect(
    validateForBulk(
      'SELECT Id, Name, Account.Name, Account.Owner.Name FROM Contact WHERE Email != null',
      source,
    ).columns,
  ).toEqual(['Id', 'Name', 'Account.Name', 'Account.Owner.Name'])
})

it.each([
  ['SELECT Industry FROM Account GROUP BY Industry', 'GROUP BY is not supported in Bulk Query'],
  ['SELECT COUNT() FROM Account', 'Aggregate functions are not supported in Bulk Query'],
  ['SELECT MAX(Name) FROM Account', 'Aggregate functions are not supported in Bulk Query'],
  ['SELECT Id FROM Account ORDER BY Name OFFSET 5', 'OFFSET is not supported in Bulk Query'],
  ['SELECT TYPEOF Who WHEN Contact THEN Email END FROM Task', 'TYPEOF is not supported in Bulk Query'],
  [
    'SELECT Id, (SELECT Id FROM Contacts) FROM Account',
    'Aggregate Relationships not supported in Bulk Query',
  ],
  ['SELECT Id, BillingAddress FROM Account', 'Selecting compound data not supported in Bulk Query'],
  ['SELECT Id, Account.BillingAddress FROM Contact', 'Selecting compound data not supported in Bulk Query'],
  ['SELECT FIELDS(ALL) FROM Contact LIMIT 10', 'FIELDS(ALL) is not supported in Bulk Query'],
  ['SELECT FIELDS(CUSTOM) FROM Account LIMIT 10', 'FIELDS(CUSTOM) is not supported in Bulk Query'],
  ['SELECT FIELDS(STANDARD) FROM Account', 'Selecting compound data not supported in Bulk Query'],
])('rejects %s', (query, detail) => {
  const error = rejection(query)
  expect(error.code).toBe('API_ERROR')
  expect(error.detail).toBe(detail)
})

it('expands FIELDS(STANDARD) to the visible standard fields when none is compound', () => {
  expect(validateForBulk('SELECT FIELDS(STANDARD) FROM Contact', source).columns).toEqual([
    'Id',
    'IsDeleted',
    'FirstName',
    'LastName',
    'Name',
    'Email',
    'Birthdate',
    'CreatedDate',
    'AccountId',
    'OwnerId',
  ])
})

it('still reports an unknown field as INVALID_FIELD', () => {
  expect(rejection('SELECT Nope FROM Contact').code).toBe('INVALID_FIELD')
})
