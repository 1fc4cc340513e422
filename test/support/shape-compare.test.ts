import { expect, it } from 'vitest'
import { compareShape } from './shape-compare.js'

it('passes the same shape with other values', () => {
  expect(
    compareShape({ id: 'a', n: 1, ok: true, list: [1] }, { id: 'b', n: 2, ok: false, list: [3, 4] }),
  ).toEqual([])
})

it('fails a key the recording has and the answer lacks, and a key only the answer has', () => {
  expect(compareShape({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual([
    { path: '$.b', problem: 'missing (the recording has it)' },
    { path: '$.c', problem: 'extra (the recording does not have it)' },
  ])
})

it('fails another JSON type; null on either side matches anything', () => {
  expect(compareShape({ a: '1' }, { a: 1 })).toEqual([
    { path: '$.a', problem: 'expected string, got number' },
  ])
  expect(compareShape({ a: null, b: { x: 1 } }, { a: { deep: true }, b: null })).toEqual([])
})

it('compares error codes and statuses by value', () => {
  expect(compareShape([{ errorCode: 'NOT_FOUND' }], [{ errorCode: 'INVALID_FIELD' }])).toEqual([
    { path: '$[0].errorCode', problem: 'expected "NOT_FOUND", got "INVALID_FIELD"' },
  ])
  expect(compareShape({ httpStatusCode: 304 }, { httpStatusCode: 200 })).toHaveLength(1)
})

it('compares array items with the recorded item at the same place, the rest with its last one', () => {
  const recorded = [{ a: 1 }, { b: 2 }]
  expect(compareShape(recorded, [{ a: 1 }, { b: 2 }, { b: 3 }])).toEqual([])
  expect(compareShape(recorded, [{ a: 1 }, { b: 2 }, { a: 3 }])).toHaveLength(2)
  expect(compareShape([], [{ anything: 1 }])).toEqual([])
  expect(compareShape([{ a: 1 }], [])).toEqual([{ path: '$', problem: 'empty (the recording has 1 items)' }])
})

it('finds keyed array items by their key: a recorded item the answer lacks fails, others take the first one’s shape', () => {
  const rules = { keyedArrays: { '$.fields': 'name' } }
  const recorded = {
    fields: [
      { name: 'Id', type: 'id' },
      { name: 'Fax', type: 'phone' },
    ],
  }
  expect(
    compareShape(
      recorded,
      {
        fields: [
          { name: 'Fax', type: 'phone' },
          { name: 'Id', type: 'id' },
        ],
      },
      rules,
    ),
  ).toEqual([])
  expect(compareShape(recorded, { fields: [{ name: 'Id', type: 'id' }] }, rules)).toEqual([
    { path: '$.fields[Fax]', problem: 'missing item (the recording has it)' },
  ])
  expect(
    compareShape(
      recorded,
      { fields: [...recorded.fields, { name: 'Extra__c', type: 'string', more: 1 }] },
      rules,
    ),
  ).toEqual([{ path: '$.fields[Extra__c].more', problem: 'extra (the recording does not have it)' }])
})

it('lets an answer carry more keys where the recording says it is trimmed, or where the version table knows them', () => {
  expect(compareShape({ a: {} }, { a: { more: 1 } }, { open: { '$.a': 'trimmed' } })).toEqual([])
  const versionedKey = (path: string, key: string) => path === '$' && key === 'associateEntityType'
  expect(compareShape({}, { associateEntityType: null, other: 1 }, { versionedKey })).toEqual([
    { path: '$.other', problem: 'extra (the recording does not have it)' },
  ])
})
