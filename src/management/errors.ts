/**
 * @module
 * The management domain's one error type. It carries a spec error code and never an HTTP
 * status: `handlers/http/to-error-response.ts` maps codes to statuses, once, at the boundary.
 * `InputError` is bad input to the test-side calls (seeding, faults, inspection).
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

/**
 * Bad input to a test-side call (a seed, a fault, an inspection): the caller's mistake, named in
 * the message. The control API answers it with `invalid_request`; any other error there is a bug
 * (500, logged). A TypeError, as these calls have always thrown.
 */
export class InputError extends TypeError {
  override name = 'InputError'
}

export function invalidRequest(message: string, fields?: FieldErrors): ManagementError {
  return new ManagementError('invalid_request', message, fields)
}
