/**
 * @module
 * App URLs (`/apps/{environmentId}/...`) and native paths at the root of the base URL
 * (`/services/...` and the identity URLs `/id/{orgId}/{userId}`, for stock clients that treat the
 * instance URL as an origin) go to the gateway.
 */
import type { HttpBindings } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import type { Gateway } from '../gateway/create-gateway.js'
import type { ReplicaEnv } from './http/replica-env.js'

export function gatewayRoutes(gateway: Gateway) {
  const pass = (c: Context<ReplicaEnv>) => gateway.fetch(c.req.raw, rawHeadersOf(c))
  return new Hono<ReplicaEnv>()
    .all('/apps', pass)
    .all('/apps/*', pass)
    .all('/services', pass)
    .all('/services/*', pass)
    .all('/id/*', pass)
}

/**
 * The request headers as sent, when the standalone server (`@hono/node-server`) bound Node's
 * request (its public `HttpBindings`): recorded as they are, cheaper than iterating its lazy
 * `Headers`. In-process (MSW, Playwright routing) nothing is bound.
 * @note `ReplicaEnv` does not declare the bindings: the app is also called with none.
 */
function rawHeadersOf(c: Context<ReplicaEnv>): readonly string[] | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.rawHeaders
}
