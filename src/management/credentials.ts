/**
 * @module
 * Credentials for calling one app of an environment as one actor (docs/management-api.md#credentials). The
 * token is issued once per (environment, app, actor) and returned every time after; the gateway
 * resolves a token back to that triple with `findAppToken` (credentials tokens, and the tokens
 * the app's login endpoints issued, see `app-sessions.ts`).
 *
 * App tokens have Salesforce's session id shape, `<organization id>!<secret>`, with the
 * environment's organization id (`organizationIdOf`): stock clients (the Salesforce CLI) refuse
 * any other shape. When the app version has an interactive Api, the credentials also say how to
 * log in (`login`): the app URL as the login URL (OAuth 2.0 token endpoint and SOAP login below
 * it), the actor's username and OAuth client id, the connected app's callback URLs
 * (`oauth-callbacks.ts`), its password and client secret.
 */
import type { Credentials, CredentialsLogin } from '../schemas/credentials.js'
import { randomBase36 } from '../store/ids.js'
import { appToken, organizationIdOf } from '../store/salesforce-ids.js'
import type { StoredCredentials, StoredEnvironment } from '../store/stored-records.js'
import type { Version } from '../schemas/app.js'
import { recordAuditEvent } from './audit.js'
import type { ManagementContext } from './context.js'
import { appUrl, visibleEnvironment } from './environment-view.js'
import { invalidRequest, ManagementError, notFound } from './errors.js'
import { expiresAfter } from './lifecycle.js'
import { callbackParameters } from './oauth-callbacks.js'
import type { Call } from './auth.js'
import { runOperation } from './operation.js'

/** `credentials.login.authentication`: OAuth 2.0 (and SOAP `login`) with the details given. */
export const LOGIN_AUTHENTICATION = 'oauth2'

export function credentialsKey(environmentId: string, app: string, actorId: string): string {
  return JSON.stringify([environmentId, app, actorId])
}

/** A new app token of the environment: `<organization id>!<40 random characters>`. */
export function makeAppToken(environmentId: string): string {
  return appToken(organizationIdOf(environmentId), randomBase36(40))
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
    const version = ctx.store.versions.findById(app.versionId)
    const actors = version?.actors ?? []
    const actorId = input.actorId ?? actors[0]?.id
    if (actorId === undefined || !actors.some((actor) => actor.id === actorId)) {
      const allowed = actors.map((actor) => actor.id).join(', ') || 'none'
      const message = `Unknown actor "${actorId ?? ''}" for app "${appName}"; its version has: ${allowed}`
      throw invalidRequest(`Failed to create credentials: ${message}`, { actorId: [message] })
    }

    const interactive = version?.apis.find((api) => api.interactive)
    const stored = await storedCredentials(ctx, environmentId, appName, actorId, interactive !== undefined)
    ctx.secrets.add(stored.token, environmentId)
    if (stored.password) ctx.secrets.add(stored.password, environmentId)
    if (stored.clientSecret) ctx.secrets.add(stored.clientSecret, environmentId)
    await recordAuditEvent(ctx, {
      name: 'credentials.created',
      call,
      workspaceId: environment.workspaceId,
      environmentId,
      subjectId: environmentId,
      data: { app: appName, actorId },
    })

    const url = appUrl(ctx.baseUrl(), environmentId, appName)
    const headers: Record<string, string> = { Authorization: `Bearer ${stored.token}` }
    for (const api of version?.apis ?? []) if (api.actorHeader) headers[api.actorHeader] = actorId
    return {
      environmentId,
      app: appName,
      actorId,
      url: environment.tokenInUrl ? `${url}/t/${stored.token}` : url,
      headers,
      token: stored.token,
      expiresAt: credentialsExpiry(ctx, environment),
      login: interactive ? loginDetails(ctx, stored, url, interactive) : null,
    }
  })
}

