/**
 * @module
 * Runs planned composite subrequests in order (execute stage), for `/composite` and for each
 * graph. References resolve against the responses before them. With `allOrNone` the first failure
 * stops the run and the caller rolls the transaction back: the failed subrequest keeps its own
 * error, every other one answers `PROCESSING_HALTED`, and each sObject Collections subrequest runs
 * all-or-none too. Without it each subrequest is a savepoint of its own; one that reads a failed
 * subrequest fails with the reference error, the others run.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_allornone.htm
 */
import type { TransactionScope } from '../../store/transaction.js'
import type { ReplicaError } from '../errors.js'
import { type Dispatch, failed, type Subrequest, type Subresponse } from './dispatch.js'
import type { PlannedSubrequest } from './plan-subrequests.js'
import { COMPOSITE } from './limits.js'
import {
  boundedLookup,
  ExpansionTooLargeError,
  type Lookup,
  resolveText,
  resolveValue,
  UnresolvedReferenceError,
  valueAt,
} from './references.js'
import { savepointOf, undoUnless } from './transact.js'

/** One item of `compositeResponse`. */
export interface SubrequestResult {
  body: unknown
  httpHeaders: Record<string, string>
  httpStatusCode: number
  referenceId: string
}

export interface RunOutcome {
  results: SubrequestResult[]
  /** True when a subrequest failed under allOrNone: the caller rolls back. */
  failed: boolean
}

export const ROLLED_BACK_MESSAGE =
  'The transaction was rolled back since another operation in the same transaction failed.'

export async function runSubrequests(
  items: readonly PlannedSubrequest[],
  dispatch: Dispatch,
  scope: TransactionScope,
  allOrNone: boolean,
): Promise<RunOutcome> {
  const responses = new Map<string, Subresponse>()
  const lookup: Lookup = (reference) => {
    const response = responses.get(reference.referenceId)
    return response && valueAt(response.body, reference.path)
  }
  const run = async (item: PlannedSubrequest, within: TransactionScope) => {
    const response = await runOne(item, lookup, dispatch, within, allOrNone)
    responses.set(item.referenceId, response)
    return response
  }

  const results: SubrequestResult[] = []
  if (!allOrNone) {
    for (const item of items) {
      const response = await undoUnless(
        savepointOf(scope),
        (within) => run(item, within),
        (r) => !failed(r),
      )
      results.push(resultOf(item, response))
    }
    return { results, failed: false }
  }
  for (const [at, item] of items.entries()) {
    const response = await run(item, scope)
    results.push(resultOf(item, response))
    if (failed(response) || (item.target.kind === 'collections' && anyRecordFailed(response))) {
      return {
        failed: true,
        results: items.map((other, i) => (i === at ? results[at]! : haltedResult(other))),
      }
    }
  }
  return { results, failed: false }
}

/** Resolves the subrequest's references and dispatches it; an unresolved one fails it. */
async function runOne(
  item: PlannedSubrequest,
  lookup: Lookup,
  dispatch: Dispatch,
  scope: TransactionScope,
  allOrNone: boolean,
): Promise<Subresponse> {
  let subrequest: Subrequest
  const bounded = boundedLookup(lookup, COMPOSITE.expandedCharacters)
  try {
    subrequest = {
      method: item.method,
      url: String(resolveText(item.url, bounded)),
      headers: item.headers,
      body: item.body === undefined ? undefined : resolveValue(item.body, bounded),
    }
  } catch (error) {
    if (error instanceof UnresolvedReferenceError || error instanceof ExpansionTooLargeError)
      return errorResponse(error)
    throw error
  }
  if (allOrNone && item.target.kind === 'collections') subrequest = allOrNoneCollection(item, subrequest)
  return dispatch(subrequest, scope)
}

/**
 * Under an all-or-none composite, each sObject Collections write is all-or-none too, whatever
 * its own flag says (a retrieve has none).
 */
function allOrNoneCollection(item: PlannedSubrequest, subrequest: Subrequest): Subrequest {
  if (item.target.segments.length === 3) return subrequest
  if (item.method === 'DELETE') {
    const at = subrequest.url.indexOf('?')
    const params = new URLSearchParams(at < 0 ? '' : subrequest.url.slice(at + 1))
    params.set('allOrNone', 'true')
    return { ...subrequest, url: `${at < 0 ? subrequest.url : subrequest.url.slice(0, at)}?${params}` }
  }
  const body = subrequest.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return subrequest
  return { ...subrequest, body: { ...body, allOrNone: true } }
}

/** A collections answer (200) can still hold failed records. */
function anyRecordFailed(response: Subresponse): boolean {
  return (
    Array.isArray(response.body) &&
    response.body.some((result) => typeof result === 'object' && result?.success === false)
  )
}

function resultOf(item: PlannedSubrequest, response: Subresponse): SubrequestResult {
  return {
    body: response.body,
    httpHeaders: response.headers,
    httpStatusCode: response.status,
    referenceId: item.referenceId,
  }
}

/** The answer of a subrequest undone or never run because another one failed. */
export function haltedResult(item: PlannedSubrequest): SubrequestResult {
  return {
    body: [{ errorCode: 'PROCESSING_HALTED', message: ROLLED_BACK_MESSAGE }],
    httpHeaders: {},
    httpStatusCode: 400,
    referenceId: item.referenceId,
  }
}

function errorResponse(error: ReplicaError): Subresponse {
  return { status: 400, headers: {}, body: [{ errorCode: error.code, message: error.message }] }
}
