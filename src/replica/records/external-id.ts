/**
 * @module
 * Operations by external id (`/sobjects/{object}/{field}/{value}`): the field must be an externalId
 * or idLookup field the caller sees; one live match is the record, none is NOT_FOUND (upsert
 * creates), several change nothing and answer their ids.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_upsert.htm
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { FieldValidationError, NotFoundError } from '../errors.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import { findMatches, sameLookupValue } from './find-records.js'
import { type BoundBody, bindInput } from './parse-input.js'
import type { RecordContext } from './record-context.js'
import type { MultipleMatches, UpsertOptions, UpsertResult } from './record-service-types.js'
import type { SObjectRecord } from './record-store.js'
import { ensureCreateable, ensureUpdateable } from './write-checks.js'
import { insertRecord, updateRecord } from './write-record.js'

/** The externalId/idLookup field named in the url: NOT_FOUND when it is not one the view sees. */
export function externalIdField(
  ctx: RecordContext,
  object: ObjectDef,
  name: string,
  view: MetadataView,
): FieldDef {
  const field = ctx.metadata.findField(object, name, view)
  if (!field || !(field.externalId || field.idLookup)) {
    throw new NotFoundError(`Provided external ID field does not exist or is not accessible: ${name}`)
  }
  return field
}

/** The one live record holding `value` in the external id field: NOT_FOUND for none; several -> their ids. */
export function matchExternalId(
  ctx: RecordContext,
  object: ObjectDef,
  fieldName: string,
  value: string,
  view: MetadataView,
): { status: 'one'; record: SObjectRecord } | MultipleMatches {
  const matches = findMatches(ctx.store, object, externalIdField(ctx, object, fieldName, view), value)
  if (matches.length === 0) throw new NotFoundError()
  if (matches.length > 1) return multiple(object, matches)
  return { status: 'one', record: matches[0]! }
}

/**
 * Upsert by an externalId/idLookup field, inside the caller's transaction: creates when no live
 * record has `value`, updates the one that has it; several matches change nothing.
 */
export function upsertRecord(
  ctx: RecordContext,
  object: ObjectDef,
  field: FieldDef,
  value: string,
  input: unknown,
  view: MetadataView,
  options: UpsertOptions,
): UpsertResult {
  const format = options.format ?? 'json'
  const matches = findMatches(ctx.store, object, field, value)
  if (matches.length > 1) return multiple(object, matches)
  const body = withoutExternalId(field, value, bindInput(ctx, object, input, view))
  if (matches.length === 1) {
    ensureUpdateable(ctx.metadata, object, view)
    updateRecord(ctx, object, matches[0]!, body, view, format)
    return { status: 'updated', object: object.name, id: matches[0]!.Id as string }
  }
  if (field.type === 'id' || options.updateOnly) throw new NotFoundError()
  if (ctx.metadata.fieldAccess(object, field, view.actor).createable) body.fields.push([field, value])
  ensureCreateable(ctx.metadata, object, view)
  const created = insertRecord(ctx, object, body, view, 'create', format)
  return { status: 'created', object: object.name, id: created.id }
}

/** The external id comes from the url; the body may repeat it, not contradict it. */
function withoutExternalId(field: FieldDef, value: string, body: BoundBody): BoundBody {
  for (const [sent, raw] of body.fields) {
    if (sent.name === field.name && !sameLookupValue(field, raw, value)) {
      throw new FieldValidationError(
        'INVALID_FIELD',
        `${field.name}: the value in the body (${String(raw)}) differs from the external id in the url (${value})`,
        [field.name],
      )
    }
  }
  return { fields: body.fields.filter(([sent]) => sent.name !== field.name), references: body.references }
}

function multiple(object: ObjectDef, matches: SObjectRecord[]): MultipleMatches {
  return { status: 'multiple', object: object.name, ids: matches.map((found) => found.Id as string) }
}