/** The row of (environment, app, actor): issued on first use; login secrets added once needed. */
async function storedCredentials(
  ctx: ManagementContext,
  environmentId: string,
  app: string,
  actorId: string,
  interactive: boolean,
): Promise<StoredCredentials> {
  const id = credentialsKey(environmentId, app, actorId)
  const existing = ctx.store.credentials.findById(id)
  const secrets = interactive ? loginSecrets(existing) : {}
  if (existing) {
    return Object.keys(secrets).length === 0 ? existing : ctx.store.credentials.update(existing, secrets)
  }
  return ctx.store.credentials.create({
    id,
    environmentId,
    app,
    actorId,
    token: makeAppToken(environmentId),
    ...secrets,
    createdAt: ctx.clock.now().toISOString(),
  })
}

/** Login secrets a row lacks (rows of older states, or issued before the version was interactive). */
function loginSecrets(
  row: StoredCredentials | undefined,
): Partial<Pick<StoredCredentials, 'clientId' | 'clientSecret' | 'password'>> {
  if (row?.clientId && row.clientSecret && row.password) return {}
  return {
    // the shapes of Salesforce consumer keys and secrets
    clientId: row?.clientId ?? `3MVG9Rm${randomBase36(40)}`,
    clientSecret: row?.clientSecret ?? randomBase36(48).toUpperCase(),
    password: row?.password ?? randomBase36(20),
  }
}

function loginDetails(
  ctx: ManagementContext,
  stored: StoredCredentials,
  url: string,
  interactive: Version['apis'][number],
): CredentialsLogin {
  const parameters: Record<string, string> = {}
  const username = ctx.environmentData
    .get(stored.environmentId, stored.app)
    ?.userOf?.(stored.actorId)?.username
  if (username !== undefined) parameters.username = username
  parameters.client_id = stored.clientId!
  if (interactive.actorVariable) parameters[interactive.actorVariable] = stored.actorId
  Object.assign(parameters, callbackParameters(ctx, stored.environmentId, stored.app))
  return {
    authentication: LOGIN_AUTHENTICATION,
    url,
    parameters,
    secrets: { password: stored.password!, client_secret: stored.clientSecret! },
  }
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

/** Who an app token was issued to. */
export interface AppTokenOwner {
  environmentId: string
  app: string
  actorId: string
  /** `credentials`: from createCredentials; `session`: from the app's login endpoints. */
  kind: 'credentials' | 'session'
}

/**
 * The (environment, app, actor) an app token was issued for (for the gateway): a credentials
 * token (or its previous shape), or a live access token the app's login endpoints issued.
 */
export function findAppToken(ctx: ManagementContext, token: string): AppTokenOwner | undefined {
  const { credentials: rows } = ctx.store
  const credentials = rows.findByKey('token', token) ?? rows.findByKey('previousToken', token)
  if (credentials) return ownerOf(credentials, 'credentials')
  const session = ctx.store.appSessions.findById(token)
  if (session?.kind === 'access') return ownerOf(session, 'session')
  return undefined
}

function ownerOf(
  row: { environmentId: string; app: string; actorId: string },
  kind: AppTokenOwner['kind'],
): AppTokenOwner {
  return { environmentId: row.environmentId, app: row.app, actorId: row.actorId, kind }
}

/** The credentials row whose OAuth client id this is. */
export function findCredentialsByClientId(
  ctx: ManagementContext,
  clientId: string,
): StoredCredentials | undefined {
  return ctx.store.credentials.findFirst((q) => q.where({ clientId }))
}

/**
 * The credentials row a username and password log in with (a SOAP `login` that names no app): its
 * password, and its actor's user's username. Usernames repeat across environments; passwords do not.
 */
export function findCredentialsByLogin(
  ctx: ManagementContext,
  username: string,
  password: string,
): StoredCredentials | undefined {
  return ctx.store.credentials
    .findMany((q) => q.where({ password }))
    .find(
      (row) =>
        ctx.environmentData.get(row.environmentId, row.app)?.userOf?.(row.actorId)?.username === username,
    )
}

/** The credentials row of (environment, app, actor), if issued. */
export function findCredentials(
  ctx: ManagementContext,
  environmentId: string,
  app: string,
  actorId: string,
): StoredCredentials | undefined {
  return ctx.store.credentials.findById(credentialsKey(environmentId, app, actorId))
}
