/**
 * @module
 * The management domain's one error type. It carries a spec error code and never an HTTP
 * status: `handlers/http/to-error-response.ts` maps codes to statuses, once, at the boundary.
 */
import type { ErrorCode } from '../schemas/error.js'

export type FieldErrors = Record<string, string[]>

export class ManagementError extends Error {
  override name = 'ManagementError'
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message)
  }
}

/** 404 for a resource that does not exist or that the caller may not see (no existence leak). */
export function notFound(what: string, id: string): ManagementError {
  return new ManagementError('not_found', `Failed to find ${what}: "${id}" does not exist`)
}

export function invalidRequest(message: string, fields?: FieldErrors): ManagementError {
  return new ManagementError('invalid_request', message, fields)
}
