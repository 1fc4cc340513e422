/**
 * @module
 * What the gateway answered a call with, as the recording needs it: the response, its body as
 * read, and who answered (the app, or the gateway refusing).
 */
import type { RawBody } from '../calls/raw-call.js'
import type { NativeEndpoint } from '../replica/native-call.js'
import { gatewayErrorResponse } from './gateway-error-response.js'
import type { GatewayRefusal } from './gateway-refusal.js'

export interface CallOutcome {
  response: Response
  body: RawBody
  respondedBy: 'app' | 'gateway'
  errorCode: string | null
  /** The native endpoint that served the call, when the app named one. */
  endpoint?: NativeEndpoint
}

/** The response's `Location` header (a login redirect carries an authorization code in it). */
export function locationOf(outcome: CallOutcome): string | null {
  return outcome.response.headers.get('location')
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
