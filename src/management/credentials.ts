/**
 * @module
 * Credentials for calling one app of an environment as one actor (spec "Authentication" 6). The
 * token is issued once per (environment, app, actor) and returned every time after; the gateway
 * resolves a token back to that triple with `findCredentialsByToken`.
 */
import type { Credentials, CredentialsLogin } from '../schemas/credentials.js'
import { makeId } from '../store/ids.js'
import type { StoredCredentials, StoredEnvironment } from '../store/stored-records.js'
import { recordAuditEvent } from './audit.js'
import type { ManagementContext } from './context.js'
import { appUrl, visibleEnvironment } from './environment-view.js'
import { invalidRequest, ManagementError, notFound } from './errors.js'
import { expiresAfter } from './lifecycle.js'
import type { Call } from './auth.js'
import { runOperation } from './operation.js'

export function credentialsKey(environmentId: string, app: string, actorId: string): string {
  return JSON.stringify([environmentId, app, actorId])
}

export function createCredentials(
  ctx: ManagementContext,
  call: Call,
  environmentId: string,
  appName: string,
  input: { actorId?: string | undefined },
): Promise<Credentials> {
  return runOperation(ctx, async () => {
    const environment = visibleEnvironment(ctx, call.caller, environmentId)
    const app = environment.apps.find((entry) => entry.name === appName)
    if (!app) throw notFound('app', `${environmentId}/${appName}`)
    if (environment.status === 'deleted' || environment.status === 'failed') {
      throw new ManagementError(
        'invalid_status',
        `Failed to create credentials: environment "${environmentId}" is ${environment.status}`,
      )
    }
    const version = ctx.store.versions.get(app.versionId)
    const actors = version?.actors ?? []
    const actorId = input.actorId ?? actors[0]?.id
    if (actorId === undefined || !actors.some((actor) => actor.id === actorId)) {
      const allowed = actors.map((actor) => actor.id).join(', ') || 'none'
      const message = `Unknown actor "${actorId ?? ''}" for app "${appName}"; its version has: ${allowed}`
      throw invalidRequest(`Failed to create credentials: ${message}`, { actorId: [message] })
    }

    const id = credentialsKey(environmentId, appName, actorId)
    const stored =
      ctx.store.credentials.get(id) ??
      (await ctx.store.credentials.insert({
        id,
        environmentId,
        app: appName,
        actorId,
        token: makeId('token'),
        createdAt: ctx.clock.now().toISOString(),
      }))
    ctx.secrets.add(stored.token)
    await recordAuditEvent(ctx, {
      name: 'credentials.created',
      call,
      workspaceId: environment.workspaceId,
      environmentId,
      subjectId: environmentId,
      data: { app: appName, actorId },
    })

    const apis = version?.apis ?? []
    const url = appUrl(ctx.baseUrl(), environmentId, appName)
    const headers: Record<string, string> = { Authorization: `Bearer ${stored.token}` }
    for (const api of apis) if (api.actorHeader) headers[api.actorHeader] = actorId
    const interactive = apis.find((api) => api.interactive)
    const login: CredentialsLogin | null = interactive
      ? {
          authentication: 'token',
          url: `${url}/login`,
          parameters: interactive.actorVariable ? { [interactive.actorVariable]: actorId } : {},
          secrets: { token: stored.token },
        }
      : null
    return {
      environmentId,
      app: appName,
      actorId,
      url: environment.tokenInUrl ? `${url}/t/${stored.token}` : url,
      headers,
      token: stored.token,
      expiresAt: credentialsExpiry(ctx, environment),
      login,
    }
  })
}

/**
 * The environment's `expiresAt`; before it is running, when the time limit would end if the
 * pending start completed on time.
 */
function credentialsExpiry(ctx: ManagementContext, environment: StoredEnvironment): string {
  if (environment.expiresAt) return environment.expiresAt
  const start = environment.startDueAt ? Date.parse(environment.startDueAt) : ctx.clock.nowMs()
  return expiresAfter(start, environment.timeLimitMinutes)
}

/** The (environment, app, actor) an app token was issued for (for the gateway). */
export function findCredentialsByToken(ctx: ManagementContext, token: string): StoredCredentials | undefined {
  return ctx.store.credentials.findBy('token', token)[0]
}
