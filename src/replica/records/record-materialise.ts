/**
 * @module
 * How a record object is built: every stored field of its object in schema order (so records of
 * an object share one hidden class), from values a write passes (`materialise`) or from an
 * untrusted document being restored (`checkRecord`, which says where a bad value sits).
 */
import { keyPrefixOf, normaliseId } from '../ids.js'
import type { FieldValue, SObjectRecord, Table } from './record-table.js'

/** A record with every stored field in schema order (one hidden class per object). */
export function materialise(
  table: Table,
  values: Readonly<Record<string, FieldValue>>,
  check = true,
): SObjectRecord {
  if (check) {
    for (const name in values) {
      if (!table.fieldNames.has(name)) {
        throw new TypeError(
          `[replica-mock] Failed to store ${table.def.name} record: "${name}" is not a stored field`,
        )
      }
    }
  }
  // a spread of the template keeps V8's fast properties; adding 30+ keys one by one does not
  const out: Record<string, FieldValue> = { ...table.template }
  for (const field of table.fields) {
    const value = values[field.name]
    if (value !== undefined && value !== null) out[field.name] = value
  }
  const id = out.Id
  if (
    check &&
    (typeof id !== 'string' || normaliseId(id) !== id || keyPrefixOf(id) !== table.def.keyPrefix)
  ) {
    throw new TypeError(
      `[replica-mock] Failed to store ${table.def.name} record: "${String(id)}" is not its id`,
    )
  }
  return withLiveDefault(table, out)
}

/**
 * A record the record service built (write-record.ts), taken as it is instead of copied: it holds
 * every stored field of its object in schema order, from the object's template of defaults. Its
 * field names are still checked; its id only when the service did not issue it (`idIssued`: made
 * by `nextId`, canonical by construction — checking a new id missed every cache).
 */
export function adoptBuilt(
  table: Table,
  record: Record<string, FieldValue>,
  idIssued: boolean,
): SObjectRecord {
  const { fields } = table
  let count = 0
  for (const name in record) {
    // a draft from the object's template has the fields in schema order: one compare each, and
    // the set is asked only when a name is out of place
    if (fields[count]?.name !== name && !table.fieldNames.has(name)) {
      throw new TypeError(
        `[replica-mock] Failed to store ${table.def.name} record: "${name}" is not a stored field`,
      )
    }
    // as materialise stores it: a field left undefined is null
    if (record[name] === undefined) record[name] = null
    count++
  }
  if (count !== fields.length) {
    throw new TypeError(
      `[replica-mock] Failed to store ${table.def.name} record: not every stored field is set`,
    )
  }
  const id = record.Id
  if (
    typeof id !== 'string' ||
    keyPrefixOf(id) !== table.def.keyPrefix ||
    (!idIssued && normaliseId(id) !== id)
  ) {
    throw new TypeError(
      `[replica-mock] Failed to store ${table.def.name} record: "${String(id)}" is not its id`,
    )
  }
  return record
}

/**
 * A record of a document being restored, checked value by value (`where` names it in errors),
 * with its id and references in canonical 18-character form (index keys rely on it).
 */
export function checkRecord(table: Table, raw: unknown, where: string): SObjectRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new TypeError(`[replica-mock] Failed to restore records: ${where}: not an object`)
  }
  const values = raw as Record<string, unknown>
  // as `materialise` builds it, in the same pass as the checks: reading each of ~30 stored fields
  // back by name from a parsed object cost as much again
  const out: Record<string, FieldValue> = { ...table.template }
  for (const name in values) {
    const value = values[name]
    if (!table.fieldNames.has(name)) {
      throw new TypeError(`[replica-mock] Failed to restore records: ${where}.${name}: not a stored field`)
    }
    if (value === null) continue
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new TypeError(`[replica-mock] Failed to restore records: ${where}.${name}: not a scalar`)
    }
    out[name] = value
  }
  withLiveDefault(table, out)
  const id = typeof out.Id === 'string' ? normaliseId(out.Id) : undefined
  if (!id || keyPrefixOf(id) !== table.def.keyPrefix) {
    throw new TypeError(
      `[replica-mock] Failed to restore records: ${where}.Id: not an id of ${table.def.name}`,
    )
  }
  out.Id = id
  for (const name of table.idFields) {
    const value = out[name]
    if (name !== 'Id' && typeof value === 'string') out[name] = normaliseId(value) ?? value
  }
  return out
}

/** A record that does not say whether it is deleted is live (`IsDeleted` false where the object has it). */
function withLiveDefault(table: Table, out: Record<string, FieldValue>): SObjectRecord {
  if (out.IsDeleted === null && table.fieldNames.has('IsDeleted')) out.IsDeleted = false
  return out
}
