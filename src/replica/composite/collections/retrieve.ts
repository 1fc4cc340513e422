/**
 * @module
 * sObject Collections retrieve: `GET /composite/sobjects/{object}?ids=&fields=` and the POST form
 * `{ ids, fields }` for id lists too long for a URL (up to 2000). Fields are checked first (an
 * unknown or hidden one is 400 `INVALID_FIELD`, found records or not); then each id is read
 * through the record service, in request order, `null` for an id that is malformed, of another
 * object, missing or in the recycle bin.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections_retrieve.htm
 */
import type { ObjectDef } from '../../../schemas/crm-schema.js'
import { NotFoundError, ReplicaError } from '../../errors.js'
import { keyPrefixOf, normaliseId } from '../../ids.js'
import type { MetadataService, MetadataView } from '../../metadata/metadata-service.js'
import type { RecordService } from '../../records/record-service.js'
import { type RecordView, selectFields } from '../../records/record-view.js'
import { COLLECTIONS, idLimitMessage } from '../limits.js'
import type { Transact } from '../transact.js'

export interface RetrievePlan {
  /** Canonical object name. */
  object: string
  /** The checked field names, comma-separated. */
  fields: string
  /** One canonical id per id asked for; undefined where the answer is `null` without asking. */
  ids: Array<string | undefined>
}

export function planRetrieve(
  ids: readonly string[],
  fields: readonly string[],
  object: ObjectDef,
  metadata: MetadataService,
  view: MetadataView,
): RetrievePlan {
  if (ids.length === 0) missing('ids')
  if (fields.length === 0) missing('fields')
  if (ids.length > COLLECTIONS.retrieveIds) {
    throw new ReplicaError('EXCEEDED_ID_LIMIT', idLimitMessage(COLLECTIONS.retrieveIds))
  }
  const names = selectFields(metadata, object, view, fields).map((field) => field.name)
  return {
    object: object.name,
    fields: names.join(','),
    ids: ids.map((given) => {
      const id = normaliseId(given.trim())
      return id && keyPrefixOf(id) === object.keyPrefix ? id : undefined
    }),
  }
}

/**
 * The records in request order (`null` for the missing), read in one transaction so they are
 * one consistent view; an error other than not-found answers for the whole request.
 */
export function runRetrieve(
  plan: RetrievePlan,
  records: RecordService,
  view: MetadataView,
  transact: Transact,
): Promise<Array<RecordView | null>> {
  const read = (id: string | undefined) => {
    if (id === undefined) return null
    try {
      return records.read(plan.object, id, view, { fields: plan.fields })
    } catch (error) {
      if (error instanceof NotFoundError) return null
      throw error
    }
  }
  return transact(async () => plan.ids.map(read))
}

function missing(parameter: string): never {
  throw new ReplicaError(
    'MISSING_ARGUMENT',
    `Failed to retrieve records: the ${parameter} parameter is required and must name at least one`,
  )
}
