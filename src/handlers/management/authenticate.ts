/**
 * @module
 * Bearer authentication for `/v1`: resolves the caller once per request.
 */
import { createMiddleware } from 'hono/factory'
import { bearerToken } from '../../gateway/received-call.js'
import { authenticate } from '../../management/auth.js'
import type { ManagementContext } from '../../management/context.js'
import type { ReplicaEnv } from '../http/replica-env.js'

export function authenticateCaller(ctx: ManagementContext) {
  return createMiddleware<ReplicaEnv>((c, next) => {
    c.set('caller', authenticate(ctx, bearerToken(c.req.header('authorization'))))
    return next()
  })
}
