/**
 * @module
 * sObject Collections writes (validate stage): the record limit (200), the chunk limit (10 runs
 * of one object type), and per record what the record service is asked to save — the object,
 * and the id, external id value and fields the request gives — or the save error that refuses it
 * before anything runs (no `attributes.type`, no id, no external id value, the same external id
 * twice).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections.htm
 */
import type { ObjectDef } from '../../../schemas/crm-schema.js'
import { NotFoundError, ReplicaError } from '../../errors.js'
import { normaliseId } from '../../ids.js'
import type { MetadataService, MetadataView } from '../../metadata/metadata-service.js'
import { COLLECTIONS, idLimitMessage } from '../limits.js'
import { type SaveError, saveError } from '../save-results.js'
import { CollectionsWrite, itemsAt, parseBody } from '../schemas.js'

export type CollectionsOperation = 'create' | 'update' | 'upsert' | 'delete'

/** A record to save, or one refused before anything runs. */
export type CollectionItem = RecordToSave | RefusedRecord

export interface RecordToSave {
  refused?: undefined
  /** The object as the request names it (`attributes.type`, or the id's object for a delete). */
  object: string
  /** The id the request names (update, delete): its results carry it. */
  id?: string
  /** Upsert: the record's external id value. */
  value?: string
  /** The record as sent (create, update, upsert). */
  record?: Readonly<Record<string, unknown>>
}

export interface RefusedRecord {
  refused: SaveError
  id?: string
}

export interface CollectionsPlan {
  operation: CollectionsOperation
  allOrNone: boolean
  items: CollectionItem[]
  /** Upsert: the external id field. */
  externalIdField?: string
}

const NO_TYPE = saveError('INVALID_TYPE', 'Must send a concrete entity type.')

/** `POST /composite/sobjects`. */
export function planCreate(body: unknown): CollectionsPlan {
  const request = readWrite(body)
  checkChunks(request.records.map(typeOf))
  const items = request.records.map((record): CollectionItem => {
    const type = typeOf(record)
    if (type === undefined) return { refused: NO_TYPE }
    return { object: type, record }
  })
  return { operation: 'create', allOrNone: request.allOrNone ?? false, items }
}

/** `PATCH /composite/sobjects`: each record names its `id` and `attributes.type`. */
export function planUpdate(body: unknown): CollectionsPlan {
  const request = readWrite(body)
  checkChunks(request.records.map(typeOf))
  const items = request.records.map((record): CollectionItem => {
    const raw = Object.entries(record).find(([key]) => key.toLowerCase() === 'id')?.[1]
    const id = typeof raw === 'string' && raw !== '' ? (normaliseId(raw) ?? raw) : undefined
    if (id === undefined)
      return { refused: saveError('MISSING_ARGUMENT', 'Id not specified in an update call') }
    const type = typeOf(record)
    if (type === undefined) return { id, refused: NO_TYPE }
    return { object: type, id, record }
  })
  return { operation: 'update', allOrNone: request.allOrNone ?? false, items }
}

/** `PATCH /composite/sobjects/{object}/{externalIdField}` (API 46.0+): one object, by external id. */
export function planUpsert(
  body: unknown,
  object: ObjectDef,
  fieldName: string,
  metadata: MetadataService,
  view: MetadataView,
): CollectionsPlan {
  const field = metadata.findField(object, fieldName, view)
  if (!field || !(field.externalId || field.idLookup)) {
    throw new NotFoundError(`Provided external ID field does not exist or is not accessible: ${fieldName}`)
  }
  const request = readWrite(body)
  const values = request.records.map((record) => {
    const raw = Object.entries(record).find(([key]) => key.toLowerCase() === field.name.toLowerCase())?.[1]
    return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined
  })
  // two records naming one external id in a request (the case counts only for a case-sensitive field)
  const keyOf = (value: string) => (field.caseSensitive ? value : value.toLowerCase())
  const seen = new Map<string, number>()
  for (const value of values) if (value) seen.set(keyOf(value), (seen.get(keyOf(value)) ?? 0) + 1)
  const items = request.records.map((record, at): CollectionItem => {
    const type = typeOf(record)
    const value = values[at]
    if (type === undefined) return { refused: NO_TYPE }
    if (type.toLowerCase() !== object.name.toLowerCase()) {
      return {
        refused: saveError(
          'INVALID_TYPE',
          `The record is a ${type}; this request upserts ${object.name} records`,
        ),
      }
    }
    if (value === undefined || value === '') {
      return { refused: saveError('MISSING_ARGUMENT', `${field.name} not specified`, [field.name]) }
    }
    if (seen.get(keyOf(value))! > 1) {
      return {
        refused: saveError('DUPLICATE_EXTERNAL_ID', `Duplicate external id specified: ${value}`, [
          field.name,
        ]),
      }
    }
    return { object: object.name, value, record }
  })
  return { operation: 'upsert', allOrNone: request.allOrNone ?? false, items, externalIdField: field.name }
}

/** `DELETE /composite/sobjects?ids=...&allOrNone=...`: each id's object comes from its key prefix. */
export function planDelete(
  ids: readonly string[],
  allOrNone: boolean,
  metadata: MetadataService,
): CollectionsPlan {
  if (ids.length === 0) {
    throw new ReplicaError(
      'MISSING_ARGUMENT',
      'Failed to delete records: the ids parameter is required and must name at least one',
    )
  }
  if (ids.length > COLLECTIONS.records)
    throw new ReplicaError('EXCEEDED_ID_LIMIT', idLimitMessage(COLLECTIONS.records))
  checkChunks(ids.map((id) => metadata.objectOfId(id)?.name))
  const items = ids.map((given): CollectionItem => {
    const id = normaliseId(given) ?? given
    const object = metadata.objectOfId(given)
    if (!object) return { id, refused: saveError('MALFORMED_ID', `malformed id ${given}`) }
    return { object: object.name, id }
  })
  return { operation: 'delete', allOrNone, items }
}

function readWrite(body: unknown): CollectionsWrite {
  if (itemsAt(body, 'records').length > COLLECTIONS.records) {
    throw new ReplicaError('EXCEEDED_ID_LIMIT', idLimitMessage(COLLECTIONS.records))
  }
  return parseBody(CollectionsWrite, body, 'sObject Collections request')
}

function typeOf(record: Readonly<Record<string, unknown>>): string | undefined {
  const attributes = record.attributes
  const type =
    typeof attributes === 'object' && attributes !== null
      ? (attributes as { type?: unknown }).type
      : undefined
  return typeof type === 'string' && type !== '' ? type : undefined
}

/** Records of several types are saved in runs of one type; at most 10 runs. */
function checkChunks(types: ReadonlyArray<string | undefined>): void {
  let chunks = 0
  let last: string | undefined
  for (const type of types) {
    const key = type?.toLowerCase()
    if (chunks === 0 || key !== last) chunks++
    last = key
  }
  if (chunks > COLLECTIONS.chunks) {
    throw new ReplicaError(
      'LIMIT_EXCEEDED',
      `Cannot have more than ${COLLECTIONS.chunks} chunks in a single operation. Please rearrange the data to reduce chunking.`,
    )
  }
}
