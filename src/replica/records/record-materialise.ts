/**
 * @module
 * How a record object is built, the one way: every stored field of its object in schema order,
 * null where no value is given, frozen (a write stores a new record; one read earlier stays as it
 * was, and stores sharing a table share its records safely). `materialise` takes the values of a
 * write, `checkRecord` an untrusted record of a document being restored and says where a bad
 * value sits.
 */
import { keyPrefixOf, normaliseId } from '../ids.js'
import type { FieldValue, SObjectRecord, Table } from './record-table.js'

/**
 * The record of `table`'s object holding `values`. Every name must be a stored field and `Id` a
 * canonical id of the object; a record that does not say whether it is deleted is live.
 */
export function materialise(table: Table, values: Readonly<Record<string, FieldValue>>): SObjectRecord {
  for (const name in values) {
    if (!table.fieldNames.has(name)) {
      throw new TypeError(
        `[replica-mock] Failed to store ${table.def.name} record: "${name}" is not a stored field`,
      )
    }
  }
  const id = values.Id
  if (typeof id !== 'string' || normaliseId(id) !== id || keyPrefixOf(id) !== table.def.keyPrefix) {
    throw new TypeError(
      `[replica-mock] Failed to store ${table.def.name} record: "${String(id)}" is not its id`,
    )
  }
  return build(table, values)
}

/**
 * A record of a document being restored, checked value by value (`where` names it in errors),
 * with its id and references in canonical 18-character form (index keys rely on it).
 */
export function checkRecord(table: Table, raw: unknown, where: string): SObjectRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new TypeError(`[replica-mock] Failed to restore records: ${where}: not an object`)
  }
  const values: Record<string, FieldValue> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (!table.fieldNames.has(name)) {
      throw new TypeError(`[replica-mock] Failed to restore records: ${where}.${name}: not a stored field`)
    }
    if (
      value !== null &&
      typeof value !== 'string' &&
      typeof value !== 'number' &&
      typeof value !== 'boolean'
    ) {
      throw new TypeError(`[replica-mock] Failed to restore records: ${where}.${name}: not a scalar`)
    }
    values[name] = value
  }
  const id = typeof values.Id === 'string' ? normaliseId(values.Id) : undefined
  if (!id || keyPrefixOf(id) !== table.def.keyPrefix) {
    throw new TypeError(
      `[replica-mock] Failed to restore records: ${where}.Id: not an id of ${table.def.name}`,
    )
  }
  values.Id = id
  for (const name of table.idFields) {
    const value = values[name]
    if (typeof value === 'string') values[name] = normaliseId(value) ?? value
  }
  return build(table, values)
}

/**
 * @note Made from its entries in one step: a record filled in field by field (`record[name] = ...`)
 * ended up in V8's dictionary mode, a hash table that took six times the heap of the object
 * `Object.fromEntries` makes for the same fields (the `crm-query-scaling` bench prints the heap per
 * 10,000 Accounts).
 */
function build(table: Table, values: Readonly<Record<string, FieldValue>>): SObjectRecord {
  const deletedUnsaid = values.IsDeleted == null && table.fieldNames.has('IsDeleted')
  return Object.freeze(
    Object.fromEntries(
      table.fields.map(({ name }) => [
        name,
        name === 'IsDeleted' && deletedUnsaid ? false : (values[name] ?? null),
      ]),
    ),
  )
}
