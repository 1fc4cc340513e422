/**
 * @module
 * A roll-up's filter items as one predicate over a child record: every item must match (Salesforce
 * ANDs roll-up filter criteria). Text compares case-insensitively, as Salesforce's filters do;
 * several comma-separated values mean "any of them" (equals, contains, startsWith, includes) or
 * "none of them" (notEqual, notContain, excludes). A blank value matches a blank field.
 */
import { filterValues, parseFilterValue, type RollupFilterItem } from '../../schemas/crm-rollup.js'
import type { FieldDef } from '../../schemas/crm-schema.js'
import type { FieldValue } from '../formulas/formula-types.js'

/** Reads a child's field as a caller sees it (formula fields computed). */
export type ReadChildField = (field: FieldDef) => FieldValue

export type ChildPredicate = (read: ReadChildField) => boolean

type Typed = string | number | boolean | null

/** The predicate of `items`; `fieldOf` resolves a filter item's field (checked when the schema loaded). */
export function compileRollupFilter(
  items: readonly RollupFilterItem[],
  fieldOf: (name: string) => FieldDef,
): ChildPredicate {
  const tests = items.map((item) => {
    const field = fieldOf(item.field)
    const values = filterValues(item.value).map((value) => parseFilterValue(field.type, value) ?? null)
    const test = itemTest(item.operation, field, values)
    return (read: ReadChildField) => test(normalise(field, read(field)))
  })
  return (read) => tests.every((test) => test(read))
}

/** A stored value as the filter compares it: lower-case text, datetimes in milliseconds, booleans never null. */
function normalise(field: FieldDef, value: FieldValue): Typed {
  if (field.type === 'boolean') return value === true
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number' || typeof value === 'boolean') return value
  if (field.type === 'datetime') return timeOf(String(value))
  return String(value).toLowerCase()
}

function timeOf(text: string): number {
  return Date.parse(text.replace(/\+0000$/, 'Z'))
}

function itemTest(
  operation: RollupFilterItem['operation'],
  field: FieldDef,
  raw: readonly Typed[],
): (value: Typed) => boolean {
  const values = raw.map((value) =>
    value === null
      ? null
      : field.type === 'datetime'
        ? timeOf(String(value))
        : typeof value === 'string'
          ? value.toLowerCase()
          : value,
  )
  const any = (match: (value: Typed, wanted: Typed) => boolean) => (value: Typed) =>
    values.some((wanted) => match(value, wanted))
  const none = (match: (value: Typed, wanted: Typed) => boolean) => (value: Typed) =>
    !values.some((wanted) => match(value, wanted))
  const text = (value: Typed) => (value === null ? '' : String(value))
  switch (operation) {
    case 'equals':
      return any(equal)
    case 'notEqual':
      return none(equal)
    case 'contains':
      return any((value, wanted) => text(value).includes(text(wanted)))
    case 'notContain':
      return none((value, wanted) => text(value).includes(text(wanted)))
    case 'startsWith':
      return any((value, wanted) => text(value).startsWith(text(wanted)))
    case 'includes':
      return any((value, wanted) => wanted !== null && selected(value).includes(String(wanted)))
    case 'excludes':
      return none((value, wanted) => wanted !== null && selected(value).includes(String(wanted)))
    case 'lessThan':
      return any((value, wanted) => compare(value, wanted) < 0)
    case 'greaterThan':
      return any((value, wanted) => compare(value, wanted) > 0)
    case 'lessOrEqual':
      return any((value, wanted) => compare(value, wanted) <= 0)
    case 'greaterOrEqual':
      return any((value, wanted) => compare(value, wanted) >= 0)
  }
}

const equal = (value: Typed, wanted: Typed) => value === wanted

/** The values picked in a multi-select picklist (`a;b`), lower-case. */
const selected = (value: Typed) => (value === null ? [] : String(value).split(';'))

/** Ordering of two values of one type; a blank on either side never matches (NaN). */
function compare(value: Typed, wanted: Typed): number {
  if (value === null || wanted === null) return Number.NaN
  if (typeof value === 'number' && typeof wanted === 'number') return value - wanted
  const left = String(value)
  const right = String(wanted)
  return left < right ? -1 : left > right ? 1 : 0
}
