import { expect, it } from 'vitest'
import type { FieldDef } from '../../schemas/crm-schema.js'
import { perFieldList } from './per-field-list.js'

it('derives once per field list, and again for another list', () => {
  let runs = 0
  const names = perFieldList((fields) => {
    runs++
    return fields.map((field) => field.name)
  })
  const one = [{ name: 'Name' }] as unknown as readonly FieldDef[]
  const other = [{ name: 'Name' }] as unknown as readonly FieldDef[]
  expect(names(one)).toEqual(['Name'])
  expect(names(one)).toBe(names(one))
  expect(runs).toBe(1)
  expect(names(other)).toEqual(['Name'])
  expect(runs).toBe(2)
})
