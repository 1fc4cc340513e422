/**
 * @module
 * Environments: create, read, update, list, and the lifecycle requests pause, resume and delete
 * (DESIGN.md "Lifecycle"). The timed half of the lifecycle (start completing, expiry) lives in
 * `lifecycle.ts` and is applied at the start of every operation.
 */
import type {
  CreateEnvironment,
  Environment,
  EnvironmentStatus,
  UpdateEnvironment,
} from '../schemas/environment.js'
import type { Workspace } from '../schemas/workspace.js'
import { makeId } from '../store/ids.js'
import type { StoredEnvironment, StoredSnapshot } from '../store/stored-records.js'
import { recordAuditEvent } from './audit.js'
import { type Caller, canSeeWorkspace, scopedWorkspaceId } from './auth.js'
import type { ManagementContext } from './context.js'
import { chooseApps, chooseVersion } from './environment-apps.js'
import { toEnvironment, visibleEnvironment } from './environment-view.js'
import { invalidRequest, ManagementError, notFound } from './errors.js'
import { pageOf } from './pagination.js'
import { type Idempotent, type IdempotentRequest, idempotent } from './idempotency.js'
import { isoAfter, releaseData, scheduleEnvironment } from './lifecycle.js'
import type { Call } from './auth.js'
import type { Transaction } from './context.js'
import { runOperation } from './operation.js'
import type { Page, PageRequest } from './pagination.js'
import { restoreSnapshotData, visibleSnapshot } from './snapshots.js'

/** Statuses that hold a slot of `limits.concurrentEnvironments`. */
const ACTIVE: readonly EnvironmentStatus[] = ['starting', 'running', 'paused']

export function createEnvironment(
  ctx: ManagementContext,
  call: Call,
  input: CreateEnvironment,
  request?: IdempotentRequest,
): Promise<Idempotent<Environment>> {
  return runOperation(ctx, (tx) =>
    idempotent(
      ctx,
      call,
      'createEnvironment',
      request,
      async () => {
        const created = await insertEnvironment(ctx, tx, call, input)
        return { resourceId: created.id, result: view(ctx, created) }
      },
      (id) => view(ctx, visibleEnvironment(ctx, call.caller, id)),
    ),
  )
}

async function insertEnvironment(
  ctx: ManagementContext,
  tx: Transaction,
  call: Call,
  input: CreateEnvironment,
): Promise<StoredEnvironment> {
  const { caller } = call
  const { limits } = ctx.store.tenancy
  if ((input.apps === undefined) === (input.snapshotId === undefined)) {
    const message = input.apps
      ? 'Give apps or a snapshotId, not both'
      : 'Give apps or a snapshotId to start from'
    throw invalidRequest(`Failed to create environment: ${message}`, { apps: [message] })
  }
  const timeLimitMinutes = input.timeLimitMinutes ?? limits.timeLimitMinutes.default
  if (timeLimitMinutes > limits.timeLimitMinutes.maximum) {
    const message = `Must be at most ${limits.timeLimitMinutes.maximum} (the caller's maximum)`
    throw invalidRequest(`Failed to create environment: timeLimitMinutes ${message.toLowerCase()}`, {
      timeLimitMinutes: [message],
    })
  }
  const requested = input.apps ? chooseApps(ctx, input.apps) : undefined
  const snapshot = input.snapshotId === undefined ? undefined : visibleSnapshot(ctx, caller, input.snapshotId)
  const workspace = targetWorkspace(ctx, caller, input.workspaceId, snapshot?.workspaceId)
  if (snapshot && snapshot.status !== 'ready') {
    throw new ManagementError(
      'invalid_status',
      `Failed to create environment: snapshot "${snapshot.id}" is ${snapshot.status}, not ready`,
    )
  }
  const { apps, invalidSettings } = requested ?? {
    apps: snapshotApps(ctx, snapshot!),
    invalidSettings: null,
  }
  const active = ACTIVE.reduce(
    (sum, status) => sum + ctx.store.environments.findBy('status', status).length,
    0,
  )
  if (active >= limits.concurrentEnvironments) {
    throw new ManagementError(
      'environment_limit_reached',
      `Failed to create environment: the organization already has ${active} of at most ${limits.concurrentEnvironments} environments`,
    )
  }

  const now = ctx.clock.nowMs()
  const id = makeId('environment')
  const fault = invalidSettings
    ? undefined
    : ctx.faults.take('environment.start', (candidate) =>
        candidate.app === undefined ? true : apps.some((app) => app.name === candidate.app),
      )
  const failedApp = fault?.app ?? apps[0]!.name
  const environment = await ctx.store.environments.insert({
    id,
    workspaceId: workspace.id,
    name: input.name ?? null,
    labels: { ...input.labels },
    status: 'starting',
    reason: null,
    failure: null,
    timeLimitMinutes,
    tokenInUrl: input.tokenInUrl,
    snapshotId: snapshot?.id ?? null,
    apps,
    createdBy: caller.principal,
    createdAt: new Date(now).toISOString(),
    startedAt: null,
    pausedAt: null,
    deletedAt: null,
    expiresAt: null,
    startDueAt: isoAfter(now, ctx.lifecycle().startMs),
    startFailure:
      invalidSettings ??
      (fault
        ? {
            app: failedApp,
            code: fault.code,
            message: fault.message ?? `The app "${failedApp}" failed to start (injected fault)`,
          }
        : null),
  })
  scheduleEnvironment(ctx, environment)
  await recordAuditEvent(ctx, {
    name: 'environment.created',
    call,
    workspaceId: environment.workspaceId,
    environmentId: id,
    subjectId: id,
    data: { apps: apps.map((app) => app.name), snapshotId: environment.snapshotId },
  })
  // the apps come to life with the environment: restored from the snapshot, else freshly seeded
  if (snapshot) restoreSnapshotData(ctx, snapshot.id, id)
  else ctx.environmentData.restore(id)
  tx.onRollback(() => ctx.environmentData.drop(id))
  return environment
}

