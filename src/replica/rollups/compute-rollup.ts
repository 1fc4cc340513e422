/**
 * @module
 * A roll-up's value for one parent record, computed from the parent's live children (found
 * through the record store's index on the master-detail field, never by scanning every record):
 * COUNT of the children matching the filter; SUM, MIN or MAX of their summarised field, blank
 * values left out. SUM of no values is 0; MIN and MAX of none are blank.
 */
import type { FieldDef } from '../../schemas/crm-schema.js'
import type { FieldValue } from '../formulas/formula-types.js'
import type { CompiledRollup } from './schema-rollups.js'

type SObjectRecord = Readonly<Record<string, FieldValue>>

/** The record store's lookups a roll-up uses (its `findBy` answers from the reference field's index). */
export interface ChildRecords {
  findBy(object: string, field: string, value: unknown): SObjectRecord[] | undefined
  scan(object: string): Iterable<SObjectRecord>
}

/** Reads a child's field as a caller sees it (formula fields of the child computed). */
export type ReadField = (field: FieldDef, child: SObjectRecord) => FieldValue

export function computeRollup(
  compiled: CompiledRollup,
  parentId: FieldValue,
  store: ChildRecords,
  read: ReadField,
): FieldValue {
  const { rollup, child, foreignKey, summarized, field } = compiled
  const children =
    typeof parentId === 'string' ? childrenOf(store, child.name, foreignKey.name, parentId) : []
  const matching = children.filter((record) => compiled.matches((filterField) => read(filterField, record)))
  if (rollup.operation === 'COUNT' || !summarized) return matching.length
  const values = matching
    .map((record) => read(summarized, record))
    .filter((value): value is number | string => typeof value === 'number' || typeof value === 'string')
  if (rollup.operation === 'SUM') {
    const total = values.reduce<number>((sum, value) => sum + Number(value), 0)
    // the field's scale rounds the sum (0.1 + 0.2 reads 0.3), as the real API stores it
    const factor = 10 ** field.scale
    return Math.round(total * factor) / factor
  }
  if (values.length === 0) return null
  const order = rollup.operation === 'MIN' ? -1 : 1
  return values.reduce((best, value) => (compare(value, best, summarized.type) * order > 0 ? value : best))
}

function childrenOf(
  store: ChildRecords,
  child: string,
  foreignKey: string,
  parentId: string,
): SObjectRecord[] {
  // reference fields are indexed (record-table.ts isIndexedField); the scan is a fallback only
  return (
    store.findBy(child, foreignKey, parentId) ??
    [...store.scan(child)].filter((record) => record[foreignKey] === parentId)
  )
}

/** Numbers numerically, dates as text (`YYYY-MM-DD`), datetimes as instants. */
function compare(left: number | string, right: number | string, type: string): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right
  if (type === 'datetime') return instant(String(left)) - instant(String(right))
  return String(left) < String(right) ? -1 : String(left) > String(right) ? 1 : 0
}

const instant = (text: string) => Date.parse(text.replace(/\+0000$/, 'Z'))
