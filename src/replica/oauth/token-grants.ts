/**
 * @module
 * `POST /services/oauth2/token`: the grant types a Salesforce connected app serves, with the
 * credentials' login details (docs/logins.md): `password` (username, password and
 * the client's id and secret), `client_credentials` (the client acts as its actor),
 * `authorization_code` (a code from `/services/oauth2/authorize`, PKCE when it was asked for) and
 * `refresh_token`. The password and client credentials flows issue no refresh token (as in
 * Salesforce); the code flow issues one unless the scopes asked for leave it out.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_username_password_flow.htm
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm
 */
import { createHash, createHmac } from 'node:crypto'
import {
  codeAccessToken,
  consumeCode,
  findSession,
  issueRefreshToken,
  loginAccessToken,
  refreshAccessToken,
} from '../../management/app-sessions.js'
import type {
  AuthorizationCodeGrant,
  PasswordGrant,
  RefreshTokenGrant,
  TokenRequest,
  TokenResponse,
} from '../../schemas/oauth.js'
import type { StoredAppSession, StoredCredentials } from '../../store/stored-records.js'
import type * as z from 'zod'
import {
  actorOfLogin,
  checkClientSecret,
  clientOf,
  identityUrl,
  type LoginContext,
  ownerOf,
  userOf,
} from './login-context.js'
import { OAuthError } from './oauth-error.js'

export async function grantToken(login: LoginContext, request: TokenRequest): Promise<TokenResponse> {
  const client = clientOf(login, request.client_id)
  switch (request.grant_type) {
    case 'password':
      return passwordGrant(login, client, request)
    case 'client_credentials': {
      checkClientSecret(client, request.client_secret, true, 'invalid_client')
      const session = await loginAccessToken(
        login.management,
        ownerOf(login, client.actorId),
        client.clientId!,
      )
      return tokenResponse(login, client, session)
    }
    case 'authorization_code':
      return codeGrant(login, client, request)
    case 'refresh_token':
      return refreshGrant(login, client, request)
  }
}

async function passwordGrant(
  login: LoginContext,
  client: StoredCredentials,
  request: z.infer<typeof PasswordGrant>,
): Promise<TokenResponse> {
  checkClientSecret(client, request.client_secret, true)
  const actorId = actorOfLogin(login, request.username, request.password)
  if (actorId === undefined) throw new OAuthError('invalid_grant', 'authentication failure')
  const owner = ownerOf(login, actorId)
  const session = await loginAccessToken(login.management, owner, client.clientId!, request.scope ?? null)
  return tokenResponse(login, client, session)
}

async function codeGrant(
  login: LoginContext,
  client: StoredCredentials,
  request: z.infer<typeof AuthorizationCodeGrant>,
): Promise<TokenResponse> {
  const code = findSession(login.management, request.code, 'code')
  if (!code || code.clientId !== client.clientId) {
    throw new OAuthError('invalid_grant', 'invalid authorization code')
  }
  // a code is good once, whatever happens next; a replay revokes what the first use issued
  if (!(await consumeCode(login.management, code))) {
    throw new OAuthError('invalid_grant', 'invalid authorization code')
  }
  checkClientSecret(client, request.client_secret, code.codeChallenge === null)
  if (request.redirect_uri !== code.redirectUri) {
    throw new OAuthError('redirect_uri_mismatch', 'redirect_uri must match configuration')
  }
  checkVerifier(code, request.code_verifier)
  if (!grantsRefreshToken(code.scope)) {
    return tokenResponse(login, client, await codeAccessToken(login.management, code))
  }
  const refresh = await issueRefreshToken(login.management, code)
  const session = await refreshAccessToken(login.management, refresh)
  return { ...tokenResponse(login, client, session), refresh_token: refresh.id }
}

async function refreshGrant(
  login: LoginContext,
  client: StoredCredentials,
  request: z.infer<typeof RefreshTokenGrant>,
): Promise<TokenResponse> {
  checkClientSecret(client, request.client_secret, false)
  const refresh = findSession(login.management, request.refresh_token, 'refresh')
  if (!refresh || refresh.clientId !== client.clientId) {
    throw new OAuthError('invalid_grant', 'expired access/refresh token')
  }
  if (request.scope !== undefined && !withinScope(request.scope, refresh.scope)) {
    throw new OAuthError('invalid_scope', 'the requested scope is broader than the refresh token was granted')
  }
  return tokenResponse(login, client, await refreshAccessToken(login.management, refresh))
}

/**
 * PKCE: a code asked for with a `code_challenge` needs the verifier whose SHA-256 it is; a code
 * without one takes no verifier.
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.6
 */
function checkVerifier(code: StoredAppSession, verifier: string | undefined): void {
  if (code.codeChallenge === null) {
    if (verifier !== undefined) {
      throw new OAuthError(
        'invalid_grant',
        'code_verifier given, but the authorization asked for no code_challenge',
      )
    }
    return
  }
  if (
    verifier === undefined ||
    createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge
  ) {
    throw new OAuthError('invalid_grant', 'invalid code verifier')
  }
}

/** Salesforce issues a refresh token unless scopes were asked for without `refresh_token`/`offline_access`. */
function grantsRefreshToken(scope: string | null): boolean {
  if (scope === null) return true
  const scopes = scope.split(/\s+/)
  return scopes.includes('refresh_token') || scopes.includes('offline_access')
}

function withinScope(asked: string, granted: string | null): boolean {
  if (granted === null) return true
  const allowed = new Set(granted.split(/\s+/))
  return asked.split(/\s+/).every((scope) => allowed.has(scope) || allowed.has('full'))
}

/**
 * The token response. `signature` is what Salesforce sends: the Base64 HMAC-SHA256 of `id` +
 * `issued_at`, keyed with the client secret.
 */
function tokenResponse(
  login: LoginContext,
  client: StoredCredentials,
  session: StoredAppSession,
): TokenResponse {
  const id = identityUrl(login, userOf(login, session.actorId).id)
  const issuedAt = String(login.management.clock.nowMs())
  const signature = createHmac('sha256', client.clientSecret!)
    .update(id + issuedAt)
    .digest('base64')
  return {
    access_token: session.id,
    signature,
    ...(session.scope === null ? {} : { scope: session.scope }),
    instance_url: login.origin,
    id,
    token_type: 'Bearer',
    issued_at: issuedAt,
  }
}
