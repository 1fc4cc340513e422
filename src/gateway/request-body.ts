/**
 * @module
 * The request body as the gateway reads it (at most the cap, for the refusal and the recording),
 * and the request the app then sees. The cap is per surface (DESIGN.md "Gateway"): a Bulk API 2.0
 * CSV upload (`PUT .../jobs/ingest/{id}/batches`) may be as large as the real upload limit
 * (`maxUploadBytes`, 150 MB); every other body has the JSON cap (4 MiB).
 */
import type { RawBody } from '../calls/raw-call.js'
import type { AppPath } from './app-path.js'
import { forwardedRequest } from './forwarded-request.js'
import { readCapped, unreadableBodyReason } from './read-capped.js'
import type { SplitUrl } from './split-url.js'

/**
 * The request body as read: `unread` when the method carries none (the request can be passed on);
 * `unreadable` when its stream failed (a dropped connection, an erroring in-process stream).
 */
export type RequestBody = RawBody & { unread: boolean; unreadable?: boolean }

const EMPTY = new Uint8Array(0) as Uint8Array<ArrayBuffer>
const NO_BODY: RequestBody = Object.freeze({
  contentType: null,
  data: EMPTY,
  complete: true,
  size: 0,
  unread: true,
})

/** Where Bulk API 2.0 takes CSV data: `/services/data/vXX.X/jobs/ingest/{jobId}/batches[/]`. */
const UPLOAD_PATH = /^\/services\/data\/v\d{1,3}\.\d\/jobs\/ingest\/[^/]+\/batches\/?$/

export interface BodyCaps {
  /** Every body but a CSV upload (bytes). */
  maxBytes: number
  /** A Bulk API 2.0 CSV upload (bytes). */
  maxUploadBytes: number
}

/** The cap of a request's body: the upload limit for a CSV upload, else the JSON one. */
export function bodyCapOf(method: string, nativePath: string | undefined, caps: BodyCaps): number {
  return method === 'PUT' && nativePath !== undefined && UPLOAD_PATH.test(nativePath)
    ? caps.maxUploadBytes
    : caps.maxBytes
}

/**
 * GET and HEAD carry no body: the request is left unread, so it can be passed on as it is. A body
 * whose stream fails is answered `unreadable` (the caller's problem, refused as such), not thrown.
 */
export async function readRequestBody(request: Request, maxBytes: number): Promise<RequestBody> {
  const contentType = request.headers.get('content-type')
  if (request.method === 'GET' || request.method === 'HEAD') {
    // shared: a recorded call holds its request body, and most have this one
    return contentType === null
      ? NO_BODY
      : { contentType, data: EMPTY, complete: true, size: 0, unread: true }
  }
  try {
    return await readSentBody(request, contentType, maxBytes)
  } catch (error) {
    const reason = unreadableBodyReason(error)
    return { contentType, data: EMPTY, complete: false, size: null, unread: false, unreadable: true, reason }
  }
}

async function readSentBody(
  request: Request,
  contentType: string | null,
  maxBytes: number,
): Promise<RequestBody> {
  const declared = request.headers.get('content-length')
  const length = declared === null ? Number.NaN : Number(declared)
  if (Number.isSafeInteger(length) && length >= 0 && length <= maxBytes) {
    // read whole (the node adapter reads such a body without a stream): over HTTP the declared
    // length bounds it, but an in-process Request may declare less than its body holds
    const data = new Uint8Array(await request.arrayBuffer())
    if (data.byteLength <= maxBytes) {
      return { contentType, data, complete: true, size: data.byteLength, unread: false }
    }
    return { contentType, ...tooLarge(data.subarray(0, maxBytes), data.byteLength, maxBytes) }
  }
  const body = await readCapped(request.body, maxBytes, declared)
  if (!body.complete) return { contentType, ...tooLarge(body.bytes, body.size, maxBytes) }
  return { contentType, data: body.bytes, complete: true, size: body.size, unread: false }
}

/** A body over the cap: what was read of it (kept as a preview), not passed on. */
function tooLarge(data: Uint8Array<ArrayBuffer>, size: number | null, maxBytes: number) {
  return {
    data,
    complete: false,
    size,
    unread: false,
    reason: `Larger than the ${maxBytes}-byte limit: the gateway did not pass it on`,
  }
}

/** The request the app sees: the native path and query, and the body the gateway read. */
export function nativeRequest(request: Request, url: SplitUrl, path: AppPath, body: RequestBody): Request {
  if (body.unread && path.nativePath === url.pathname) return request
  const target = nativeUrl(url.origin, path.nativePath + url.search)
  return forwardedRequest(request, target, body.unread ? undefined : (body.data as Uint8Array<ArrayBuffer>))
}

// @hono/node-server's own test for a request target the URL parser leaves as it is, less '#'
// (a fragment) and "'" (encoded in a query), and for a '.' or '..' segment it would resolve
const PLAIN_TARGET = /^\/[!$&(-;=?-[\]_a-z~]*$/
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/

/**
 * `new URL(target, origin).href` for an origin from a parsed URL and a target of its path and
 * query: joined as strings when the parser would change nothing (parsing one cost ~2 µs per
 * forwarded call in a loop on this machine, ~0.5 µs joined), parsed otherwise.
 */
export function nativeUrl(origin: string, target: string): string {
  return PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)
    ? origin + target
    : new URL(target, origin).href
}
