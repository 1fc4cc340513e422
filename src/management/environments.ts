/**
 * @module
 * Environments: read, list and update (docs/management-api.md#environments). Creating one is
 * `create-environment.ts`; pause, resume and delete are `environment-lifecycle-requests.ts`; the
 * timed half of the lifecycle (start completing, expiry) is `lifecycle.ts`, applied at the start
 * of every operation.
 */
import type { Environment, EnvironmentStatus, UpdateEnvironment } from '../schemas/environment.js'
import type { StoredEnvironment } from '../store/stored-records.js'
import { recordAuditEvent } from './audit.js'
import { type Call, type Caller, canSeeWorkspace, scopedWorkspaceId } from './auth.js'
import type { ManagementContext } from './context.js'
import { environmentView, invalidStatus, visibleEnvironment } from './environment-view.js'
import { runOperation } from './operation.js'
import { type Page, type PageRequest, paginate } from './pagination.js'

export function getEnvironment(
  ctx: ManagementContext,
  caller: Caller,
  environmentId: string,
): Promise<Environment> {
  return runOperation(ctx, () => environmentView(ctx, visibleEnvironment(ctx, caller, environmentId)))
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
    const updated = await ctx.store.environments.update(environment, patch)
    await recordAuditEvent(ctx, {
      name: 'environment.updated',
      call,
      workspaceId: updated.workspaceId,
      environmentId,
      subjectId: environmentId,
      data: { fields: Object.keys(patch) },
    })
    return environmentView(ctx, updated)
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
    return paginate(ctx.store.environments, query, {
      where: (environment) =>
        (scope === null || environment.workspaceId === scope) &&
        (workspaceId === undefined || environment.workspaceId === workspaceId) &&
        (statuses === undefined || statuses.has(environment.status)) &&
        (snapshotId === undefined || environment.snapshotId === snapshotId) &&
        (search === undefined ||
          environment.id.toLowerCase().includes(search) ||
          (environment.name?.toLowerCase().includes(search) ?? false)) &&
        labels.every(
          ([key, value]) => Object.hasOwn(environment.labels, key) && environment.labels[key] === value,
        ),
      orderBy: 'createdAt',
      view: (environment) => environmentView(ctx, environment),
      empty: workspaceId !== undefined && !canSeeWorkspace(caller, workspaceId),
    })
  })
}
