/**
 * @module
 * What a caller sees of a stored record: its visible fields (for the view's version and actor),
 * compound fields composed from their components, and the wire shape with the `attributes` block
 * (`{ type, url }`) that REST reads, query results and composite bodies carry.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_get_field_values.htm
 */
import { FieldValidationError } from '../errors.js'
import { versionBasePath } from '../metadata/api-version.js'
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { FieldValue, SObjectRecord } from './record-store.js'

/** A record as a caller sees it: canonical field names, compound fields as objects. */
export type RecordView = Record<string, FieldValue | Record<string, FieldValue>>

/**
 * A record view on the wire: `{ attributes: { type, url }, ...fields }`, the url
 * (`/services/data/v60.0/sobjects/Account/001...`) left out when the view has no `Id`.
 */
export function toRecordJson(
  object: string,
  view: Readonly<Record<string, unknown>>,
  apiVersion: string | number,
): Record<string, unknown> {
  const id = typeof view.Id === 'string' ? view.Id : undefined
  return { attributes: recordAttributes(object, id, apiVersion), ...view }
}

function recordAttributes(object: string, id: string | undefined, apiVersion: string | number) {
  return id
    ? { type: object, url: `${versionBasePath(apiVersion)}/sobjects/${object}/${id}` }
    : { type: object }
}

/** The value of a compound field (BillingAddress): its components by key, or null when all are null. */
export function compoundValue(
  metadata: MetadataService,
  object: ObjectDef,
  field: FieldDef,
  record: SObjectRecord,
): Record<string, FieldValue> | null {
  const out: Record<string, FieldValue> = {}
  let any = false
  for (const [key, component] of metadata.compoundKeysOf(object, field)) {
    const value = component === undefined ? null : (record[component] ?? null)
    out[key] = value
    if (value !== null) any = true
  }
  return any ? out : null
}

/** The value a caller sees for one field of a stored record. */
export function fieldValue(
  metadata: MetadataService,
  object: ObjectDef,
  field: FieldDef,
  record: SObjectRecord,
): FieldValue | Record<string, FieldValue> {
  if (field.type === 'address' || field.type === 'location')
    return compoundValue(metadata, object, field, record)
  return record[field.name] ?? null
}

/** A blob reads as the URL that answers its bytes (`.../sobjects/Attachment/00P.../Body`), null when empty. */
function blobUrl(
  object: ObjectDef,
  record: SObjectRecord,
  field: FieldDef,
  view: MetadataView,
): string | null {
  const value = record[field.name]
  if (value === null || value === undefined || value === '') return null
  return `${versionBasePath(view.apiVersion)}/sobjects/${object.name}/${record.Id}/${field.name}`
}

/**
 * Resolves a `fields` selection (comma-separated or a list; case-insensitive) to canonical
 * visible fields. An unknown or invisible name is INVALID_FIELD, like the real API.
 */
export function selectFields(
  metadata: MetadataService,
  object: ObjectDef,
  view: MetadataView,
  fields: string | readonly string[],
): FieldDef[] {
  const names = (typeof fields === 'string' ? fields.split(',') : fields)
    .map((name) => name.trim())
    .filter(Boolean)
  const out: FieldDef[] = []
  for (const name of names) {
    const field = metadata.findField(object, name, view)
    if (!field) {
      throw new FieldValidationError(
        'INVALID_FIELD',
        `No such column '${name}' on entity '${object.name}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
      )
    }
    if (!out.includes(field)) out.push(field)
  }
  return out
}

/**
 * The record as the view sees it: every visible field in schema order, or the `fields`
 * selection in the order given (plus `Id`, which a read always returns).
 */
export function projectRecord(
  metadata: MetadataService,
  object: ObjectDef,
  record: SObjectRecord,
  view: MetadataView,
  fields?: string | readonly string[],
): RecordView {
  return projectInto({}, metadata, object, record, view, fields)
}

/**
 * `toRecordJson` of `projectRecord`, serialised: what a REST read answers. The fields go straight
 * into the wire object (no view to copy them from).
 */
export function recordJson(
  metadata: MetadataService,
  object: ObjectDef,
  record: SObjectRecord,
  view: MetadataView,
  fields?: string | readonly string[],
): string {
  const id = typeof record.Id === 'string' ? record.Id : undefined
  const attributes = recordAttributes(object.name, id, view.apiVersion)
  return JSON.stringify(projectInto({ attributes }, metadata, object, record, view, fields))
}

/** Adds the fields of `projectRecord` to `out`, in its order. */
function projectInto<T extends Record<string, unknown>>(
  out: T,
  metadata: MetadataService,
  object: ObjectDef,
  record: SObjectRecord,
  view: MetadataView,
  fields: string | readonly string[] | undefined,
): T {
  const chosen =
    fields === undefined || (Array.isArray(fields) && fields.length === 0) || fields === ''
      ? metadata.visibleFields(object, view)
      : selectFields(metadata, object, view, fields)
  const into = out as Record<string, unknown>
  for (const field of chosen) {
    into[field.name] =
      field.type === 'base64'
        ? blobUrl(object, record, field, view)
        : fieldValue(metadata, object, field, record)
  }
  if (!('Id' in into) && 'Id' in record) into.Id = record.Id ?? null
  return out
}
