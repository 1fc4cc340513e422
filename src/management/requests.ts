/**
 * @module
 * The recorded-call operations `listRequests`, `getRequest`, `getRequestBody` and
 * `getRequestStats` (docs/gateway.md#recorded-calls) over the calls the gateway recorded (`src/calls`). Calls
 * belong to an environment; a caller sees them when it may see the environment (an API key: only
 * its workspace's; another's are reported as not found).
 */
import { type RecordedCall, toRecordedRequest, toRecordedRequestDetail } from '../calls/recorded-call.js'
import { type RequestFilter, requestMatcher } from '../calls/request-filter.js'
import { requestStats } from '../calls/request-stats.js'
import type {
  RecordedRequest,
  RecordedRequestDetail,
  RequestBodyDirection,
  RequestStats,
  RequestStatsQuery,
} from '../schemas/request.js'
import type { Caller } from './auth.js'
import type { ManagementContext } from './context.js'
import { visibleEnvironment } from './environment-view.js'
import { invalidRequest, ManagementError, notFound } from './errors.js'
import { runOperation } from './operation.js'
import type { Page, PageRequest } from './pagination.js'

/** Newest first (in the order the gateway took the calls), paginated, every filter ANDed. */
export function listRequests(
  ctx: ManagementContext,
  caller: Caller,
  query: RequestFilter & PageRequest,
): Promise<Page<RecordedRequest>> {
  return runOperation(ctx, () => {
    const { environmentId } = query
    visibleEnvironment(ctx, caller, environmentId)
    const before = query.cursor === undefined ? undefined : readCursor(query.cursor, environmentId)
    const matches = requestMatcher(query)
    const data: RecordedRequest[] = []
    let lastSeq = 0
    for (const call of ctx.recordedCalls.newestFirst(environmentId, before)) {
      if (!matches(call)) continue
      if (data.length === query.limit) return { data, nextCursor: writeCursor(environmentId, lastSeq) }
      data.push(toRecordedRequest(call))
      lastSeq = call.seq
    }
    return { data, nextCursor: null }
  })
}

export function getRequest(
  ctx: ManagementContext,
  caller: Caller,
  requestId: string,
): Promise<RecordedRequestDetail> {
  return runOperation(ctx, () => toRecordedRequestDetail(visibleCall(ctx, caller, requestId)))
}

/** Counts, latency percentiles and time buckets of the calls in `[from, to)` (see `request-stats.ts`). */
export function getRequestStats(
  ctx: ManagementContext,
  caller: Caller,
  query: RequestStatsQuery,
): Promise<RequestStats> {
  return runOperation(ctx, () => {
    visibleEnvironment(ctx, caller, query.environmentId)
    return requestStats(ctx.recordedCalls.newestFirst(query.environmentId), query)
  })
}

export interface RequestBodyDownload {
  bytes: Uint8Array<ArrayBuffer>
  /** `req_…-request.bin` or `req_…-response.bin`. */
  filename: string
}

/** The whole body, when it was recorded and is still kept; `not_found` (saying why) otherwise. */
export function getRequestBody(
  ctx: ManagementContext,
  caller: Caller,
  requestId: string,
  direction: RequestBodyDirection,
): Promise<RequestBodyDownload> {
  return runOperation(ctx, () => {
    const call = visibleCall(ctx, caller, requestId)
    const body = direction === 'request' ? call.requestBody : call.responseBody
    if (!body.full) {
      const why = body.reason ?? `it was ${body.coverage}`
      throw new ManagementError('not_found', `Failed to find the ${direction} body of "${requestId}": ${why}`)
    }
    return { bytes: body.full, filename: `${requestId}-${direction}.bin` }
  })
}

function visibleCall(ctx: ManagementContext, caller: Caller, requestId: string): RecordedCall {
  const call = ctx.recordedCalls.get(requestId)
  if (!call) throw notFound('request', requestId)
  try {
    visibleEnvironment(ctx, caller, call.environmentId)
  } catch {
    throw notFound('request', requestId)
  }
  return call
}

// A cursor names the environment and the place of the last call shown; newer calls never shift it.
function writeCursor(environmentId: string, seq: number): string {
  return Buffer.from(JSON.stringify(['req', environmentId, seq])).toString('base64url')
}

function readCursor(cursor: string, environmentId: string): number {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    // handled below
  }
  if (
    !Array.isArray(value) ||
    value[0] !== 'req' ||
    value[1] !== environmentId ||
    !Number.isSafeInteger(value[2]) ||
    (value[2] as number) < 1
  ) {
    throw invalidRequest('Failed to read cursor: it is malformed or belongs to another listing', {
      cursor: ['Malformed cursor'],
    })
  }
  return value[2] as number
}

export interface RequestAccess {
  /** The environment's recorded calls with their details, newest first. */
  list(environmentId: string): RecordedRequestDetail[]
  /** One recorded call, or undefined. */
  get(requestId: string): RecordedRequestDetail | undefined
}

/** Recorded calls for inspection in tests (`mock.requests`): no caller, no scoping. */
export function requestAccess(ctx: ManagementContext): RequestAccess {
  return {
    list(environmentId) {
      return [...ctx.recordedCalls.newestFirst(environmentId)].map(toRecordedRequestDetail)
    },
    get(requestId) {
      const call = ctx.recordedCalls.get(requestId)
      return call && toRecordedRequestDetail(call)
    },
  }
}

/**
 * How many calls to an environment's apps were recorded since `sinceMs` (mock clock), of those
 * the request log still holds: what `/limits` reports as `DailyApiRequests` used.
 */
export function countCallsSince(ctx: ManagementContext, environmentId: string, sinceMs: number): number {
  return ctx.recordedCalls.countSince(environmentId, sinceMs)
}
