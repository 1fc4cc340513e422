/**
 * @module
 * Snapshots (docs/management-api.md#snapshots): a saved copy of one environment's app data, taken from a
 * `running` or `paused` environment, one `saving` at a time per environment. The data is captured
 * when the snapshot is requested; it is `ready` (with sizes) after `snapshotMs`, or `failed` when a
 * fault was queued. An environment created from a `ready` snapshot gets apps restored from it.
 */
import type { Snapshot, SnapshotStatus } from '../schemas/snapshot.js'
import { makeId } from '../store/ids.js'
import { byId } from '../store/store-collection.js'
import type { SnapshotContent, StoredSnapshot } from '../store/stored-records.js'
import { recordAuditEvent } from './audit.js'
import { type Caller, canSeeWorkspace, scopedWorkspaceId } from './auth.js'
import type { ManagementContext } from './context.js'
import type { EnvironmentRef } from './environment-data.js'
import { visibleEnvironment } from './environment-view.js'
import { ManagementError, notFound } from './errors.js'
import { type Idempotent, type IdempotentRequest, idempotent } from './idempotency.js'
import { isoAfter, scheduleSnapshot } from './lifecycle.js'
import type { Call } from './auth.js'
import { runOperation } from './operation.js'
import { type Page, type PageRequest, paginate } from './pagination.js'

export function toSnapshot(stored: StoredSnapshot): Snapshot {
  return {
    id: stored.id,
    workspaceId: stored.workspaceId,
    environmentId: stored.environmentId,
    name: stored.name,
    status: stored.status,
    failure: stored.failure && { ...stored.failure },
    sizeBytes: stored.sizeBytes,
    apps: stored.apps.map((app) => ({
      name: app.name,
      appId: app.appId,
      versionId: app.versionId,
      version: app.version,
      sizeBytes: app.sizeBytes,
    })),
    createdBy: { ...stored.createdBy },
    createdAt: stored.createdAt,
    readyAt: stored.readyAt,
    deletedAt: stored.deletedAt,
  }
}

/** The stored snapshot, or `not_found` when it does not exist or is another workspace's (API key). */
export function visibleSnapshot(ctx: ManagementContext, caller: Caller, snapshotId: string): StoredSnapshot {
  const snapshot = ctx.store.snapshots.findById(snapshotId)
  if (!snapshot || !canSeeWorkspace(caller, snapshot.workspaceId)) throw notFound('snapshot', snapshotId)
  return snapshot
}

/** Gives the environment live apps restored from the snapshot's data. */
export function restoreSnapshotData(
  ctx: ManagementContext,
  snapshotId: string,
  environment: EnvironmentRef,
): void {
  const content = ctx.store.snapshotContents.findById(snapshotId)
  ctx.environmentData.restore(environment, content ? parsedData(ctx, content) : {})
}

/** The snapshot's data, parsed once per stored content record (`ctx.parsedSnapshots`); nothing writes to it. */
function parsedData(ctx: ManagementContext, content: SnapshotContent): Record<string, unknown> {
  let data = ctx.parsedSnapshots.get(content)
  if (data === undefined) {
    data = {}
    for (const [appName, json] of Object.entries(content.apps))
      data[appName] = Object.freeze(JSON.parse(json))
    ctx.parsedSnapshots.set(content, data)
  }
  return data
}

/** Each app's current data (its serialised live instance) as JSON text, for the apps of the environment. */
export function captureData(ctx: ManagementContext, environmentId: string, appNames: readonly string[]) {
  const data = ctx.environmentData.serialise(environmentId)
  const apps: Record<string, string> = {}
  for (const name of appNames) {
    if (data[name] === undefined) {
      throw new TypeError(
        `[replica-mock] Failed to capture data: environment "${environmentId}" holds none for app "${name}"`,
      )
    }
    apps[name] = JSON.stringify(data[name])
  }
  return apps
}

export interface CreateSnapshotInput {
  environmentId: string
  name?: string | null | undefined
}

export function createSnapshot(
  ctx: ManagementContext,
  call: Call,
  input: CreateSnapshotInput,
  request?: IdempotentRequest,
): Promise<Idempotent<Snapshot>> {
  return runOperation(ctx, () =>
    idempotent(
      ctx,
      call,
      'createSnapshot',
      request,
      async () => {
        const created = await insertSnapshot(ctx, call, input)
        return { resourceId: created.id, result: toSnapshot(created) }
      },
      (id) => toSnapshot(visibleSnapshot(ctx, call.caller, id)),
    ),
  )
}

