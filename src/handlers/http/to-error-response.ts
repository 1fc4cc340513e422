/**
 * @module
 * The one place errors become responses (STYLE.md "Error handling" 3). Domain errors carry a
 * code; this maps the code to a status and the body shape of the protocol that was called.
 */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ManagementError } from '../../management/errors.js'
import type { UsageTally } from '../../calls/usage-tally.js'
import type { ErrorBody, ErrorCode } from '../../schemas/error.js'
import { INSPECTOR_HEADER, type ReplicaEnv } from './replica-env.js'

/** decision 0004. */
export const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid_status: 409,
  snapshot_in_progress: 409,
  idempotency_key_reused: 409,
  name_taken: 409,
  last_owner: 409,
  last_workspace: 409,
  workspace_archived: 409,
  version_in_use: 409,
  body_too_large: 413,
  version_unavailable: 422,
  environment_limit_reached: 429,
  internal_error: 500,
  unavailable: 503,
}

/**
 * Turns anything thrown while serving `/v1` or `/__replica` into the management error body.
 * @param usage counts the error code for the fidelity report
 */
export function toManagementErrorResponse(
  c: Context<ReplicaEnv>,
  error: unknown,
  usage?: UsageTally,
): Response {
  const known = asManagementError(error)
  if (!known) console.error('[replica-mock] Failed to handle "%s %s"', c.req.method, c.req.path, error)
  const failure =
    known ?? new ManagementError('internal_error', 'Failed to handle the request: unexpected error')
  return managementErrorResponse(c, failure, usage)
}

export function managementErrorResponse(
  c: Context<ReplicaEnv>,
  failure: ManagementError,
  usage?: UsageTally,
): Response {
  // the web inspector's own reads are not the run's
  if (usage && c.req.header(INSPECTOR_HEADER) === undefined) usage.errorCode('management', failure.code)
  const requestId = c.get('requestId')
  const body: ErrorBody = {
    error: {
      code: failure.code,
      message: failure.message,
      requestId,
      ...(failure.fields ? { fields: failure.fields } : {}),
    },
  }
  return c.json(body, STATUS_OF[failure.code], { 'x-request-id': requestId })
}

function asManagementError(error: unknown): ManagementError | undefined {
  if (error instanceof ManagementError) return error
  // Hono raises these for malformed JSON and similar transport-level problems
  if (error instanceof HTTPException && error.status < 500) {
    const code: ErrorCode = error.status === 413 ? 'body_too_large' : 'invalid_request'
    return new ManagementError(code, `Failed to read the request: ${error.message}`)
  }
  return undefined
}
