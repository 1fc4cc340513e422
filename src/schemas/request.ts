/**
 * @module schemas/request
 * Recorded gateway calls ("Request" in the spec), their details, stats and filters.
 * @see docs/management-api.md#recorded-calls
 */
import * as z from 'zod'
import { AppName, Id, listOf, PageQuery, queryBoolean, queryInt, StringRecord, Timestamp } from './common.js'

/** Id of a recorded call: `req_` plus 16 chars of `[0-9a-z]`. */
export const RequestId = z.string().regex(/^req_[0-9a-z]{16}$/)
export type RequestId = z.infer<typeof RequestId>

export const HttpMethod = z.enum([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'CONNECT',
  'TRACE',
])
export type HttpMethod = z.infer<typeof HttpMethod>

export const StatusClass = z.enum(['2xx', '3xx', '4xx', '5xx'])
export type StatusClass = z.infer<typeof StatusClass>

/** Who produced the recorded response. */
export const RespondedBy = z.enum(['app', 'gateway'])
export type RespondedBy = z.infer<typeof RespondedBy>

/** `{direction}` of `GET /v1/requests/{requestId}/body/{direction}`. */
export const RequestBodyDirection = z.enum(['request', 'response'])
export type RequestBodyDirection = z.infer<typeof RequestBodyDirection>

/** A recorded gateway call (the spec's "Request"; renamed to avoid the Fetch `Request`). */
export const RecordedRequest = z.strictObject({
  id: RequestId,
  environmentId: Id,
  app: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.string(),
  responseStatus: z.int(),
  respondedBy: RespondedBy,
  errorCode: z.string().nullable(),
  durationMs: z.int().min(0),
  requestBytes: z.int().nullable(),
  responseBytes: z.int().nullable(),
  receivedAt: Timestamp,
  completedAt: Timestamp,
})
export type RecordedRequest = z.infer<typeof RecordedRequest>

export const BodyCoverage = z.enum(['recorded', 'redacted', 'omitted'])
export type BodyCoverage = z.infer<typeof BodyCoverage>

export const BodyEncoding = z.enum(['utf8', 'binary'])
export type BodyEncoding = z.infer<typeof BodyEncoding>

export const BodyPreview = z.strictObject({
  coverage: BodyCoverage,
  reason: z.string().nullable(),
  contentType: z.string().nullable(),
  bytes: z.int().nullable(),
  encoding: BodyEncoding,
  preview: z.string().nullable(),
  previewTruncated: z.boolean(),
})
export type BodyPreview = z.infer<typeof BodyPreview>

/** The spec's "RequestDetail": a recorded call with its headers and body previews. */
export const RecordedRequestDetail = RecordedRequest.extend({
  requestHeaders: StringRecord,
  responseHeaders: StringRecord,
  requestBody: BodyPreview,
  responseBody: BodyPreview,
})
export type RecordedRequestDetail = z.infer<typeof RecordedRequestDetail>

export const RecordedRequestList = listOf(RecordedRequest)
export type RecordedRequestList = z.infer<typeof RecordedRequestList>

export const RequestStatsBucket = z.strictObject({
  from: Timestamp,
  success: z.int().min(0),
  clientError: z.int().min(0),
  serverError: z.int().min(0),
})
export type RequestStatsBucket = z.infer<typeof RequestStatsBucket>

export const RequestStats = z.strictObject({
  from: Timestamp,
  to: Timestamp,
  count: z.int().min(0),
  successCount: z.int().min(0),
  clientErrorCount: z.int().min(0),
  serverErrorCount: z.int().min(0),
  p50Ms: z.number().min(0).nullable(),
  p95Ms: z.number().min(0).nullable(),
  buckets: z.array(RequestStatsBucket),
})
export type RequestStats = z.infer<typeof RequestStats>

/** Filters shared by `listRequests` and `getRequestStats` (the time window is added per operation). */
const requestFilterShape = {
  environmentId: Id,
  app: AppName.optional(),
  method: HttpMethod.optional(),
  responseStatus: queryInt(100, 599).optional(),
  statusClass: StatusClass.optional(),
  writesOnly: queryBoolean().optional(),
  // a pattern rather than a refinement: the OpenAPI document can then state the rule
  search: z
    .string()
    .max(200)
    .regex(/^[^\0]*$/, 'Must not contain NUL characters')
    .optional(),
}

/**
 * A time window is given with both ends, and does not end before it starts.
 * @note The spec only says "with both ends"; rejecting `to` < `from` is our decision.
 */
function checkWindow(query: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (query.from !== undefined && query.to === undefined) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Required when from is given' })
  } else if (query.from === undefined && query.to !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'Required when to is given' })
  } else if (
    query.from !== undefined &&
    query.to !== undefined &&
    Date.parse(query.to) < Date.parse(query.from)
  ) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before from' })
  }
}

/** The request filters with an optional time window (both ends or neither). */
export const RequestFilterQuery = z
  .object({
    ...requestFilterShape,
    from: Timestamp.optional(),
    to: Timestamp.optional(),
  })
  .superRefine(checkWindow)
export type RequestFilterQuery = z.infer<typeof RequestFilterQuery>

/** Query of `GET /v1/requests`. */
export const ListRequestsQuery = z
  .object({
    ...requestFilterShape,
    from: Timestamp.optional(),
    to: Timestamp.optional(),
    ...PageQuery.shape,
  })
  .superRefine(checkWindow)
export type ListRequestsQuery = z.infer<typeof ListRequestsQuery>

/** Query of `GET /v1/requests/stats`: the window is required. */
export const RequestStatsQuery = z
  .object({
    ...requestFilterShape,
    from: Timestamp,
    to: Timestamp,
  })
  .superRefine(checkWindow)
export type RequestStatsQuery = z.infer<typeof RequestStatsQuery>
