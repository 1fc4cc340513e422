/**
 * @module
 * Finding the records a write names: by the id in the path (NOT_FOUND for a malformed id or one of
 * another object, ENTITY_IS_DELETED for one in the recycle bin) and by a field's value, through the
 * store's index when the field has one. A value is looked up in its field's stored form (a Number
 * external id in a url, `"764859"`, is the number), and text matches case-insensitively unless the
 * field is case-sensitive (`caseSensitive`: unique values and upsert matching keep the case).
 * @see https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/langCon_apex_dml_examples_upsert.htm
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { EntityIsDeletedError, NotFoundError } from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import { indexKey, type RecordStore, type SObjectRecord } from './record-store.js'

const NUMBER_TYPES = new Set(['int', 'double', 'currency', 'percent'])

/** Live records of `object` whose `field` equals `value`, from the index or by a scan. */
export function findMatches(
  store: RecordStore,
  object: ObjectDef,
  field: FieldDef,
  value: unknown,
): SObjectRecord[] {
  const wanted = storedFormOf(field, value)
  const found = store.findBy(object.name, field.name, wanted) ?? scanFor(store, object, field, wanted)
  // the index folds case: a case-sensitive field keeps only the exact value
  return field.caseSensitive && typeof wanted === 'string'
    ? found.filter((record) => record[field.name] === wanted)
    : found
}

function scanFor(store: RecordStore, object: ObjectDef, field: FieldDef, value: unknown): SObjectRecord[] {
  const isId = field.type === 'id' || field.type === 'reference'
  const key = indexKey(value, isId)
  const out: SObjectRecord[] = []
  if (key === undefined) return out
  for (const found of store.scan(object.name)) if (indexKey(found[field.name], isId) === key) out.push(found)
  return out
}

/** Whether two values of `field` (from a url, a body or a record) name the same record. */
export function sameLookupValue(field: FieldDef, a: unknown, b: unknown): boolean {
  const left = storedFormOf(field, a)
  const right = storedFormOf(field, b)
  if (field.caseSensitive) return left === right
  const isId = field.type === 'id' || field.type === 'reference'
  return indexKey(left, isId) === indexKey(right, isId)
}

/** A looked-up value as the field stores it: numeric text is a number for a number field. */
function storedFormOf(field: FieldDef, value: unknown): unknown {
  if (typeof value !== 'string' || !NUMBER_TYPES.has(field.type) || value.trim() === '') return value
  const number = Number(value)
  return Number.isFinite(number) ? number : value
}

/** The record of `object` with that id, recycle bin included: NOT_FOUND when there is none. */
export function recordById(store: RecordStore, object: ObjectDef, id: string): SObjectRecord {
  const canonical = normaliseId(id)
  if (!canonical)
    throw new NotFoundError(`Provided external ID field does not exist or is not accessible: ${id}`)
  if (keyPrefixOf(canonical) !== object.keyPrefix) throw new NotFoundError()
  const found = store.get(canonical, { includeDeleted: true })
  if (!found) throw new NotFoundError()
  return found
}

/** The record a path id names, for a write: malformed/other object -> NOT_FOUND, recycled -> ENTITY_IS_DELETED. */
export function recordForWrite(store: RecordStore, object: ObjectDef, id: string): SObjectRecord {
  const found = recordById(store, object, id)
  if (found.IsDeleted) throw new EntityIsDeletedError()
  return found
}
