/**
 * @module schemas/gateway-error
 * The body the gateway answers with when it refuses a native call itself (docs/gateway.md):
 * not the management error body, and not an app's native error body.
 */
import * as z from 'zod'

/**
 * Why the gateway refused a call (recorded as the call's `errorCode`). The HTTP status of each is
 * in the refusals table of docs/gateway.md.
 */
export const GatewayErrorCode = z.enum([
  'unauthenticated',
  'prefix_mismatch',
  'unknown_actor',
  'invalid_request',
  'not_found',
  'app_not_found',
  'environment_not_found',
  'environment_paused',
  'environment_starting',
  'request_too_large',
  'response_too_large',
  'upstream_error',
  'internal_error',
])
export type GatewayErrorCode = z.infer<typeof GatewayErrorCode>

export const GatewayErrorBody = z.strictObject({
  error: z.strictObject({
    code: GatewayErrorCode,
    message: z.string(),
  }),
})
export type GatewayErrorBody = z.infer<typeof GatewayErrorBody>
