/**
 * @module
 * The Hono environment shared by every route: per-request variables set by middleware.
 */
import type { GatewayEnv } from '../../gateway/gateway-middleware.js'
import type { Caller } from '../../management/auth.js'

export type ReplicaEnv = {
  Variables: GatewayEnv['Variables'] & {
    /** Id of this call, echoed in `x-request-id` and in error bodies. */
    requestId: string
    /** The authenticated management caller (set on `/v1` routes). */
    caller: Caller
  }
}

/** Sent by the web inspector on its `/v1` reads, which the fidelity report leaves out. */
export const INSPECTOR_HEADER = 'x-replica-inspector'
