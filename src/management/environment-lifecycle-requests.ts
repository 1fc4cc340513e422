/**
 * @module
 * The lifecycle requests on an environment (docs/management-api.md#environments): pause, resume and delete,
 * each idempotent and audited. The timed half of the lifecycle (start completing, expiry) lives
 * in `lifecycle.ts`.
 */
import type { Environment } from '../schemas/environment.js'
import type { StoredEnvironment } from '../store/stored-records.js'
import { recordAuditEvent } from './audit.js'
import type { Call } from './auth.js'
import type { ManagementContext, Transaction } from './context.js'
import { environmentView, invalidStatus, visibleEnvironment } from './environment-view.js'
import { type Idempotent, type IdempotentRequest, idempotent } from './idempotency.js'
import { isoAfter, releaseData, scheduleEnvironment } from './lifecycle.js'
import { runOperation } from './operation.js'

/** `starting`/`running` -> `paused`. */
export function pauseEnvironment(
  ctx: ManagementContext,
  call: Call,
  environmentId: string,
  request?: IdempotentRequest,
): Promise<Idempotent<Environment>> {
  return lifecycleRequest(ctx, call, 'pauseEnvironment', environmentId, request, async (environment) => {
    if (environment.status !== 'starting' && environment.status !== 'running')
      throw invalidStatus('pause', environment)
    const paused = await ctx.store.environments.update(environment, {
      status: 'paused',
      pausedAt: ctx.clock.now().toISOString(),
      startDueAt: null,
      startFailure: null,
    })
    scheduleEnvironment(ctx, paused)
    await auditLifecycle(ctx, call, 'environment.paused', paused, { from: environment.status })
    return paused
  })
}

/** `paused` -> `starting`; `running` again after `resumeMs`, with a fresh time limit. */
export function resumeEnvironment(
  ctx: ManagementContext,
  call: Call,
  environmentId: string,
  request?: IdempotentRequest,
): Promise<Idempotent<Environment>> {
  return lifecycleRequest(ctx, call, 'resumeEnvironment', environmentId, request, async (environment) => {
    if (environment.status !== 'paused') throw invalidStatus('resume', environment)
    const fault = ctx.faults.take(
      'environment.resume',
      (candidate) =>
        (candidate.environmentId === undefined || candidate.environmentId === environment.id) &&
        (candidate.app === undefined || environment.apps.some((app) => app.name === candidate.app)),
    )
    const failedApp = fault?.app ?? environment.apps[0]!.name
    const now = ctx.clock.nowMs()
    const resumed = await ctx.store.environments.update(environment, {
      status: 'starting',
      pausedAt: null,
      expiresAt: null,
      startDueAt: isoAfter(now, ctx.lifecycle().resumeMs),
      startFailure: fault
        ? {
            app: failedApp,
            code: fault.code,
            message: fault.message ?? `The app "${failedApp}" failed to resume (injected fault)`,
          }
        : null,
    })
    scheduleEnvironment(ctx, resumed)
    await auditLifecycle(ctx, call, 'environment.resumed', resumed, {})
    return resumed
  })
}

/** Any status but `deleted` -> `deleted` (reason `cancelled`); the data is released afterwards. */
export function deleteEnvironment(
  ctx: ManagementContext,
  call: Call,
  environmentId: string,
  request?: IdempotentRequest,
): Promise<Idempotent<Environment>> {
  return lifecycleRequest(ctx, call, 'deleteEnvironment', environmentId, request, async (environment, tx) => {
    if (environment.status === 'deleted') throw invalidStatus('delete', environment)
    const deleted = await ctx.store.environments.update(environment, {
      status: 'deleted',
      reason: 'cancelled',
      deletedAt: ctx.clock.now().toISOString(),
      startDueAt: null,
      startFailure: null,
    })
    await auditLifecycle(ctx, call, 'environment.deleted', deleted, {
      from: environment.status,
      reason: 'cancelled',
    })
    releaseData(ctx, tx, environment.id)
    return deleted
  })
}

function lifecycleRequest(
  ctx: ManagementContext,
  call: Call,
  operation: 'pauseEnvironment' | 'resumeEnvironment' | 'deleteEnvironment',
  environmentId: string,
  request: IdempotentRequest | undefined,
  change: (environment: StoredEnvironment, tx: Transaction) => Promise<StoredEnvironment>,
): Promise<Idempotent<Environment>> {
  return runOperation(ctx, (tx) =>
    idempotent(
      ctx,
      call,
      operation,
      request,
      async () => {
        const changed = await change(visibleEnvironment(ctx, call.caller, environmentId), tx)
        return { resourceId: changed.id, result: environmentView(ctx, changed) }
      },
      (id) => environmentView(ctx, visibleEnvironment(ctx, call.caller, id)),
    ),
  )
}

function auditLifecycle(
  ctx: ManagementContext,
  call: Call,
  name: 'environment.paused' | 'environment.resumed' | 'environment.deleted',
  environment: StoredEnvironment,
  data: Record<string, unknown>,
) {
  return recordAuditEvent(ctx, {
    name,
    call,
    workspaceId: environment.workspaceId,
    environmentId: environment.id,
    subjectId: environment.id,
    data,
  })
}
