/**
 * @module
 * The byte cap of a management or control request body: larger is `413 body_too_large` (with
 * `Connection: close`, see to-error-response.ts), decided from `Content-Length` before a byte is
 * read, or as soon as a streamed body passes the cap.
 */
import type { MiddlewareHandler } from 'hono'
import type { UsageTally } from '../../calls/usage-tally.js'
import { bodyLimit } from 'hono/body-limit'
import { ManagementError } from '../../management/errors.js'
import type { ReplicaEnv } from './replica-env.js'
import { managementErrorResponse } from './to-error-response.js'

/** Methods whose body is capped (reading a GET's body for the cap would cost every GET). */
export const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

/** @param usage the fidelity tally, which counts the refusal's error code */
export function bodyCap(maxBytes: number, usage?: UsageTally): MiddlewareHandler<ReplicaEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      managementErrorResponse(
        c,
        new ManagementError(
          'body_too_large',
          `Failed to read the request body: it is larger than ${maxBytes} bytes`,
        ),
        usage,
      ),
  })
}
