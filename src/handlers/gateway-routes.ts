/**
 * @module
 * App URLs (`/apps/{environmentId}/...`) and native paths at the root of the base URL
 * (`/services/...` and the identity URLs `/id/{orgId}/{userId}`, for stock clients that treat the
 * instance URL as an origin) go to the gateway.
 */
import { type Context, Hono } from 'hono'
import type { CallNote } from '../gateway/call-note.js'
import type { Gateway } from '../gateway/create-gateway.js'
import type { ReplicaEnv } from './http/replica-env.js'

export function gatewayRoutes(gateway: Gateway) {
  const pass = (c: Context<ReplicaEnv>) => {
    const env = c.env as GatewayBindings | undefined
    return gateway.fetch(c.req.raw, env?.callNote)
  }
  return new Hono<ReplicaEnv>()
    .all('/apps', pass)
    .all('/apps/*', pass)
    .all('/services', pass)
    .all('/services/*', pass)
    .all('/id/*', pass)
}

/**
 * What a transport may bind for the gateway routes (the standalone server does; in-process, MSW
 * and Playwright routing bind nothing).
 * @note `ReplicaEnv` does not declare the bindings: the app is also called with none.
 */
export interface GatewayBindings {
  /** Filled by the gateway with the environment and app it tied the call to (the request log's). */
  callNote?: CallNote
}
