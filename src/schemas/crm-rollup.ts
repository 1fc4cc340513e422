/**
 * @module
 * A roll-up summary field (`FieldDef.rollup`): COUNT, SUM, MIN or MAX over the children of a
 * record through one master-detail field, optionally only the children matching filter items
 * (all of them, ANDed, as Salesforce's roll-up filter criteria). Also the rules every loader and
 * the replica share: what a roll-up may summarise, which filter operation fits which field, and
 * the type a roll-up returns.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/customfield.htm
 */
import * as z from 'zod'
import { FilterOperation } from './filter-operation.js'
import { categoryOf, isDateLike, isNumeric } from './field-type.js'

export const RollupOperation = z.enum(['COUNT', 'SUM', 'MIN', 'MAX'])
export type RollupOperation = z.infer<typeof RollupOperation>

export const RollupFilterItem = z.strictObject({
  /** A field of the child object (its API name, without the object). */
  field: z.string().min(1),
  operation: FilterOperation,
  /**
   * The value as text, as Salesforce's filter criteria take it: `true`/`false` for a checkbox,
   * `YYYY-MM-DD` for a date, ISO 8601 for a datetime; commas separate several values (equals
   * any of them; notEqual none of them). Empty means blank.
   */
  value: z.string().default(''),
})
export type RollupFilterItem = z.infer<typeof RollupFilterItem>

export const RollupDef = z.strictObject({
  operation: RollupOperation,
  /** The child object summarised (`Line_Item__c`). */
  childObject: z.string().min(1),
  /** The child's master-detail field pointing at this object (SFDX `summaryForeignKey` `Line_Item__c.Order__c`). */
  foreignKey: z.string().min(1),
  /** The child's field summarised (not for COUNT). */
  summarizedField: z.string().min(1).optional(),
  /** Only children matching every item count (SFDX `summaryFilterItems`). */
  filterItems: z.array(RollupFilterItem).default([]),
})
export type RollupDef = z.infer<typeof RollupDef>
export type RollupDefInput = z.input<typeof RollupDef>

/** What the rules below need of a field (a `FieldDef` or its input form). */
export interface RollupFieldShape {
  name: string
  type: string
  precision?: number | undefined
  scale?: number | undefined
  nillable?: boolean | undefined
  referenceTo?: readonly string[] | undefined
  cascadeDelete?: boolean | undefined
  formula?: string | undefined
  rollup?: RollupDefInput | undefined
}

/** What the rules below need of an object. */
export interface RollupObjectShape {
  name: string
  fields: readonly RollupFieldShape[]
}

/** Values a text filter (contains, startsWith) compares: free text, a picklist's value, an id. */
const isTextValued = (type: string) => ['text', 'picklist', 'id'].includes(categoryOf(type) ?? '')

/** The type, precision and scale a roll-up returns: COUNT a whole number, the others the summarised field's. */
export function rollupResultType(
  operation: RollupOperation,
  summarized: RollupFieldShape | undefined,
): { type: string; precision: number; scale: number } {
  if (operation === 'COUNT' || !summarized) return { type: 'double', precision: 18, scale: 0 }
  return { type: summarized.type, precision: summarized.precision ?? 18, scale: summarized.scale ?? 0 }
}

/** A master-detail field as the schema holds it: a required reference whose parent's deletion takes the child. */
function isMasterDetail(field: RollupFieldShape, parent: string): boolean {
  return (
    field.type === 'reference' &&
    field.cascadeDelete === true &&
    field.nillable === false &&
    (field.referenceTo ?? []).some((target) => target.toLowerCase() === parent.toLowerCase())
  )
}

const findByName = <T extends { name: string }>(list: readonly T[], name: string): T | undefined =>
  list.find((each) => each.name.toLowerCase() === name.toLowerCase())

/**
 * Why `rollup` on `parent` cannot be computed, or undefined when it can: the child object exists,
 * its foreign key is a master-detail to `parent`, the summarised field exists and fits the
 * operation, and every filter item names a child field its operation and value fit.
 */
