/**
 * @module schemas/error
 * The management API error body.
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'

export const ErrorCode = z.enum([
  'invalid_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'invalid_status',
  'snapshot_in_progress',
  'idempotency_key_reused',
  'name_taken',
  'last_owner',
  'last_workspace',
  'workspace_archived',
  'version_in_use',
  'body_too_large',
  'version_unavailable',
  'environment_limit_reached',
  'internal_error',
  'unavailable',
])
export type ErrorCode = z.infer<typeof ErrorCode>

export const ErrorBody = z.strictObject({
  error: z.strictObject({
    code: ErrorCode,
    message: z.string(),
    requestId: z.string(),
    /** Validation issues: field name (dotted path) to messages. */
    fields: z.record(z.string(), z.array(z.string())).optional(),
    status: z.string().optional(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>
