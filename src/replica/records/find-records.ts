/**
 * @module
 * Finding the records a write names: by the id in the path (NOT_FOUND for a malformed id or one of
 * another object, ENTITY_IS_DELETED for one in the recycle bin) and by a field's value, through the
 * store's index when the field has one.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { EntityIsDeletedError, NotFoundError } from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import { indexKey, type RecordStore, type SObjectRecord } from './record-store.js'

/** Live records of `object` whose `field` equals `value`, from the index or by a scan. */
export function findMatches(
  store: RecordStore,
  object: ObjectDef,
  field: FieldDef,
  value: unknown,
): SObjectRecord[] {
  const indexed = store.findBy(object.name, field.name, value)
  if (indexed) return indexed
  const isId = field.type === 'id' || field.type === 'reference'
  const key = indexKey(value, isId)
  const out: SObjectRecord[] = []
  if (key === undefined) return out
  for (const found of store.scan(object.name)) if (indexKey(found[field.name], isId) === key) out.push(found)
  return out
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