export function rollupProblem(
  parent: string,
  rollup: RollupDefInput,
  findObject: (name: string) => RollupObjectShape | undefined,
): string | undefined {
  const child = findObject(rollup.childObject)
  if (!child) return `the child object ${rollup.childObject} is not in the schema`
  const foreignKey = findByName(child.fields, rollup.foreignKey)
  if (!foreignKey) return `${child.name} has no field ${rollup.foreignKey}`
  if (!isMasterDetail(foreignKey, parent))
    return `${child.name}.${foreignKey.name} is not a master-detail field to ${parent}`
  const problem = summarizedProblem(child, rollup)
  if (problem) return problem
  for (const item of rollup.filterItems ?? []) {
    const filterProblem = filterItemProblem(child, item)
    if (filterProblem) return filterProblem
  }
  return undefined
}

function summarizedProblem(child: RollupObjectShape, rollup: RollupDefInput): string | undefined {
  if (rollup.operation === 'COUNT') {
    return rollup.summarizedField === undefined ? undefined : 'COUNT summarises no field'
  }
  if (rollup.summarizedField === undefined) return `${rollup.operation} needs a summarized field`
  const field = findByName(child.fields, rollup.summarizedField)
  if (!field) return `${child.name} has no field ${rollup.summarizedField}`
  // as in Salesforce, a roll-up cannot summarise another roll-up
  if (field.rollup) return `${child.name}.${field.name} is a roll-up summary field itself`
  const summable = rollup.operation === 'SUM' ? isNumeric(field.type) : isOrdered(field.type)
  if (!summable) {
    return `${rollup.operation} cannot summarise ${child.name}.${field.name} of type ${field.type} (${
      rollup.operation === 'SUM'
        ? 'number, currency or percent'
        : 'number, currency, percent, date or datetime'
    } only)`
  }
  return undefined
}

const isOrdered = (type: string) => isNumeric(type) || isDateLike(type)

function filterItemProblem(
  child: RollupObjectShape,
  item: z.input<typeof RollupFilterItem>,
): string | undefined {
  const field = findByName(child.fields, item.field)
  const what = `filter item ${item.field} ${item.operation}`
  if (!field) return `${what}: ${child.name} has no field ${item.field}`
  if (field.type === 'address' || field.type === 'location') return `${what}: a compound field cannot filter`
  if (field.rollup) return `${what}: a roll-up field cannot filter another roll-up`
  const operation = item.operation
  const multi = field.type === 'multipicklist'
  if ((operation === 'includes' || operation === 'excludes') !== multi) {
    return multi
      ? `${what}: a multi-select picklist filters with equals, notEqual, includes or excludes`
      : `${what}: includes and excludes are for multi-select picklists`
  }
  if (['contains', 'notContain', 'startsWith'].includes(operation ?? '') && !isTextValued(field.type)) {
    return `${what}: ${field.type} fields cannot be filtered by ${operation}`
  }
  const ordering = ['lessThan', 'greaterThan', 'lessOrEqual', 'greaterOrEqual'].includes(operation ?? '')
  if (ordering && (multi || field.type === 'boolean')) {
    return `${what}: ${field.type} fields cannot be filtered by ${operation}`
  }
  for (const value of filterValues(item.value ?? '')) {
    if (parseFilterValue(field.type, value) === undefined) {
      return `${what}: "${value}" is not a ${field.type} value`
    }
  }
  return undefined
}

/** The values of a filter item: comma-separated, trimmed; one blank value when empty. */
export function filterValues(value: string): string[] {
  return value.split(',').map((part) => part.trim())
}

/**
 * A filter value typed as the field stores it (`null` for blank), or undefined when it does not
 * fit the type. Text stays text (compared case-insensitively by the caller).
 */
export function parseFilterValue(type: string, value: string): string | number | boolean | null | undefined {
  if (value === '') return null
  if (isNumeric(type)) {
    const number = Number(value)
    return Number.isFinite(number) ? number : undefined
  }
  if (type === 'boolean') {
    const lower = value.toLowerCase()
    return lower === 'true' ? true : lower === 'false' ? false : undefined
  }
  if (type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValidDate(value) ? value : undefined
  if (type === 'datetime') return isValidDate(value) ? new Date(value).toISOString() : undefined
  return value
}

const isValidDate = (value: string) => !Number.isNaN(Date.parse(value))
