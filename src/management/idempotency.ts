/**
 * @module
 * `idempotency-key` handling (docs/management-api.md#idempotency). A key is scoped to (principal,
 * operation, key) and remembers a fingerprint of the first request (method, path, canonical JSON
 * body) and the resource it made or changed. The same key with the same request answers with the
 * resource as it is now (a replay); with a different request it is `idempotency_key_reused`.
 * Operations run one at a time in store transactions, so N concurrent duplicates make one resource,
 * and a failed first request remembers nothing (its record rolls back with it). A key is
 * remembered for `retention.idempotencyMs` (24 hours) on the mock clock, as APIs with idempotency
 * keys commonly do; then it is forgotten, and using it again starts a new request.
 */
import { createHash } from 'node:crypto'
import type { Principal } from '../schemas/common.js'
import { ManagementError } from './errors.js'
import type { ManagementContext } from './context.js'
import type { Call } from './auth.js'

/** The operations that take an `idempotency-key` (docs/limits.md). */
export type IdempotentOperation =
  | 'createEnvironment'
  | 'deleteEnvironment'
  | 'pauseEnvironment'
  | 'resumeEnvironment'
  | 'createSnapshot'

/** A request carrying an `idempotency-key`, as the handler saw it. */
export interface IdempotentRequest {
  key: string
  method: string
  path: string
  /** The validated JSON body, or null for a request without one. */
  body: unknown
}

export interface Idempotent<R> {
  /** True when this answers a repeat of an earlier request. */
  replayed: boolean
  result: R
}

/**
 * Runs `perform` unless `request` repeats an earlier one with the same key, in which case
 * `current(resourceId)` answers. Call inside `runOperation`.
 */
export async function idempotent<R>(
  ctx: ManagementContext,
  call: Call,
  operation: IdempotentOperation,
  request: IdempotentRequest | undefined,
  perform: () => Promise<{ resourceId: string; result: R }>,
  current: (resourceId: string) => R,
): Promise<Idempotent<R>> {
  if (!request) return { replayed: false, result: (await perform()).result }
  const principal = call.caller.principal
  const id = idempotencyRecordId(principal, operation, request.key)
  const fingerprint = fingerprintOf(request)
  forgetExpired(ctx)
  const earlier = ctx.store.idempotencyRecords.findById(id)
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) {
      throw new ManagementError(
        'idempotency_key_reused',
        `Failed to ${operation}: the idempotency-key "${request.key}" was used for a different request`,
      )
    }
    return { replayed: true, result: current(earlier.resourceId) }
  }
  const { resourceId, result } = await perform()
  await ctx.store.idempotencyRecords.create({
    id,
    principal,
    operation,
    key: request.key,
    fingerprint,
    resourceId,
    createdAt: ctx.clock.now().toISOString(),
  })
  return { replayed: false, result }
}

/** Removes the records older than the retention. */
function forgetExpired(ctx: ManagementContext): void {
  const before = ctx.clock.nowMs() - ctx.retention.idempotencyMs
  ctx.store.idempotencyRecords.deleteMany((q) => q.where((record) => Date.parse(record.createdAt) <= before))
}

export function idempotencyRecordId(principal: Principal, operation: string, key: string): string {
  return JSON.stringify([principal.type, principal.id, operation, key])
}

export function fingerprintOf(request: Omit<IdempotentRequest, 'key'>): string {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${request.path}\n${canonicalJson(request.body)}`)
    .digest('hex')
}

/** JSON with object keys sorted at every depth, so key order never changes a fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
