/**
 * @module
 * The one place the replica's errors become native responses: the Salesforce error array
 * `[{ message, errorCode, fields }]` with the status the real API gives that code (`fields` only
 * on save errors and errors that name fields, as the real API writes them). Anything that is
 * not a `ReplicaError` is a bug: logged, and answered 500 `UNKNOWN_EXCEPTION`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isReplicaError, ReplicaError, type ReplicaErrorCode } from '../errors.js'
import { jsonValue } from './json-response.js'

const STATUS_OF: Partial<Record<ReplicaErrorCode, ContentfulStatusCode>> = {
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  API_DISABLED_FOR_ORG: 403,
  // Bulk API 2.0: a job in the wrong state, results across the 50.0 boundary, results not ready
  INVALIDJOBSTATE: 409,
  CONFLICT: 409,
  JOB_NOT_COMPLETE: 412,
  PRECONDITION_FAILED: 412,
  EXCEEDED_MAX_SIZE_REQUEST: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // the replica fails loudly on what it does not emulate: "not implemented", not a client mistake
  FEATURE_NOT_ENABLED: 501,
  UNKNOWN_EXCEPTION: 500,
}

/**
 * Codes of a record's save (DML) errors, which carry `fields` even when empty; request-level errors
 * (NOT_FOUND, MALFORMED_QUERY, JSON_PARSER_ERROR, ...) carry it only when they name fields.
 */
const SAVE_ERRORS = new Set<ReplicaErrorCode>([
  'REQUIRED_FIELD_MISSING',
  'INVALID_FIELD_FOR_INSERT_UPDATE',
  'INVALID_TYPE_ON_FIELD_IN_RECORD',
  'STRING_TOO_LONG',
  'NUMBER_OUTSIDE_VALID_RANGE',
  'INVALID_EMAIL_ADDRESS',
  'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
  'INVALID_CROSS_REFERENCE_KEY',
  'MALFORMED_ID',
  'FIELD_INTEGRITY_EXCEPTION',
  'ENTITY_IS_DELETED',
  'DELETE_FAILED',
  'DUPLICATE_VALUE',
  'DUPLICATE_EXTERNAL_ID',
  'FIELD_CUSTOM_VALIDATION_EXCEPTION',
  'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
  'INSUFFICIENT_ACCESS_OR_READONLY',
])

/** One item of the native error array. */
export function nativeErrorItem(error: ReplicaError): {
  message: string
  errorCode: string
  fields?: string[]
} {
  const item = error.toJSON()
  if (item.fields.length > 0 || SAVE_ERRORS.has(error.code)) return item
  return { message: item.message, errorCode: item.errorCode }
}

/** The HTTP status of a replica error; everything not listed is a 400, as in the real API. */
export function nativeErrorStatus(error: ReplicaError): ContentfulStatusCode {
  // a deleted record named by the path is gone (404); one named by a field is a bad value (400)
  if (error.code === 'ENTITY_IS_DELETED') return error.fields.length > 0 ? 400 : 404
  return STATUS_OF[error.code] ?? 400
}

export function toNativeErrorResponse(c: Context, error: unknown): Response {
  if (isReplicaError(error)) return jsonValue(c, [nativeErrorItem(error)], nativeErrorStatus(error))
  console.error('[replica-mock] Failed to handle "%s %s"', c.req.method, c.req.path, error)
  const failure = new ReplicaError(
    'UNKNOWN_EXCEPTION',
    'An unexpected error occurred in the replica. It is logged on the mock side ([replica-mock] Failed to handle ...).',
  )
  return jsonValue(c, [nativeErrorItem(failure)], 500)
}
