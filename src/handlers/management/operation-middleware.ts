/**
 * @module
 * Pieces every write route of `/v1` shares: the permission check (run before input validation,
 * so an under-privileged caller gets 403 whatever it sent), the `idempotency-key` header, and the
 * `Call` (caller + request id) handed to the domain.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { requirePermission } from '../../management/auth.js'
import type { IdempotentRequest } from '../../management/idempotency.js'
import type { Call } from '../../management/auth.js'
import { IdempotencyKey } from '../../schemas/common.js'
import type { Permission } from '../../schemas/me.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid } from '../http/validate.js'

/** 403 unless the caller holds `permission` (DESIGN.md "Permissions per operation"). */
export function requires(permission: Permission) {
  return createMiddleware<ReplicaEnv>((c, next) => {
    requirePermission(c.get('caller'), permission)
    return next()
  })
}

/** Validates the optional `idempotency-key` header (400 with `fields['idempotency-key']`). */
export const idempotencyHeader = valid('header', z.object({ 'idempotency-key': IdempotencyKey.optional() }))

/** The request as idempotency sees it, or undefined without a key. */
export function idempotentRequest(
  c: Context<ReplicaEnv>,
  body: unknown = null,
): IdempotentRequest | undefined {
  const key = c.req.header('idempotency-key')
  if (key === undefined) return undefined
  return { key, method: c.req.method, path: c.req.path, body }
}

export function callOf(c: Context<ReplicaEnv>): Call {
  return { caller: c.get('caller'), requestId: c.get('requestId') }
}
