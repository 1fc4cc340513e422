/**
 * @module
 * What the gateway tells its transport about a call it answered, for the standalone server's
 * request log: the environment and app the call was tied to, and whether its path carried a
 * `/t/{token}` segment (which the log redacts). The gateway fills it from what it resolved, so
 * the log looks nothing up a second time.
 */
import type { ReceivedCall } from './received-call.js'

export interface CallNote {
  /** The call's environment: the token's, else the one its `/apps/{environmentId}` prefix names. */
  environmentId?: string | undefined
  /** The call's app within it (likewise). */
  app?: string | undefined
  /** True when the path held the app token as a `/t/{token}` segment. */
  tokenInPath?: boolean
}

/** Fills `note` once the gateway has answered `call` (a refusal included). */
export function noteCall(note: CallNote, call: ReceivedCall): void {
  const prefix = call.path?.prefix
  // tied to an environment (admitted, or refused under the token's or an existing prefix's)
  const tied = call.environmentId !== undefined
  note.environmentId = tied ? call.environmentId : prefix?.environmentId
  note.app = (tied ? call.app : prefix?.appName) || undefined
  note.tokenInPath = call.path?.urlToken !== undefined
}
