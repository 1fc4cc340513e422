/**
 * @module
 * Reading the body of a write: case-insensitive names -> canonical fields (unknown ones are
 * INVALID_FIELD), each value coerced to its field's type, fields the actor may not write refused
 * together, and parent references by external id (`"Account": {"External_Id__c": "A-1"}`)
 * resolved to the one live record that holds it.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { FieldValidationError } from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import { isCompound, isComputed, type MetadataView } from '../metadata/metadata-service.js'
import { coerceValue, type InputFormat } from './coerce.js'
import { findMatches } from './find-records.js'
import type { RecordContext } from './record-context.js'
import type { FieldValue } from './record-store.js'

/** `seed`: system privileges (fixtures, test seeding), any stored field writable. */
export type WriteMode = 'create' | 'update' | 'seed'

/**
 * A write body bound to the object's fields: each field sent with its raw value, in the order
 * sent, and parent references by external id (`{ External_Id__c: "A-1" }`) by the reference field
 * they set.
 */
export interface BoundBody {
  fields: Array<[field: FieldDef, raw: unknown]>
  references: Array<[field: FieldDef, raw: Record<string, unknown>]>
}

/** A write's values after `parseInput`: canonical field name -> value coerced, in the order sent. */
export type SentValues = Map<string, FieldValue>

/**
 * Reads a bound body: the fields the actor may not write refused together, each value coerced to
 * its field's type, parent references by external id resolved to the one live record holding it.
 */
export function parseInput(
  ctx: RecordContext,
  object: ObjectDef,
  body: BoundBody,
  view: MetadataView | undefined,
  mode: WriteMode,
  format: InputFormat,
  targetId?: string,
): SentValues {
  const fields = body.fields.filter(([field, raw]) => !repeatsOwnId(field, raw, mode, targetId))
  // two passes: the names sent (refused together), then their values
  const sent: SentValues = new Map()
  const notWritable: string[] = []
  for (const [field] of [...fields, ...body.references]) {
    if (sent.has(field.name)) {
      throw new FieldValidationError('JSON_PARSER_ERROR', `Duplicate field: ${field.name}`, [field.name])
    }
    sent.set(field.name, null)
    if (!writable(ctx, object, field, view, mode)) notWritable.push(field.name)
  }
  if (notWritable.length > 0) {
    throw new FieldValidationError(
      'INVALID_FIELD_FOR_INSERT_UPDATE',
      `Unable to create/update fields: ${notWritable.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
      notWritable,
    )
  }
  for (const [field, raw] of fields) {
    sent.set(
      field.name,
      field.type === 'id' ? ownId(object, raw) : coerceValue(field, raw, format, ctx.objectNameOfPrefix),
    )
  }
  for (const [field, raw] of body.references) sent.set(field.name, resolveReference(ctx, field, raw, view))
  return sent
}

/** An update body may repeat the record's own id (jsforce-style bodies do): it is not a write. */
function repeatsOwnId(field: FieldDef, raw: unknown, mode: WriteMode, targetId: string | undefined): boolean {
  return mode === 'update' && field.type === 'id' && typeof raw === 'string' && normaliseId(raw) === targetId
}

/** Binds a JSON body's names to the object's fields (case-insensitive); an unknown one is INVALID_FIELD. */
export function bindInput(
  ctx: RecordContext,
  object: ObjectDef,
  input: unknown,
  view: MetadataView | undefined,
): BoundBody {
  if (!isPlainObject(input)) {
    throw new FieldValidationError(
      'JSON_PARSER_ERROR',
      'Failed to read the record: expected a JSON object of fields',
    )
  }
  const body: BoundBody = { fields: [], references: [] }
  for (const [key, raw] of Object.entries(input)) {
    if (key === 'attributes' && (raw === null || typeof raw === 'object')) continue
    const field = ctx.metadata.findField(object, key, view)
    if (field) {
      body.fields.push([field, raw])
      continue
    }
    const relationship = ctx.metadata.parentRelationship(object, key, view)
    if (relationship && isPlainObject(raw)) {
      body.references.push([relationship, raw])
      continue
    }
    throw new FieldValidationError(
      'INVALID_FIELD',
      `No such column '${key}' on sobject of type ${object.name}`,
    )
  }
  return body
}

function writable(
  ctx: RecordContext,
  object: ObjectDef,
  field: FieldDef,
  view: MetadataView | undefined,
  mode: WriteMode,
): boolean {
  // compound, formula and roll-up fields are never written, not even by a seed
  if (isCompound(field) || isComputed(field)) return false
  if (mode === 'seed') return true
  const access = ctx.metadata.fieldAccess(object, field, view!.actor)
  return mode === 'create' ? access.createable : access.updateable
}

/** `"Account": {"External_Id__c": "A-1"}` -> the id of the one live Account with that value. */
function resolveReference(
  ctx: RecordContext,
  field: FieldDef,
  raw: Record<string, unknown>,
  view: MetadataView | undefined,
): string {
  const relationship = field.relationshipName ?? field.name
  let targetName = field.referenceTo[0]
  if (field.referenceTo.length > 1) {
    const type = isPlainObject(raw.attributes) ? raw.attributes.type : undefined
    targetName = field.referenceTo.find(
      (name) => typeof type === 'string' && name.toLowerCase() === type.toLowerCase(),
    )
    if (!targetName) {
      throw new FieldValidationError(
        'INVALID_FIELD',
        `${relationship}: a polymorphic reference needs "attributes": {"type": ...} naming one of ${field.referenceTo.join(', ')}`,
        [field.name],
      )
    }
  }
  const target = ctx.metadata.getObject(targetName!)
  const keys = Object.keys(raw).filter((key) => key !== 'attributes')
  if (keys.length !== 1) {
    throw new FieldValidationError(
      'INVALID_FIELD',
      `${relationship}: a reference by external id names exactly one external id field of ${target.name}`,
      [field.name],
    )
  }
  const key = keys[0]!
  const value = raw[key]
  const extField = ctx.metadata.findField(target, key, view)
  if (!extField || !(extField.externalId || extField.idLookup)) {
    throw new FieldValidationError(
      'INVALID_FIELD',
      `Field name provided, ${key} is not an External ID or indexed field for ${target.name}`,
      [field.name],
    )
  }
  const matches = findMatches(ctx.store, target, extField, value)
  if (matches.length === 0) {
    throw new FieldValidationError(
      'INVALID_FIELD',
      `Foreign key external ID: ${String(value)} not found for field ${extField.name} in entity ${target.name}`,
      [field.name],
    )
  }
  if (matches.length > 1) {
    throw new FieldValidationError(
      'DUPLICATE_EXTERNAL_ID',
      `Foreign key external ID: ${String(value)} for field ${extField.name} in entity ${target.name} matched more than one record`,
      [field.name],
    )
  }
  return matches[0]!.Id as string
}

/** A seeded record's own Id: a valid id with the object's key prefix. */
function ownId(object: ObjectDef, raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null
  const id = typeof raw === 'string' ? normaliseId(raw) : undefined
  if (!id || keyPrefixOf(id) !== object.keyPrefix) {
    throw new FieldValidationError('MALFORMED_ID', `Record ID: id value of incorrect type: ${String(raw)}`, [
      'Id',
    ])
  }
  return id
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