/** Apps of an environment made from a snapshot: the snapshot's versions, which must still be usable. */
function snapshotApps(ctx: ManagementContext, snapshot: StoredSnapshot) {
  return snapshot.apps.map((app) => {
    const version = chooseVersion(ctx, app.appId, app.versionId)
    return {
      name: app.name,
      appId: app.appId,
      versionId: version.id,
      version: version.version,
      settings: app.settings,
    }
  })
}

/**
 * The workspace a new environment goes to: an API key's own; for a member the one named, else
 * the snapshot's, else the default workspace.
 */
function targetWorkspace(
  ctx: ManagementContext,
  caller: Caller,
  requested: string | undefined,
  snapshotWorkspaceId: string | undefined,
): Workspace {
  const scope = scopedWorkspaceId(caller)
  const id = requested ?? scope ?? snapshotWorkspaceId ?? defaultWorkspaceId(ctx)
  const workspace = ctx.store.workspaces.get(id)
  if (!workspace || !canSeeWorkspace(caller, id)) throw notFound('workspace', id)
  if (workspace.archivedAt !== null) {
    throw new ManagementError(
      'workspace_archived',
      `Failed to create environment: workspace "${id}" is archived`,
    )
  }
  return workspace
}

/**
 * A member's default workspace: `ws_default` when it exists and is active (the fixture's), else
 * the oldest active workspace, else the oldest (which then answers `workspace_archived`).
 */
export function defaultWorkspaceId(ctx: ManagementContext): string {
  const all = ctx.store.workspaces.all()
  const preferred = ctx.store.workspaces.get('ws_default')
  if (preferred && preferred.archivedAt === null) return preferred.id
  return (all.find((workspace) => workspace.archivedAt === null) ?? all[0])!.id
}

export function getEnvironment(
  ctx: ManagementContext,
  caller: Caller,
  environmentId: string,
): Promise<Environment> {
  return runOperation(ctx, () => view(ctx, visibleEnvironment(ctx, caller, environmentId)))
}

/** `PATCH`: replaces `labels` and/or `name`; a deleted environment cannot change. */
export function updateEnvironment(
  ctx: ManagementContext,
  call: Call,
  environmentId: string,
  changes: UpdateEnvironment,
): Promise<Environment> {
  return runOperation(ctx, async () => {
    const environment = visibleEnvironment(ctx, call.caller, environmentId)
    if (environment.status === 'deleted') throw invalidStatus('update', environment)
    const patch: Partial<StoredEnvironment> = {}
    if (changes.labels !== undefined) patch.labels = { ...changes.labels }
    if (changes.name !== undefined) patch.name = changes.name
    const updated = await ctx.store.environments.update(environmentId, patch)
    await recordAuditEvent(ctx, {
      name: 'environment.updated',
      call,
      workspaceId: updated.workspaceId,
      environmentId,
      subjectId: environmentId,
      data: { fields: Object.keys(patch) },
    })
    return view(ctx, updated)
  })
}

export interface EnvironmentFilter extends PageRequest {
  workspaceId?: string | undefined
  status?: readonly EnvironmentStatus[] | undefined
  snapshotId?: string | undefined
  search?: string | undefined
  label?: readonly string[] | undefined
}

/** Newest first; every filter is ANDed; an API key sees only its workspace. */
export function listEnvironments(
  ctx: ManagementContext,
  caller: Caller,
  query: EnvironmentFilter,
): Promise<Page<Environment>> {
  return runOperation(ctx, () => {
    const scope = scopedWorkspaceId(caller)
    const { workspaceId, snapshotId } = query
    const statuses = query.status && query.status.length > 0 ? new Set(query.status) : undefined
    const search = query.search?.toLowerCase()
    const labels = (query.label ?? []).map((item) => {
      const at = item.indexOf('=')
      return [item.slice(0, at), item.slice(at + 1)] as const
    })
    return pageOf(ctx.store.environments, query, {
      filter: (environment) =>
        (scope === null || environment.workspaceId === scope) &&
        (workspaceId === undefined || environment.workspaceId === workspaceId) &&
        (statuses === undefined || statuses.has(environment.status)) &&
        (snapshotId === undefined || environment.snapshotId === snapshotId) &&
        (search === undefined ||
          environment.id.toLowerCase().includes(search) ||
          (environment.name?.toLowerCase().includes(search) ?? false)) &&
        labels.every(([key, value]) => environment.labels[key] === value),
      view: (environment) => view(ctx, environment),
      candidates:
        snapshotId === undefined ? undefined : ctx.store.environments.findBy('snapshotId', snapshotId),
      orderKey: (environment) => environment.createdAt,
      empty: workspaceId !== undefined && !canSeeWorkspace(caller, workspaceId),
    })
  })
}

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
    const paused = await ctx.store.environments.update(environment.id, {
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
    const resumed = await ctx.store.environments.update(environment.id, {
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
    const deleted = await ctx.store.environments.update(environment.id, {
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
        return { resourceId: changed.id, result: view(ctx, changed) }
      },
      (id) => view(ctx, visibleEnvironment(ctx, call.caller, id)),
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

function invalidStatus(verb: string, environment: StoredEnvironment): ManagementError {
  return new ManagementError(
    'invalid_status',
    `Failed to ${verb} environment: "${environment.id}" is ${environment.status}`,
  )
}

function view(ctx: ManagementContext, environment: StoredEnvironment): Environment {
  return toEnvironment(environment, ctx.baseUrl())
}
