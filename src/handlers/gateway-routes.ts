/**
 * @module
 * App URLs (`/apps/{environmentId}/...`) and native paths at the root of the base URL
 * (`/services/...`, for stock clients that treat the instance URL as an origin) go to the gateway.
 */
import { Hono } from 'hono'
import type { Gateway } from '../gateway/create-gateway.js'
import type { ReplicaEnv } from './http/replica-env.js'

export function gatewayRoutes(gateway: Gateway) {
  const pass = (c: { req: { raw: Request } }) => gateway.fetch(c.req.raw)
  return new Hono<ReplicaEnv>()
    .all('/apps', pass)
    .all('/apps/*', pass)
    .all('/services', pass)
    .all('/services/*', pass)
}
