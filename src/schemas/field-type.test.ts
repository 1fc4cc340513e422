import { expect, it } from 'vitest'
import { FieldType } from './crm-schema.js'
import { categoryOf, isCompoundType, isDateLike, isNumeric, isTextLike } from './field-type.js'

it('puts every field type in one category', () => {
  // Node 20 has no Object.groupBy
  const byCategory: Record<string, string[]> = {}
  for (const type of FieldType.options) {
    byCategory[categoryOf(type)] = [...(byCategory[categoryOf(type)] ?? []), type]
  }
  expect(byCategory).toEqual({
    text: ['string', 'textarea', 'email', 'phone', 'url'],
    picklist: ['picklist'],
    multipicklist: ['multipicklist'],
    id: ['id', 'reference'],
    number: ['int', 'double', 'currency', 'percent'],
    boolean: ['boolean'],
    date: ['date'],
    datetime: ['datetime'],
    time: ['time'],
    compound: ['address', 'location'],
    blob: ['base64'],
  })
})

it('answers the questions the callers ask, and nothing for a name that is no type', () => {
  expect(FieldType.options.filter(isTextLike)).toEqual([
    'string',
    'textarea',
    'email',
    'phone',
    'url',
    'picklist',
    'multipicklist',
  ])
  expect(FieldType.options.filter(isNumeric)).toEqual(['int', 'double', 'currency', 'percent'])
  expect(FieldType.options.filter(isDateLike)).toEqual(['date', 'datetime'])
  expect(FieldType.options.filter(isCompoundType)).toEqual(['address', 'location'])
  expect(categoryOf('constructor')).toBeUndefined()
  expect(isTextLike('nope')).toBe(false)
})
