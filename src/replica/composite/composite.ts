/**
 * @module
 * `POST /composite` (parse -> validate -> execute): up to 25 subrequests, at most 5 of them
 * queries or sObject Collections, in one transaction. With `allOrNone` a failure rolls back every
 * write; without it each subrequest stands alone. `collateSubrequests` is accepted: the replica
 * always runs subrequests in the order given, which a collated run may also do.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_composite_post.htm
 */
import { ReplicaError } from '../errors.js'
import type { Dispatch } from './dispatch.js'
import { COMPOSITE } from './limits.js'
import { type PlannedSubrequest, planSubrequests } from './plan-subrequests.js'
import { ReferenceBudget } from './references.js'
import { runSubrequests, type SubrequestResult } from './run-subrequests.js'
import { CompositeRequest, itemsAt, parseBody } from './schemas.js'
import { type Transact, undoUnless } from './transact.js'

export interface CompositePlan {
  allOrNone: boolean
  items: PlannedSubrequest[]
}

/** Reads and checks a composite request body sent at API `version`; nothing runs yet. */
export function planComposite(body: unknown, version: number): CompositePlan {
  const count = itemsAt(body, 'compositeRequest').length
  if (count > COMPOSITE.subrequests) {
    throw new ReplicaError(
      'LIMIT_EXCEEDED',
      `Failed to run the composite request: it has ${count} subrequests; the limit is ${COMPOSITE.subrequests}`,
    )
  }
  const request = parseBody(CompositeRequest, body, 'composite request')
  const items = planSubrequests(request.compositeRequest, {
    what: 'composite',
    version,
    references: new ReferenceBudget(COMPOSITE.references),
  })
  const heavy = items.filter((item) => item.target.kind === 'query' || item.target.kind === 'collections')
  if (heavy.length > COMPOSITE.queriesAndCollections) {
    throw new ReplicaError(
      'LIMIT_EXCEEDED',
      `Failed to run the composite request: it has ${heavy.length} query and sObject Collections subrequests; the limit is ${COMPOSITE.queriesAndCollections}`,
    )
  }
  return { allOrNone: request.allOrNone ?? false, items }
}

export async function runComposite(
  plan: CompositePlan,
  dispatch: Dispatch,
  transact: Transact,
): Promise<{ compositeResponse: SubrequestResult[] }> {
  const outcome = await undoUnless(
    transact,
    (scope) => runSubrequests(plan.items, dispatch, scope, plan.allOrNone),
    (run) => !run.failed,
  )
  return { compositeResponse: outcome.results }
}
