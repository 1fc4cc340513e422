/**
 * @module
 * `createEnvironment` (docs/management-api.md#environments): checks the request (apps or a snapshot, the time
 * limit, the workspace, the concurrency cap), inserts the environment as `starting` and brings
 * its apps' data to life. Starting completes later (`lifecycle.ts`).
 */
import type { CreateEnvironment, Environment, EnvironmentStatus } from '../schemas/environment.js'
import type { Workspace } from '../schemas/workspace.js'
import { makeId } from '../store/ids.js'
import { matching } from '../store/store-collection.js'
import type { StoredEnvironment, StoredEnvironmentApp, StoredSnapshot } from '../store/stored-records.js'
import { recordAuditEvent } from './audit.js'
import { type Call, type Caller, scopedWorkspaceId } from './auth.js'
import type { ManagementContext, Transaction } from './context.js'
import { chooseApps, chooseVersion } from './environment-apps.js'
import { environmentView, visibleEnvironment } from './environment-view.js'
import { invalidRequest, ManagementError } from './errors.js'
import { type Idempotent, type IdempotentRequest, idempotent } from './idempotency.js'
import { isoAfter, scheduleEnvironment } from './lifecycle.js'
import { runOperation } from './operation.js'
import { restoreSnapshotData, visibleSnapshot } from './snapshots.js'
import { getWorkspace } from './workspaces.js'

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
        const created = await insertEnvironment(ctx, tx, call, checkCreate(ctx, call.caller, input))
        return { resourceId: created.id, result: environmentView(ctx, created) }
      },
      (id) => environmentView(ctx, visibleEnvironment(ctx, call.caller, id)),
    ),
  )
}

/** A create request that passed its checks: what the new environment is made of. */
interface CheckedCreate {
  input: CreateEnvironment
  workspace: Workspace
  snapshot: StoredSnapshot | undefined
  apps: StoredEnvironmentApp[]
  /** Settings an app's version refuses: the start then fails with this. */
  invalidSettings: StoredEnvironment['startFailure']
  timeLimitMinutes: number
}

/** Refuses a request it cannot make an environment of, in the order the API checks. */
function checkCreate(ctx: ManagementContext, caller: Caller, input: CreateEnvironment): CheckedCreate {
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
  const active = ctx.store.environments.count(matching((environment) => ACTIVE.includes(environment.status)))
  if (active >= limits.concurrentEnvironments) {
    throw new ManagementError(
      'environment_limit_reached',
      `Failed to create environment: the organization already has ${active} of at most ${limits.concurrentEnvironments} environments`,
    )
  }
  return { input, workspace, snapshot, apps, invalidSettings, timeLimitMinutes }
}

/** Inserts the environment as `starting`, audits it, and restores or seeds its apps' data. */
async function insertEnvironment(
  ctx: ManagementContext,
  tx: Transaction,
  call: Call,
  checked: CheckedCreate,
): Promise<StoredEnvironment> {
  const { input, workspace, snapshot, apps } = checked
  const now = ctx.clock.nowMs()
  const id = makeId('environment')
  const environment = await ctx.store.environments.create({
    id,
    workspaceId: workspace.id,
    name: input.name ?? null,
    labels: { ...input.labels },
    status: 'starting',
    reason: null,
    failure: null,
    timeLimitMinutes: checked.timeLimitMinutes,
    tokenInUrl: input.tokenInUrl,
    snapshotId: snapshot?.id ?? null,
    apps,
    createdBy: call.caller.principal,
    createdAt: new Date(now).toISOString(),
    startedAt: null,
    pausedAt: null,
    deletedAt: null,
    expiresAt: null,
    startDueAt: isoAfter(now, ctx.lifecycle().startMs),
    startFailure: checked.invalidSettings ?? injectedStartFailure(ctx, apps),
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
  if (snapshot) restoreSnapshotData(ctx, snapshot.id, environment)
  else ctx.environmentData.restore(environment)
  tx.onRollback(() => ctx.environmentData.drop(id))
  return environment
}

/** The start failure a queued `environment.start` fault makes (it is used up), else null. */
function injectedStartFailure(
  ctx: ManagementContext,
  apps: readonly StoredEnvironmentApp[],
): StoredEnvironment['startFailure'] {
  const fault = ctx.faults.take('environment.start', (candidate) =>
    candidate.app === undefined ? true : apps.some((app) => app.name === candidate.app),
  )
  if (!fault) return null
  const app = fault.app ?? apps[0]!.name
  return {
    app,
    code: fault.code,
    message: fault.message ?? `The app "${app}" failed to start (injected fault)`,
  }
}

/** Apps of an environment made from a snapshot: the snapshot's versions, which must still be usable. */
function snapshotApps(ctx: ManagementContext, snapshot: StoredSnapshot): StoredEnvironmentApp[] {
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
  const workspace = getWorkspace(ctx, caller, id)
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
  const preferred = ctx.store.workspaces.findById('ws_default')
  if (preferred && preferred.archivedAt === null) return preferred.id
  const oldestFirst = ctx.store.workspaces.findMany(undefined, { orderBy: { createdAt: 'asc' } })
  return (oldestFirst.find((workspace) => workspace.archivedAt === null) ?? oldestFirst[0])!.id
}
