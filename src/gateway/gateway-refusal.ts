/**
 * @module
 * Why the gateway refuses a native call. Like `ManagementError` it carries a code and never an
 * HTTP status: the gateway maps codes to statuses once, when it answers.
 */
import type { GatewayErrorCode } from '../schemas/gateway-error.js'

/** Where a refused call is recorded: the environment (and app) it could be tied to, if any. */
export interface RefusedCallTarget {
  environmentId: string
  app: string
}

export class GatewayRefusal extends Error {
  override name = 'GatewayRefusal'
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
    /** Where to record the refusal; unset when the call names no known environment. */
    readonly target?: RefusedCallTarget,
    /** For `environment_starting`: how long until it is expected to run. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}
