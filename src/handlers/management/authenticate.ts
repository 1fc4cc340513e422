/**
 * @module
 * Bearer authentication for `/v1`: resolves the caller once per request.
 */
import { createMiddleware } from 'hono/factory'
import { authenticate } from '../../management/auth.js'
import type { ManagementContext } from '../../management/context.js'
import type { ReplicaEnv } from '../http/replica-env.js'

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  return match?.[1]
}

export function authenticateCaller(ctx: ManagementContext) {
  return createMiddleware<ReplicaEnv>((c, next) => {
    c.set('caller', authenticate(ctx, bearerToken(c.req.header('authorization'))))
    return next()
  })
}
