/**
 * @module
 * `POST /composite/batch` (parse -> validate -> execute): up to 25 independent subrequests with
 * URLs relative to `/services/data` (`v60.0/sobjects/Account`). Each runs as an ordinary call
 * and commits on its own; nothing is rolled back. With `haltOnError` the subrequests after the
 * first failure are not run and answer 412 `BATCH_PROCESSING_HALTED`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_batch.htm
 */
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'
import { formatApiVersion } from '../metadata/api-version.js'
import { type Dispatch, failed, type Subrequest } from './dispatch.js'
import { BATCH } from './limits.js'
import { BatchRequest, itemsAt, parseBody } from './schemas.js'
import { batchSubrequestUrl, parseSubrequestUrl } from './subrequest-url.js'

export interface BatchPlan {
  haltOnError: boolean
  items: Subrequest[]
}

export interface BatchResponse {
  hasErrors: boolean
  results: Array<{ statusCode: number; result: unknown }>
}

const HALTED = [
  {
    errorCode: 'BATCH_PROCESSING_HALTED',
    message: 'The subrequest was not run: an earlier one failed and haltOnError is true',
  },
]

export function planBatch(body: unknown, version: number): BatchPlan {
  const count = itemsAt(body, 'batchRequests').length
  if (count > BATCH.subrequests) {
    throw new ReplicaError(
      'LIMIT_EXCEEDED',
      `Failed to run the batch: it has ${count} subrequests; the limit is ${BATCH.subrequests}`,
    )
  }
  const request = parseBody(BatchRequest, body, 'composite batch request')
  const items = request.batchRequests.map((sub, index): Subrequest => {
    if (sub.binaryPartName !== undefined || sub.binaryPartNameAlias !== undefined) {
      throw new UnsupportedFeatureError('A binary part in a batch subrequest (binaryPartName)')
    }
    const url = batchSubrequestUrl(sub.url)
    const target = parseSubrequestUrl(url)
    const name = `batch subrequest ${index} (${sub.method} ${sub.url})`
    if (target.version < BATCH.oldestVersion || target.version > version) {
      invalid(
        `${name} calls API version ${formatApiVersion(target.version)}: it must be from ${formatApiVersion(BATCH.oldestVersion)} to the request's own ${formatApiVersion(version)}`,
      )
    }
    if (target.kind === 'composite' || target.kind === 'collections') {
      invalid(`${name}: a batch cannot contain composite resources`)
    }
    const hasBody = sub.richInput !== undefined && sub.richInput !== null
    if (hasBody && (sub.method === 'GET' || sub.method === 'DELETE')) {
      invalid(`${name}: a ${sub.method} subrequest has no richInput`)
    }
    return { method: sub.method, url, body: hasBody ? sub.richInput : undefined }
  })
  return { haltOnError: request.haltOnError ?? false, items }
}

/** Runs each subrequest as an ordinary call (it waits for the store like any other). */
export async function runBatch(plan: BatchPlan, dispatch: Dispatch): Promise<BatchResponse> {
  const results: BatchResponse['results'] = []
  let hasErrors = false
  for (const item of plan.items) {
    if (hasErrors && plan.haltOnError) {
      results.push({ statusCode: 412, result: HALTED })
      continue
    }
    const response = await dispatch(item, undefined)
    if (failed(response)) hasErrors = true
    results.push({ statusCode: response.status, result: response.body })
  }
  return { hasErrors, results }
}

function invalid(message: string): never {
  throw new ReplicaError('INVALID_INPUT', `Failed to run the batch: ${message}`)
}
