/**
 * @module
 * sObject Collections writes (execute stage), one result per record in request order, never a
 * silent drop. `allOrNone: false`: each record is a savepoint of its own and the others are kept
 * whatever it does. `allOrNone: true`: every record is tried (so each invalid one reports its own
 * error), then if any failed the whole transaction rolls back and the others answer
 * `ALL_OR_NONE_OPERATION_ROLLED_BACK`. The answer is 200 either way.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections_create.htm
 */
import type { TransactionScope } from '../../../store/transaction.js'
import type { Dispatch, Subresponse } from '../dispatch.js'
import { ROLLED_BACK_RECORD, type SaveResult, saveError, saveErrors } from '../save-results.js'
import { savepointOf, type Transact, undoUnless } from '../transact.js'
import type { CollectionItem, CollectionsPlan } from './plan-collections.js'

export async function runCollection(
  plan: CollectionsPlan,
  dispatch: Dispatch,
  transact: Transact,
): Promise<SaveResult[]> {
  const save = async (item: CollectionItem, scope: TransactionScope): Promise<SaveResult> => {
    if (!item.subrequest) return withId(item, { success: false, errors: [item.refused!] })
    return resultOf(plan, item, await dispatch(item.subrequest, scope))
  }
  // a record saved by one atomic write: no savepoint around it, no await
  const saveAtOnce = (item: CollectionItem, scope: TransactionScope): SaveResult | undefined => {
    const answer = item.subrequest && dispatch.atomic?.(item.subrequest, scope)
    return answer && resultOf(plan, item, answer)
  }
  if (!plan.allOrNone) {
    return transact(async (scope) => {
      const results: SaveResult[] = []
      for (const item of plan.items) {
        results.push(
          saveAtOnce(item, scope) ??
            (await undoUnless(
              savepointOf(scope),
              (within) => save(item, within),
              (r) => r.success,
            )),
        )
      }
      return results
    })
  }
  const results = await undoUnless(
    transact,
    async (scope) => {
      const out: SaveResult[] = []
      for (const item of plan.items) out.push(saveAtOnce(item, scope) ?? (await save(item, scope)))
      return out
    },
    (out) => out.every((result) => result.success),
  )
  if (results.every((result) => result.success)) return results
  return results.map((result, at) =>
    result.success ? withId(plan.items[at]!, { success: false, errors: [ROLLED_BACK_RECORD] }) : result,
  )
}

/** A record's result from what its native call answered. */
function resultOf(plan: CollectionsPlan, item: CollectionItem, response: Subresponse): SaveResult {
  const body = response.body as { id?: unknown } | null
  switch (plan.operation) {
    case 'create':
      if (response.status === 201) return { id: String(body?.id), success: true, errors: [] }
      break
    case 'upsert':
      if (response.status === 201 || response.status === 200) {
        return { id: String(body?.id), success: true, errors: [], created: response.status === 201 }
      }
      if (response.status === 300) return { success: false, errors: [severalMatches(plan, response.body)] }
      break
    default:
      if (response.status === 204) return { id: item.id, success: true, errors: [] }
  }
  return withId(item, { success: false, errors: saveErrors(response.body) })
}

/** Upsert's 300 (several records hold the external id) as the save error the real API gives. */
function severalMatches(plan: CollectionsPlan, urls: unknown) {
  const ids = Array.isArray(urls) ? urls.map((url) => String(url).split('/').pop()) : []
  const field = plan.externalIdField!
  return saveError(
    'DUPLICATE_EXTERNAL_ID',
    `${field}: more than one record found for external id field: [${ids.join(', ')}]`,
    [field],
  )
}

/** Results of update and delete carry the id the request named, success or not. */
function withId(item: CollectionItem, result: SaveResult): SaveResult {
  return item.id === undefined ? result : { id: item.id, ...result }
}
