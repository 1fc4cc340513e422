/**
 * @module
 * What the gateway answered a call with: status, headers and body (the bytes passed on, which the
 * recording keeps too), and who answered (the app, or the gateway refusing). The gateway's route
 * makes the one response the client gets from it. `refusedOutcome` is the one place a gateway
 * refusal becomes a response: its status, and the gateway error body `{ error: { code, message } }`
 * (docs/gateway.md).
 */
import type { RawBody } from '../calls/raw-call.js'
import type { NativeEndpoint } from '../replica/native-call.js'
import type { GatewayErrorBody, GatewayErrorCode } from '../schemas/gateway-error.js'
import type { GatewayRefusal } from './gateway-refusal.js'

export interface CallOutcome {
  status: number
  headers: Headers
  /** The body passed on, whole (`data`). */
  body: RawBody & { data: Uint8Array<ArrayBuffer> }
  respondedBy: 'app' | 'gateway'
  errorCode: string | null
  /** The native endpoint that served the call, when the app named one. */
  endpoint?: NativeEndpoint | undefined
}

const GATEWAY_STATUS_OF: Record<GatewayErrorCode, number> = {
  unauthenticated: 401,
  prefix_mismatch: 401,
  unknown_actor: 400,
  invalid_request: 400,
  not_found: 404,
  app_not_found: 404,
  environment_not_found: 404,
  environment_paused: 409,
  environment_starting: 503,
  request_too_large: 413,
  response_too_large: 502,
  upstream_error: 502,
  internal_error: 500,
}

/**
 * The gateway's error response for `refusal`.
 * @param status overrides the code's status (an injected `gateway.error` fault names its own).
 */
export function refusedOutcome(refusal: GatewayRefusal, status?: number): CallOutcome {
  const body: GatewayErrorBody = { error: { code: refusal.code, message: refusal.message } }
  const data = new TextEncoder().encode(JSON.stringify(body))
  const headers = new Headers({ 'content-type': 'application/json' })
  if (refusal.retryAfterMs !== undefined) {
    headers.set('retry-after', String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000))))
  }
  if (refusal.code === 'unauthenticated' || refusal.code === 'prefix_mismatch') {
    headers.set('www-authenticate', 'Bearer')
  }
  return {
    status: status ?? GATEWAY_STATUS_OF[refusal.code],
    headers,
    body: { contentType: 'application/json', data, complete: true, size: data.byteLength },
    respondedBy: 'gateway',
    errorCode: refusal.code,
  }
}
