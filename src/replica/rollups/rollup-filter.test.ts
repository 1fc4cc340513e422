import { expect, it } from 'vitest'
import { checkbox, date, datetime, multipicklist, number, text } from '../../fixtures/crm/field-helpers.js'
import type { RollupFilterItem } from '../../schemas/crm-rollup.js'
import { FieldDef } from '../../schemas/crm-schema.js'
import { compileRollupFilter } from './rollup-filter.js'

const fields = [
  text('Note__c', 'Note', 40),
  number('double', 'Weight__c', 'Weight', 10, 2),
  date('Sent_On__c', 'Sent On'),
  datetime('Scanned_At__c', 'Scanned At'),
  multipicklist('Tags__c', 'Tags', ['Hold', 'Express']),
  checkbox('Fragile__c', 'Fragile'),
].map((field) => FieldDef.parse(field))

function matches(item: RollupFilterItem, record: Record<string, unknown>): boolean {
  const predicate = compileRollupFilter([item], (name) => fields.find((field) => field.name === name)!)
  return predicate((field) => (record[field.name] ?? null) as never)
}

it.each([
  ['Note__c', 'equals', 'Blue, red', { Note__c: 'RED' }, true],
  ['Note__c', 'equals', '', { Note__c: null }, true],
  ['Note__c', 'notEqual', '', { Note__c: null }, false],
  ['Note__c', 'contains', 'ue', { Note__c: 'Blue' }, true],
  ['Note__c', 'notContain', 'ue,ed', { Note__c: 'Red' }, false],
  ['Note__c', 'startsWith', 'bl', { Note__c: 'Blue' }, true],
  ['Note__c', 'lessThan', 'b', { Note__c: 'apple' }, true],
  ['Weight__c', 'lessThan', '10', { Weight__c: 9.99 }, true],
  ['Weight__c', 'greaterOrEqual', '10', { Weight__c: 10 }, true],
  ['Weight__c', 'greaterThan', '10', { Weight__c: null }, false],
  ['Weight__c', 'lessOrEqual', '10', { Weight__c: null }, false],
  ['Sent_On__c', 'greaterThan', '2026-01-31', { Sent_On__c: '2026-02-01' }, true],
  [
    'Scanned_At__c',
    'lessThan',
    '2026-01-01T12:00:00Z',
    { Scanned_At__c: '2026-01-01T11:59:59.000+0000' },
    true,
  ],
  [
    'Scanned_At__c',
    'equals',
    '2026-01-01T12:00:00Z',
    { Scanned_At__c: '2026-01-01T12:00:00.000+0000' },
    true,
  ],
  ['Tags__c', 'includes', 'express', { Tags__c: 'Hold;Express' }, true],
  ['Tags__c', 'excludes', 'Hold', { Tags__c: 'Hold;Express' }, false],
  ['Tags__c', 'excludes', 'Hold', { Tags__c: null }, true],
  ['Fragile__c', 'equals', 'false', { Fragile__c: null }, true],
  ['Fragile__c', 'notEqual', 'TRUE', { Fragile__c: true }, false],
] as const)('returns for %s %s "%s" on %o: %s', (field, operation, value, record, expected) => {
  expect(matches({ field, operation, value }, record)).toBe(expected)
})

it('returns true only when every item matches', () => {
  const predicate = compileRollupFilter(
    [
      { field: 'Note__c', operation: 'startsWith', value: 'a' },
      { field: 'Weight__c', operation: 'greaterThan', value: '1' },
    ],
    (name) => fields.find((field) => field.name === name)!,
  )
  const read = (record: Record<string, unknown>) => (field: FieldDef) => (record[field.name] ?? null) as never
  expect(predicate(read({ Note__c: 'abc', Weight__c: 2 }))).toBe(true)
  expect(predicate(read({ Note__c: 'abc', Weight__c: 1 }))).toBe(false)
  expect(compileRollupFilter([], () => fields[0]!)(read({}))).toBe(true)
})
