/**
 * @module
 * Pieces every write route of `/v1` shares: the request as idempotency sees it (from the
 * `idempotency-key` header the operation table validates), and the `Call` (caller + request id)
 * handed to the domain.
 */
import type { Context } from 'hono'
import type { Call } from '../../management/auth.js'
import type { IdempotentRequest } from '../../management/idempotency.js'
import type { ReplicaEnv } from '../http/replica-env.js'

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
