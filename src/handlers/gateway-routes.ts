/**
 * @module
 * App URLs (`/apps/{environmentId}/...`) and native paths at the root of the base URL
 * (`/services/...` and the identity URLs `/id/{orgId}/{userId}`, for stock clients that treat the
 * instance URL as an origin) go to the gateway.
 */
import { type Context, Hono } from 'hono'
import type { StatusCode } from 'hono/utils/http-status'
import type { CallNote } from '../gateway/call-note.js'
import type { Gateway } from '../gateway/create-gateway.js'
import type { ReplicaEnv } from './http/replica-env.js'

export function gatewayRoutes(gateway: Gateway) {
  const pass = async (c: Context<ReplicaEnv>) => {
    const env = c.env as GatewayBindings | undefined
    const answer = await gateway.answer(c.req.raw, env?.callNote)
    // through the context, so the response carries the request id and CORS headers too: the
    // request id is the service's, whatever the app named
    const headers = [...answer.headers].filter(([name]) => name !== 'x-request-id')
    return c.newResponse(answer.body, { status: answer.status as StatusCode, headers })
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
