/**
 * @module
 * Reads an app's response body for the gateway's 4 MiB cap and the recording, and gives back the
 * response to pass on: the app's own when its body could be taken without reading it (see
 * `node-server-response-cache.ts`), else a new Response with the same status, headers and the bytes read.
 */
import type { HeaderSource } from '../calls/raw-call.js'
import { cachedResponse, headerOf, isPlainHeaders } from './node-server-response-cache.js'
import { type CappedBody, readCapped } from './read-capped.js'

export interface ResponseBody {
  /** The body (a string is its UTF-8 text), or what was read of it when `complete` is false. */
  data: Uint8Array<ArrayBuffer> | string
  complete: boolean
  size: number | null
  /** What the client gets (meaningful only when `complete`). */
  response: Response
  /** The response headers, for the recording. */
  headers: HeaderSource
  /** Its `Content-Type`, read without turning the adapter's plain headers into `Headers`. */
  contentType: string | null
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])
const EMPTY = new Uint8Array(0) as Uint8Array<ArrayBuffer>

export async function readResponseBody(response: Response, maxBytes: number): Promise<ResponseBody> {
  const cached = cachedResponse(response)
  if (cached) {
    const data = (cached.body ?? EMPTY) as Uint8Array<ArrayBuffer> | string
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength
    const headers = isPlainHeaders(cached.headers) ? cached.headers : response.headers
    const contentType = headerOf(headers, 'content-type')
    return { data, complete: size <= maxBytes, size, response, headers, contentType }
  }
  const body: CappedBody = await readCapped(response.body, maxBytes, response.headers.get('content-length'))
  if (!body.complete)
    return {
      data: body.bytes,
      complete: false,
      size: body.size,
      response,
      headers: response.headers,
      contentType: response.headers.get('content-type'),
    }
  const passOn = new Response(NULL_BODY_STATUSES.has(response.status) ? null : body.bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
  const headers = passOn.headers
  return {
    data: body.bytes,
    complete: true,
    size: body.size,
    response: passOn,
    headers,
    contentType: headers.get('content-type'),
  }
}
