/**
 * @module
 * The API view of a stored environment, finding one the caller may see, and refusing one whose
 * status does not allow a change. The view names
 * every field of the spec's Environment, so internal fields never leak into a response.
 */
import type { Environment } from '../schemas/environment.js'
import type { StoredEnvironment } from '../store/stored-records.js'
import { type Caller, canSeeWorkspace } from './auth.js'
import type { ManagementContext } from './context.js'
import { ManagementError, notFound } from './errors.js'

/** `{baseUrl}/apps/{environmentId}/{appName}` (docs/gateway.md). */
export function appUrl(baseUrl: string, environmentId: string, appName: string): string {
  return `${baseUrl}/apps/${encodeURIComponent(environmentId)}/${appName}`
}

/** The API view with the mock's current base URL. */
export function environmentView(ctx: ManagementContext, stored: StoredEnvironment): Environment {
  return toEnvironment(stored, ctx.baseUrl())
}

export function toEnvironment(stored: StoredEnvironment, baseUrl: string): Environment {
  return {
    id: stored.id,
    workspaceId: stored.workspaceId,
    name: stored.name,
    labels: { ...stored.labels },
    status: stored.status,
    reason: stored.reason,
    failure: stored.failure && { ...stored.failure },
    timeLimitMinutes: stored.timeLimitMinutes,
    tokenInUrl: stored.tokenInUrl,
    snapshotId: stored.snapshotId,
    apps: stored.apps.map((app) => ({
      name: app.name,
      appId: app.appId,
      versionId: app.versionId,
      version: app.version,
      settings: structuredClone(app.settings),
      url: appUrl(baseUrl, stored.id, app.name),
    })),
    createdBy: { ...stored.createdBy },
    createdAt: stored.createdAt,
    startedAt: stored.startedAt,
    pausedAt: stored.pausedAt,
    deletedAt: stored.deletedAt,
    expiresAt: stored.expiresAt,
  }
}

/** The stored environment, or `not_found` when it does not exist or is another workspace's (API key). */
export function visibleEnvironment(
  ctx: ManagementContext,
  caller: Caller,
  environmentId: string,
): StoredEnvironment {
  const environment = ctx.store.environments.findById(environmentId)
  if (!environment || !canSeeWorkspace(caller, environment.workspaceId)) {
    throw notFound('environment', environmentId)
  }
  return environment
}

/** `invalid_status`: the environment's status does not allow `verb`. */
export function invalidStatus(verb: string, environment: StoredEnvironment): ManagementError {
  return new ManagementError(
    'invalid_status',
    `Failed to ${verb} environment: "${environment.id}" is ${environment.status}`,
  )
}
