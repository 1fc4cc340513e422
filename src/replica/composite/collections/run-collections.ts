/**
 * @module
 * sObject Collections writes (execute stage): each record is saved by the record service, one
 * result per record in request order, never a silent drop. Each save is all or nothing on its own
 * (the service undoes a write that fails), so with `allOrNone: false` the others are kept whatever
 * one does. With `allOrNone: true` every record is tried (so each invalid one reports its own
 * error), then if any failed the whole transaction rolls back and the others answer
 * `ALL_OR_NONE_OPERATION_ROLLED_BACK`. The answer is 200 either way.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections_create.htm
 */
import { isReplicaError } from '../../errors.js'
import { saveNotices } from '../../events/publish-result.js'
import type { MetadataView } from '../../metadata/metadata-service.js'
import type { RecordService } from '../../records/record-service.js'
import { ROLLED_BACK_RECORD, type SaveResult, saveError, saveErrorOf } from '../save-results.js'
import { type Transact, undoUnless } from '../transact.js'
import type { CollectionItem, CollectionsPlan, RecordToSave } from './plan-collections.js'

export async function runCollection(
  plan: CollectionsPlan,
  records: RecordService,
  view: MetadataView,
  transact: Transact,
): Promise<SaveResult[]> {
  const save = (item: CollectionItem): SaveResult => {
    if (item.refused) return withId(item, { success: false, errors: [item.refused] })
    try {
      return saveOne(plan, item, records, view)
    } catch (error) {
      if (!isReplicaError(error)) throw error
      return withId(item, { success: false, errors: [saveErrorOf(error)] })
    }
  }
  if (!plan.allOrNone) return transact(async () => plan.items.map(save))
  const results = await undoUnless(
    transact,
    async () => plan.items.map(save),
    (out) => out.every((result) => result.success),
  )
  if (results.every((result) => result.success)) return results
  return results.map((result, at) =>
    result.success ? withId(plan.items[at]!, { success: false, errors: [ROLLED_BACK_RECORD] }) : result,
  )
}

/** Saves one record; throws the record service's error when it cannot. */
function saveOne(
  plan: CollectionsPlan,
  item: RecordToSave,
  records: RecordService,
  view: MetadataView,
): SaveResult {
  switch (plan.operation) {
    case 'create': {
      const result = records.create(item.object, item.record, view)
      return { id: result.id, success: true, errors: saveNotices(result) }
    }
    case 'update':
      records.update(item.object, item.id!, item.record, view)
      return { id: item.id, success: true, errors: [] }
    case 'delete':
      records.delete(item.object, item.id!, view)
      return { id: item.id, success: true, errors: [] }
    case 'upsert': {
      const field = plan.externalIdField!
      const result = records.upsert(item.object, field, item.value!, item.record, view)
      if (result.status === 'multiple') {
        const message = `${field}: more than one record found for external id field: [${result.ids.join(', ')}]`
        return { success: false, errors: [saveError('DUPLICATE_EXTERNAL_ID', message, [field])] }
      }
      return { id: result.id, success: true, errors: [], created: result.status === 'created' }
    }
  }
}

/** Results of update and delete carry the id the request named, success or not. */
function withId(item: CollectionItem, result: SaveResult): SaveResult {
  return item.id === undefined ? result : { id: item.id, ...result }
}
