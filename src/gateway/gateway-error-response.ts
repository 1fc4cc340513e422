/**
 * @module
 * The one place a gateway refusal becomes a response: its status, and the gateway error body
 * `{ error: { code, message } }` (DESIGN.md "Gateway").
 */
import type { GatewayRefusal } from './gateway-refusal.js'
import type { GatewayErrorBody, GatewayErrorCode } from '../schemas/gateway-error.js'

export const GATEWAY_STATUS_OF: Record<GatewayErrorCode, number> = {
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
 * The status, headers and body bytes of the refusal.
 * @param status overrides the code's status (an injected `gateway.error` fault names its own).
 */
export function gatewayErrorResponse(
  refusal: GatewayRefusal,
  status?: number,
): { status: number; headers: Headers; bytes: Uint8Array<ArrayBuffer> } {
  const body: GatewayErrorBody = { error: { code: refusal.code, message: refusal.message } }
  const bytes = new TextEncoder().encode(JSON.stringify(body))
  const headers: Record<string, string> = {}
  if (refusal.retryAfterMs !== undefined) {
    headers['retry-after'] = String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)))
  }
  if (refusal.code === 'unauthenticated' || refusal.code === 'prefix_mismatch') {
    headers['www-authenticate'] = 'Bearer'
  }
  // refused unread: the connection is about to be dropped (see to-error-response.ts CLOSE_CONNECTION)
  if (refusal.code === 'request_too_large') headers.connection = 'close'
  headers['content-type'] = 'application/json'
  return { status: status ?? GATEWAY_STATUS_OF[refusal.code], headers: new Headers(headers), bytes }
}
