/**
 * @module
 * sObject Collections retrieve: `GET /composite/sobjects/{object}?ids=&fields=` and the POST form
 * `{ ids, fields }` for id lists too long for a URL (up to 2000). Fields are checked first (an
 * unknown or hidden one is 400 `INVALID_FIELD`, found records or not); then each id is read
 * through `GET /sobjects/{object}/{id}?fields=`, in request order, `null` for an id that is
 * malformed, of another object, missing or in the recycle bin.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections_retrieve.htm
 */
import type { ObjectDef } from '../../../schemas/crm-schema.js'
import { ReplicaError } from '../../errors.js'
import { keyPrefixOf, normaliseId } from '../../ids.js'
import type { MetadataService, MetadataView } from '../../metadata/metadata-service.js'
import { selectFields } from '../../records/record-view.js'
import type { Dispatch, Subrequest, Subresponse } from '../dispatch.js'
import { COLLECTIONS, idLimitMessage } from '../limits.js'
import type { Transact } from '../transact.js'

/** One read per id; undefined where the answer is `null` without asking. */
export type RetrievePlan = Array<Subrequest | undefined>

export function planRetrieve(
  ids: readonly string[],
  fields: readonly string[],
  object: ObjectDef,
  metadata: MetadataService,
  view: MetadataView,
  base: string,
): RetrievePlan {
  if (ids.length === 0) missing('ids')
  if (fields.length === 0) missing('fields')
  if (ids.length > COLLECTIONS.retrieveIds) {
    throw new ReplicaError('EXCEEDED_ID_LIMIT', idLimitMessage(COLLECTIONS.retrieveIds))
  }
  const names = selectFields(metadata, object, view, fields).map((field) => field.name)
  const query = `?fields=${encodeURIComponent(names.join(','))}`
  return ids.map((given) => {
    const id = normaliseId(given.trim())
    if (!id || keyPrefixOf(id) !== object.keyPrefix) return undefined
    return { method: 'GET', url: `${base}/sobjects/${object.name}/${id}${query}` }
  })
}

/**
 * The records in request order (`null` for the missing), read in one transaction so they are
 * one consistent view; an error other than not-found answers for the whole request.
 */
export async function runRetrieve(
  plan: RetrievePlan,
  dispatch: Dispatch,
  transact: Transact,
): Promise<{ records: unknown[] } | { error: Subresponse }> {
  return transact(async (scope) => {
    const records: unknown[] = []
    for (const read of plan) {
      if (!read) {
        records.push(null)
        continue
      }
      const response = await dispatch(read, scope)
      if (response.status === 200) records.push(response.body)
      else if (response.status === 404) records.push(null)
      else return { error: response }
    }
    return { records }
  })
}

function missing(parameter: string): never {
  throw new ReplicaError(
    'MISSING_ARGUMENT',
    `Failed to retrieve records: the ${parameter} parameter is required and must name at least one`,
  )
}
