/**
 * @module
 * The header row of an ingest upload, bound to the object's metadata as the job's view sees it:
 * each column is a field (any case) or a parent reference by an indexed field of the parent,
 * `RelationshipName.IndexedFieldName` (`Account.External_Id__c`), or for a polymorphic reference
 * `ObjectType:RelationshipName.IndexedFieldName`. An unknown or repeated column refuses the upload.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/datafiles_csv_rel_field_header_row.htm
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { ReplicaError } from '../errors.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'

/** A column of the upload: a field of the object, or a parent found by one of its indexed fields. */
export type ResolvedColumn =
  | { kind: 'field'; field: FieldDef }
  | {
      kind: 'reference'
      /** The reference field it sets (`AccountId`). */
      field: FieldDef
      /** Canonical relationship name (`Account`): the key of the record service's reference body. */
      relationship: string
      /** The parent object (named in the header for a polymorphic reference). */
      target: ObjectDef
      /** The parent's externalId/idLookup field the values are looked up by. */
      lookup: FieldDef
    }

const RELATIONSHIP_COLUMN = /^(?:([^:.]+):)?([^:.]+)\.([^:.]+)$/

/** `InvalidBatch : ...`: the upload is refused and nothing of it is kept. */
export function invalidBatch(detail: string): ReplicaError {
  return new ReplicaError('INVALIDBATCH', `InvalidBatch : ${detail}`)
}

/** Binds every header name; throws INVALIDBATCH naming the first bad one. */
export function resolveHeader(
  metadata: MetadataService,
  object: ObjectDef,
  header: readonly string[],
  view: MetadataView,
): ResolvedColumn[] {
  const seen = new Set<string>()
  return header.map((name) => {
    if (name.startsWith('\uFEFF')) {
      throw invalidBatch(
        'The CSV data starts with a byte order mark (BOM): send UTF-8 without one (the first column would be named "\\uFEFF' +
          `${name.slice(1)}")`,
      )
    }
    const column = resolveColumn(metadata, object, name, view)
    if (seen.has(column.field.name)) throw invalidBatch(`Duplicate field name: ${name}`)
    seen.add(column.field.name)
    return column
  })
}

function resolveColumn(
  metadata: MetadataService,
  object: ObjectDef,
  name: string,
  view: MetadataView,
): ResolvedColumn {
  const field = metadata.findField(object, name, view)
  if (field) return { kind: 'field', field }
  const match = RELATIONSHIP_COLUMN.exec(name)
  if (!match) throw notFound(name)
  const [, typeName, relationshipName, lookupName] = match
  const reference = metadata.parentRelationship(object, relationshipName!, view)
  if (!reference) throw notFound(name)
  const target = targetOf(metadata, reference, typeName, name, view)
  const lookup = metadata.findField(target, lookupName!, view)
  if (!lookup) throw notFound(name)
  if (!lookup.externalId && !lookup.idLookup) {
    throw invalidBatch(
      `Field name provided, ${lookup.name} is not an External ID or indexed field for ${target.name} (column ${name})`,
    )
  }
  return {
    kind: 'reference',
    field: reference,
    relationship: reference.relationshipName ?? reference.name,
    target,
    lookup,
  }
}

/** The parent object: the only one referenced, or the one a polymorphic column names. */
function targetOf(
  metadata: MetadataService,
  reference: FieldDef,
  typeName: string | undefined,
  column: string,
  view: MetadataView,
): ObjectDef {
  const targets = reference.referenceTo
  if (typeName === undefined) {
    if (targets.length === 1) return metadata.getObject(targets[0]!)
    throw invalidBatch(
      `${column}: ${reference.relationshipName} is polymorphic; name the parent type as ObjectType:${reference.relationshipName}.Field (one of ${targets.join(', ')})`,
    )
  }
  const name = targets.find((target) => target.toLowerCase() === typeName.toLowerCase())
  const target = name === undefined ? undefined : metadata.findObject(name, view)
  if (!target) {
    throw invalidBatch(`${column}: ${typeName} is not an object ${reference.relationshipName} can point to`)
  }
  return target
}

function notFound(name: string): ReplicaError {
  // a CR at the end of the last name: the file has CRLF line endings and the job says LF
  const hint = name.endsWith('\r')
    ? ' (the data has CRLF line endings: create the job with lineEnding CRLF)'
    : ''
  return invalidBatch(`Field name not found : ${name.replace(/\r$/, '\\r')}${hint}`)
}
