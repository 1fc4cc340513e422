/**
 * @module
 * Tokens the app's login endpoints issue (OAuth 2.0 token endpoint, SOAP `login`), beside the
 * credentials tokens of `credentials.ts`: access tokens (accepted by the gateway like credentials
 * tokens), refresh tokens and one-time authorization codes. The replica's login endpoints decide
 * who may have one (username and password, client secret, code); this module keeps them.
 *
 * Every issued token stays valid until it is revoked or its environment goes: jsforce refreshes
 * and retries on any 401, so a token that stopped working on its own would loop. A repeated
 * login reuses the live access token of the same login (as Salesforce reuses a session), so
 * logins do not pile up tokens; a revoked refresh token takes its access tokens along.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_revoke_token.htm
 */
import { randomBase36 } from '../store/ids.js'
import type { StoredAppSession } from '../store/stored-records.js'
import type { ManagementContext } from './context.js'
import { makeAppToken } from './credentials.js'
import { runOperation } from './operation.js'

/** Authorization codes are good for 15 minutes (mock clock), once. */
export const CODE_LIFETIME_MS = 15 * 60_000

/** Who a token is for. */
export interface SessionOwner {
  environmentId: string
  app: string
  actorId: string
}

export interface GrantOptions {
  clientId: string | null
  scope: string | null
}

/**
 * The access token of a login: the live one of the same (owner, client) login, else a new one.
 * @param client the OAuth client id, or `soap` for a SOAP `login`
 */
export function loginAccessToken(
  ctx: ManagementContext,
  owner: SessionOwner,
  client: string,
  scope: string | null = null,
): Promise<StoredAppSession> {
  const issuedBy = ['login', owner.environmentId, owner.app, owner.actorId, client].join('|')
  return reuseOrIssue(ctx, owner, issuedBy, { clientId: client === 'soap' ? null : client, scope })
}

/** A new refresh token for an authorization code. */
export function issueRefreshToken(ctx: ManagementContext, code: StoredAppSession): Promise<StoredAppSession> {
  // Salesforce refresh tokens have no org prefix
  const id = `5Aep861${randomBase36(60)}`
  return insertSession(ctx, {
    id,
    kind: 'refresh',
    ...ownerOf(code),
    issuedBy: `code|${code.id}`,
    clientId: code.clientId,
    scope: code.scope,
  })
}

/** The access token of a refresh token: its live one, else a new one. */
export function refreshAccessToken(
  ctx: ManagementContext,
  refresh: StoredAppSession,
): Promise<StoredAppSession> {
  return reuseOrIssue(ctx, refresh, `refresh|${refresh.id}`, {
    clientId: refresh.clientId,
    scope: refresh.scope,
  })
}

/** An access token issued once for an authorization code that came without a refresh token. */
export function codeAccessToken(ctx: ManagementContext, code: StoredAppSession): Promise<StoredAppSession> {
  return reuseOrIssue(ctx, code, `code|${code.id}`, { clientId: code.clientId, scope: code.scope })
}

/** A one-time authorization code for the web server flow. */
export function issueAuthorizationCode(
  ctx: ManagementContext,
  owner: SessionOwner,
  grant: GrantOptions & { redirectUri: string; codeChallenge: string | null },
): Promise<StoredAppSession> {
  const id = `aPrx${randomBase36(48)}`
  return insertSession(ctx, {
    id,
    kind: 'code',
    ...ownerOf(owner),
    issuedBy: `grant|${grant.clientId}`,
    ...grant,
    expiresAt: new Date(ctx.clock.nowMs() + CODE_LIFETIME_MS).toISOString(),
  })
}

/** A live token of `kind` (a code only until it expires, used or not), or undefined. */
export function findSession(
  ctx: ManagementContext,
  token: string,
  kind: StoredAppSession['kind'],
): StoredAppSession | undefined {
  const session = ctx.store.appSessions.findById(token)
  if (!session || session.kind !== kind) return undefined
  if (session.expiresAt !== null && Date.parse(session.expiresAt) <= ctx.clock.nowMs()) return undefined
  return session
}

/** Any token the login endpoints issued (access, refresh, code), live or expired. */
export function findIssuedToken(ctx: ManagementContext, token: string): StoredAppSession | undefined {
  return ctx.store.appSessions.findById(token)
}

/**
 * Uses up an authorization code (a code works once, even when the exchange then fails).
 * @returns false when it was used before: then every token issued for it is revoked
 */
export function consumeCode(ctx: ManagementContext, code: StoredAppSession): Promise<boolean> {
  return runOperation(ctx, () => {
    if (code.usedAt === null) {
      ctx.store.appSessions.update(code, { usedAt: ctx.clock.now().toISOString() })
      return true
    }
    const issued = ctx.store.appSessions.findMany((q) => q.where({ issuedBy: `code|${code.id}` }))
    for (const session of issued) {
      if (session.kind === 'refresh')
        ctx.store.appSessions.deleteMany((q) => q.where({ issuedBy: `refresh|${session.id}` }))
      ctx.store.appSessions.delete(session)
    }
    return false
  })
}

/**
 * Revokes an access or refresh token (a refresh token with every access token issued from it).
 * @returns `unknown` when no live token has that value
 */
export function revokeSession(ctx: ManagementContext, token: string): Promise<'revoked' | 'unknown'> {
  return runOperation(ctx, () => {
    const session = ctx.store.appSessions.findById(token)
    if (!session || session.kind === 'code') return 'unknown'
    ctx.store.appSessions.delete(session)
    if (session.kind === 'refresh') {
      ctx.store.appSessions.deleteMany((q) => q.where({ issuedBy: `refresh|${token}` }))
    }
    return 'revoked'
  })
}

function reuseOrIssue(
  ctx: ManagementContext,
  owner: SessionOwner,
  issuedBy: string,
  grant: GrantOptions,
): Promise<StoredAppSession> {
  return runOperation(ctx, async () => {
    const live = ctx.store.appSessions.findFirst((q) => q.where({ issuedBy, kind: 'access' }))
    if (live) return live
    const id = makeAppToken(owner.environmentId)
    return insertRow(ctx, { id, kind: 'access', ...ownerOf(owner), issuedBy, ...grant })
  })
}

type NewSession = Omit<
  StoredAppSession,
  'createdAt' | 'expiresAt' | 'redirectUri' | 'codeChallenge' | 'usedAt'
> &
  Partial<Pick<StoredAppSession, 'expiresAt' | 'redirectUri' | 'codeChallenge'>>

function insertSession(ctx: ManagementContext, values: NewSession): Promise<StoredAppSession> {
  return runOperation(ctx, () => insertRow(ctx, { ...values, ...ownerOf(values) }))
}

function insertRow(ctx: ManagementContext, values: NewSession): Promise<StoredAppSession> {
  // recorded calls never show an issued token, wherever it appears
  ctx.secrets.add(values.id, values.environmentId)
  return ctx.store.appSessions.create({
    redirectUri: null,
    codeChallenge: null,
    expiresAt: null,
    usedAt: null,
    ...values,
    createdAt: ctx.clock.now().toISOString(),
  })
}

function ownerOf(owner: SessionOwner): SessionOwner {
  return { environmentId: owner.environmentId, app: owner.app, actorId: owner.actorId }
}
