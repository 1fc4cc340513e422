/**
 * @module
 * The request body as the gateway reads it (at most the cap, for the refusal and the recording),
 * and the request the app then sees. The cap is per surface (docs/gateway.md): a Bulk API 2.0
 * CSV upload (`PUT .../jobs/ingest/{id}/batches`) may be as large as the real upload limit
 * (`maxUploadBytes`, 150 MB); every other body has the JSON cap (4 MiB).
 */
import type { RawBody } from '../calls/raw-call.js'
import type { AppPath } from './app-path.js'
import { type CappedBody, readCapped, unreadableBodyReason } from './read-capped.js'

/** The request body as read; `unreadable` when its stream failed (a dropped connection, an erroring in-process stream). */
export type RequestBody = RawBody & { data: Uint8Array<ArrayBuffer>; unreadable?: boolean }

const EMPTY = new Uint8Array(0) as Uint8Array<ArrayBuffer>

/**
 * Where Bulk API 2.0 takes CSV data: `/services/data/vXX.X/jobs/ingest/{jobId}/batches[/]`, its
 * fixed segments in any case (the replica serves them so).
 */
const UPLOAD_PATH = /^\/services\/data\/v\d{1,3}\.\d\/jobs\/ingest\/[^/]+\/batches\/?$/i

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
 * GET and HEAD carry no body: nothing is read. A body whose stream fails is answered
 * `unreadable` (the caller's problem, refused as such), not thrown.
 */
export async function readRequestBody(request: Request, maxBytes: number): Promise<RequestBody> {
  const contentType = request.headers.get('content-type')
  if (request.method === 'GET' || request.method === 'HEAD') {
    return { contentType, data: EMPTY, complete: true, size: 0 }
  }
  let body: CappedBody
  try {
    // read only up to the cap, whatever length is declared: an in-process Request may declare
    // less than its body holds
    body = await readCapped(request.body, maxBytes, request.headers.get('content-length'))
  } catch (error) {
    const reason = unreadableBodyReason(error)
    return { contentType, data: EMPTY, complete: false, size: null, unreadable: true, reason }
  }
  if (body.complete) return { contentType, data: body.bytes, complete: true, size: body.size }
  // over the cap: what was read of it is kept as a preview, not passed on
  const reason = `Larger than the ${maxBytes}-byte limit: the gateway did not pass it on`
  return { contentType, data: body.bytes, complete: false, size: body.size, reason }
}

/**
 * The request the app sees: a new `Request` for the native path and query on the mock's
 * configured `origin` (never the client's `Host`, so absolute URLs the app builds from it are the
 * mock's), with the client's method and headers and the body the gateway read. No signal: the app answers in-process once the
 * whole body is read, so there is nothing left for a client's abort to stop. The body goes in as a
 * stream of the very bytes read (a byte array given to `Request` is copied, and an upload may be
 * 150 MB). The sent body's framing headers go: whoever sends the new request on frames it anew.
 */
export function nativeRequest(
  request: Request,
  url: URL,
  path: AppPath,
  body: RequestBody,
  origin: string,
): Request {
  const { data } = body
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: request.headers,
  }
  if (data.byteLength > 0) {
    init.body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(data)
        controller.close()
      },
    })
    init.duplex = 'half'
  }
  const native = new Request(new URL(path.nativePath + url.search, origin), init)
  native.headers.delete('content-length')
  native.headers.delete('transfer-encoding')
  return native
}
