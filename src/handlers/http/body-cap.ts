/**
 * @module
 * The byte cap of a management or control request body: larger is `413 body_too_large` (with
 * `Connection: close`, see to-error-response.ts), decided from `Content-Length` before a byte is
 * read, or as soon as a streamed body passes the cap.
 * @note Not Hono's `bodyLimit`: it takes a declared `Content-Length` at its word, and an
 * in-process `Request` may declare less than its body holds. Like `bodyLimit`, the body read is
 * handed on in a new request (`c.req.raw`), for the routes to read.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { UsageTally } from '../../calls/usage-tally.js'
import { type CappedBody, readCapped, unreadableBodyReason } from '../../gateway/read-capped.js'
import { invalidRequest, ManagementError } from '../../management/errors.js'
import type { ReplicaEnv } from './replica-env.js'
import { managementErrorResponse } from './to-error-response.js'

/** Methods whose body is capped (reading a GET's body for the cap would cost every GET). */
export const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

/** @param usage the fidelity tally, which counts the refusal's error code */
export function bodyCap(maxBytes: number, usage?: UsageTally): MiddlewareHandler<ReplicaEnv> {
  const tooLarge = `Failed to read the request body: it is larger than ${maxBytes} bytes`
  const refuse = (c: Context<ReplicaEnv>) =>
    managementErrorResponse(c, new ManagementError('body_too_large', tooLarge), usage)
  return async (c, next) => {
    const { raw } = c.req
    if (!raw.body) return next()
    // a declared length over the cap is refused unread; any body is read only up to the cap, so
    // a length that is missing, wrong or not a number lets no more through
    let body: CappedBody
    try {
      body = await readCapped(raw.body, maxBytes, raw.headers.get('content-length'))
    } catch (error) {
      // the body's stream failed (a dropped connection, an in-process stream that errors)
      const unread = invalidRequest(unreadableBodyReason(error))
      return managementErrorResponse(c, unread, usage)
    }
    if (!body.complete) return refuse(c)
    const { url, method, headers, signal } = raw
    c.req.raw = new Request(url, { method, headers, signal, body: body.bytes })
    return next()
  }
}