async function insertSnapshot(ctx: ManagementContext, call: Call, input: CreateSnapshotInput) {
  const environment = visibleEnvironment(ctx, call.caller, input.environmentId)
  if (environment.status !== 'running' && environment.status !== 'paused') {
    throw new ManagementError(
      'invalid_status',
      `Failed to create snapshot: environment "${environment.id}" is ${environment.status}; it must be running or paused`,
    )
  }
  if (ctx.store.workspaces.findById(environment.workspaceId)?.archivedAt) {
    throw new ManagementError(
      'workspace_archived',
      `Failed to create snapshot: workspace "${environment.workspaceId}" is archived`,
    )
  }
  const saving = ctx.store.snapshots.findFirst((q) =>
    q.where({ environmentId: environment.id, status: 'saving' }),
  )
  if (saving) {
    throw new ManagementError(
      'snapshot_in_progress',
      `Failed to create snapshot: snapshot "${saving.id}" of environment "${environment.id}" is still saving`,
    )
  }
  const fault = ctx.faults.take(
    'snapshot',
    (candidate) => candidate.environmentId === undefined || candidate.environmentId === environment.id,
  )
  const now = ctx.clock.nowMs()
  const id = makeId('snapshot')
  await ctx.store.snapshotContents.create({
    id,
    apps: captureData(
      ctx,
      environment.id,
      environment.apps.map((app) => app.name),
    ),
  })
  const snapshot = await ctx.store.snapshots.create({
    id,
    workspaceId: environment.workspaceId,
    environmentId: environment.id,
    name: input.name ?? null,
    status: 'saving',
    failure: null,
    sizeBytes: null,
    apps: environment.apps.map((app) => ({
      name: app.name,
      appId: app.appId,
      versionId: app.versionId,
      version: app.version,
      sizeBytes: null,
      settings: structuredClone(app.settings),
    })),
    createdBy: call.caller.principal,
    createdAt: new Date(now).toISOString(),
    readyAt: null,
    deletedAt: null,
    dueAt: isoAfter(now, ctx.lifecycle().snapshotMs),
    pendingFailure: fault
      ? {
          code: fault.code,
          message: fault.message ?? `Saving the snapshot failed (injected fault: ${fault.code})`,
        }
      : null,
  })
  scheduleSnapshot(ctx, snapshot)
  await recordAuditEvent(ctx, {
    name: 'snapshot.created',
    call,
    workspaceId: snapshot.workspaceId,
    environmentId: snapshot.environmentId,
    subjectId: id,
    data: { name: snapshot.name },
  })
  return snapshot
}

export function getSnapshot(ctx: ManagementContext, caller: Caller, snapshotId: string): Promise<Snapshot> {
  return runOperation(ctx, () => toSnapshot(visibleSnapshot(ctx, caller, snapshotId)))
}

/** Renames a snapshot (null clears the name); a deleted one cannot change. */
export function updateSnapshot(
  ctx: ManagementContext,
  call: Call,
  snapshotId: string,
  changes: { name: string | null },
): Promise<Snapshot> {
  return runOperation(ctx, async () => {
    const snapshot = visibleSnapshot(ctx, call.caller, snapshotId)
    if (snapshot.status === 'deleted') throw invalidStatus('update', snapshot)
    const updated = await ctx.store.snapshots.update(snapshot, { name: changes.name })
    await recordAuditEvent(ctx, {
      name: 'snapshot.updated',
      call,
      workspaceId: updated.workspaceId,
      environmentId: updated.environmentId,
      subjectId: snapshotId,
      data: { name: updated.name },
    })
    return toSnapshot(updated)
  })
}

/** Any status but `deleted` -> `deleted`; its data is removed with it. */
export function deleteSnapshot(ctx: ManagementContext, call: Call, snapshotId: string): Promise<Snapshot> {
  return runOperation(ctx, async () => {
    const snapshot = visibleSnapshot(ctx, call.caller, snapshotId)
    if (snapshot.status === 'deleted') throw invalidStatus('delete', snapshot)
    const deleted = await ctx.store.snapshots.update(snapshot, {
      status: 'deleted',
      deletedAt: ctx.clock.now().toISOString(),
      dueAt: null,
      pendingFailure: null,
    })
    ctx.store.snapshotContents.deleteMany(byId(snapshotId))
    await recordAuditEvent(ctx, {
      name: 'snapshot.deleted',
      call,
      workspaceId: deleted.workspaceId,
      environmentId: deleted.environmentId,
      subjectId: snapshotId,
      data: { from: snapshot.status },
    })
    return toSnapshot(deleted)
  })
}

export interface SnapshotFilter extends PageRequest {
  workspaceId?: string | undefined
  environmentId?: string | undefined
  status?: readonly SnapshotStatus[] | undefined
}

export function listSnapshots(
  ctx: ManagementContext,
  caller: Caller,
  query: SnapshotFilter,
): Promise<Page<Snapshot>> {
  return runOperation(ctx, () => {
    const scope = scopedWorkspaceId(caller)
    const { workspaceId, environmentId } = query
    const statuses = query.status && query.status.length > 0 ? new Set(query.status) : undefined
    return paginate(ctx.store.snapshots, query, {
      where: (snapshot) =>
        (scope === null || snapshot.workspaceId === scope) &&
        (workspaceId === undefined || snapshot.workspaceId === workspaceId) &&
        (environmentId === undefined || snapshot.environmentId === environmentId) &&
        (statuses === undefined || statuses.has(snapshot.status)),
      orderBy: 'createdAt',
      view: toSnapshot,
      empty: workspaceId !== undefined && !canSeeWorkspace(caller, workspaceId),
    })
  })
}

function invalidStatus(verb: string, snapshot: StoredSnapshot): ManagementError {
  return new ManagementError(
    'invalid_status',
    `Failed to ${verb} snapshot: "${snapshot.id}" is ${snapshot.status}`,
  )
}
