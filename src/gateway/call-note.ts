/**
 * @module
 * What the gateway tells the transport about a call it answered, in the request context
 * (`c.get('callNote')`), for the standalone server's request log: the environment and app the call
 * was tied to, and whether its path carried a `/t/{token}` segment (which the log redacts). The
 * gateway notes what it resolved, so the log looks nothing up a second time.
 */
import type { ReceivedCall } from './received-call.js'

export interface CallNote {
  /** The call's environment: the token's, else the one its `/apps/{environmentId}` prefix names. */
  readonly environmentId: string | undefined
  /** The call's app within it (likewise). */
  readonly app: string | undefined
  /** True when the path held the app token as a `/t/{token}` segment. */
  readonly tokenInPath: boolean
}

/** The note of `call` once the gateway has answered it (a refusal included). */
export function noteOf(call: ReceivedCall): CallNote {
  const prefix = call.path?.prefix
  // tied to an environment (admitted, or refused under the token's or an existing prefix's)
  const tied = call.environmentId !== undefined
  return {
    environmentId: tied ? call.environmentId : prefix?.environmentId,
    app: (tied ? call.app : prefix?.appName) || undefined,
    tokenInPath: call.path?.urlToken !== undefined,
  }
}
