/**
 * @module
 * What the gateway answered a call with, as the recording needs it: the response, its headers and
 * body as read, and who answered (the app, or the gateway refusing).
 */
import type { HeaderSource, RawBody } from '../calls/raw-call.js'
import type { NativeEndpoint } from '../replica/native-call.js'
import { gatewayErrorResponse } from './gateway-error-response.js'
import type { GatewayRefusal } from './gateway-refusal.js'
import { headerOf, isPlainHeaders } from './node-server-response-cache.js'

export interface CallOutcome {
  response: Response
  /** The response headers as the app made them, when cheaper to read than `response.headers`. */
  headers?: HeaderSource
  body: RawBody
  respondedBy: 'app' | 'gateway'
  errorCode: string | null
  /** The native endpoint that served the call, when the app named one. */
  endpoint?: NativeEndpoint
}

/**
 * The response's `Location`, read from the plain headers when the app's response has them (reading
 * `response.headers` there would build a Fetch `Headers` the adapter then writes the slow way).
 */
export function locationOf(outcome: CallOutcome): string | null {
  const { headers } = outcome
  return headerOf(isPlainHeaders(headers) ? headers : outcome.response.headers, 'location')
}

/** The gateway's error response for `refusal`, with `status` when a fault names its own. */
export function refusedOutcome(refusal: GatewayRefusal, status?: number): CallOutcome {
  const { response, bytes } = gatewayErrorResponse(refusal, status)
  return {
    response,
    body: { contentType: 'application/json', data: bytes, complete: true, size: bytes.byteLength },
    respondedBy: 'gateway',
    errorCode: refusal.code,
  }
}
