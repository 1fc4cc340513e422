/**
 * @module
 * Reads an app's response body against the gateway's 4 MiB cap, for the recording, and makes the
 * response to pass on: a new Response with the app's status, headers and the bytes read.
 */
import type { RawBody } from '../calls/raw-call.js'
import { readCapped } from './read-capped.js'

export interface ResponseBody {
  /** What the client gets. */
  response: Response
  /** Its body as read. */
  body: RawBody
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/** Undefined when the body is larger than `maxBytes`. */
export async function readResponseBody(
  response: Response,
  maxBytes: number,
): Promise<ResponseBody | undefined> {
  const { headers, status, statusText } = response
  const read = await readCapped(response.body, maxBytes, headers.get('content-length'))
  if (!read.complete) return undefined
  return {
    response: new Response(NULL_BODY_STATUSES.has(status) ? null : read.bytes, {
      status,
      statusText,
      headers,
    }),
    body: { contentType: headers.get('content-type'), data: read.bytes, complete: true, size: read.size },
  }
}
