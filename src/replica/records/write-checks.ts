/**
 * @module
 * What a write must pass besides its input: the actor's object permissions (checked before any
 * change) and, on the record about to be saved after the rules ran, required fields, references to
 * live records of an existing object, unique values, and the values of restricted dependent
 * picklists against their controlling field.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { EntityIsDeletedError, FieldValidationError, InsufficientAccessError } from '../errors.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import { findMatches } from './find-records.js'
import type { RecordContext } from './record-context.js'
import type { FieldValue, SObjectRecord } from './record-store.js'

export function ensureCreateable(metadata: MetadataService, object: ObjectDef, view: MetadataView): void {
  if (!metadata.access(object, view.actor).createable) {
    throw new InsufficientAccessError(
      'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
      `entity type cannot be inserted: ${object.label}`,
    )
  }
}

export function ensureUpdateable(metadata: MetadataService, object: ObjectDef, view: MetadataView): void {
  if (!metadata.access(object, view.actor).updateable) {
    throw new InsufficientAccessError(
      'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
      `entity type cannot be updated: ${object.label}`,
    )
  }
}

export function ensureDeletable(metadata: MetadataService, object: ObjectDef, view: MetadataView): void {
  if (!metadata.access(object, view.actor).deletable) {
    throw new InsufficientAccessError(
      'INSUFFICIENT_ACCESS_OR_READONLY',
      'insufficient access rights on object id',
    )
  }
}

/** The checks every saved record passes, after the rules ran. */
export function checkRecord(
  ctx: RecordContext,
  object: ObjectDef,
  draft: Record<string, FieldValue>,
  previous: SObjectRecord | undefined,
): void {
  const { store } = ctx
  const stored = ctx.metadata.storedFields(object)
  const missing = stored
    .filter(
      (field) => !field.nillable && (field.createable || field.updateable) && draft[field.name] === null,
    )
    .map((field) => field.name)
  if (missing.length > 0) {
    throw new FieldValidationError(
      'REQUIRED_FIELD_MISSING',
      `Required fields are missing: [${missing.join(', ')}]`,
      missing,
    )
  }
  for (const field of stored) {
    if (field.type !== 'reference' && !field.unique) continue
    const value = draft[field.name]
    if (value === null || value === undefined || (previous && previous[field.name] === value)) continue
    if (field.type === 'reference' && value !== draft.Id) {
      const target = store.get(value as string, { includeDeleted: true })
      if (!target) {
        throw new FieldValidationError('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', [
          field.name,
        ])
      }
      if (target.IsDeleted) throw new EntityIsDeletedError([field.name])
    }
    if (field.unique) {
      const other = findMatches(store, object, field, value).find((found) => found.Id !== draft.Id)
      if (other) {
        throw new FieldValidationError(
          'DUPLICATE_VALUE',
          `duplicate value found: ${field.name} duplicates value on record with id: ${other.Id}`,
          [field.name],
        )
      }
    }
  }
  for (const field of stored) {
    if (field.controllerName !== undefined && field.restrictedPicklist)
      checkDependentValue(field, draft, previous)
  }
}

/** A restricted dependent picklist's value must be valid for its controlling field's value. */
function checkDependentValue(
  field: FieldDef,
  draft: Record<string, FieldValue>,
  previous: SObjectRecord | undefined,
): void {
  const value = draft[field.name]
  if (value === null || value === undefined || value === '') return
  const controlling = draft[field.controllerName!]
  const unchanged =
    previous && previous[field.name] === value && previous[field.controllerName!] === controlling
  if (unchanged) return
  const key = controlling === null || controlling === undefined ? undefined : String(controlling)
  const chosen = field.type === 'multipicklist' ? String(value).split(';') : [String(value)]
  for (const name of chosen) {
    const entry = field.picklistValues.find((candidate) => candidate.value === name)
    if (key !== undefined && entry?.validFor?.includes(key)) continue
    throw new FieldValidationError(
      'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
      `${field.label}: bad value for restricted picklist field: ${name}`,
      [field.name],
    )
  }
}
