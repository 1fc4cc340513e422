/**
 * @module
 * What the gateway answered a call with: status, headers and body (the bytes passed on, which the
 * recording keeps too), and who answered (the app, or the gateway refusing). The gateway's route
 * makes the one response the client gets from it.
 */
import type { RawBody } from '../calls/raw-call.js'
import type { NativeEndpoint } from '../replica/native-call.js'
import { gatewayErrorResponse } from './gateway-error-response.js'
import type { GatewayRefusal } from './gateway-refusal.js'

export interface CallOutcome {
  status: number
  headers: Headers
  /** The body passed on, whole (`data`). */
  body: RawBody & { data: Uint8Array<ArrayBuffer> }
  respondedBy: 'app' | 'gateway'
  errorCode: string | null
  /** The native endpoint that served the call, when the app named one. */
  endpoint?: NativeEndpoint
}

/** The gateway's error response for `refusal`, with `status` when a fault names its own. */
export function refusedOutcome(refusal: GatewayRefusal, status?: number): CallOutcome {
  const { bytes, ...answer } = gatewayErrorResponse(refusal, status)
  return {
    ...answer,
    body: { contentType: 'application/json', data: bytes, complete: true, size: bytes.byteLength },
    respondedBy: 'gateway',
    errorCode: refusal.code,
  }
}
