/**
 * @module
 * Reads an app's response against the gateway's 4 MiB cap: its status, headers and body bytes,
 * which the gateway passes on and records.
 */
import type { CallOutcome } from './call-outcome.js'
import { readCapped } from './read-capped.js'

/** Undefined when the body is larger than `maxBytes`. */
export async function readResponseBody(
  response: Response,
  maxBytes: number,
): Promise<Pick<CallOutcome, 'status' | 'headers' | 'body'> | undefined> {
  const { headers, status } = response
  const read = await readCapped(response.body, maxBytes, headers.get('content-length'))
  if (!read.complete) return undefined
  return {
    status,
    headers,
    body: { contentType: headers.get('content-type'), data: read.bytes, complete: true, size: read.size },
  }
}
