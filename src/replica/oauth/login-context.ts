/**
 * @module
 * What the app's login endpoints work with: the management context (credentials, issued tokens),
 * the environment's live CRM app (its users and organization id), the call the gateway resolved,
 * and the mock's origin (instance and identity URLs are built on it). Plus the checks
 * every grant shares: the OAuth client, its secret, the user behind an actor.
 */
import { findCredentials, findCredentialsByClientId } from '../../management/credentials.js'
import type { SessionOwner } from '../../management/app-sessions.js'
import type { ManagementContext } from '../../management/context.js'
import type { StoredCredentials } from '../../store/stored-records.js'
import type { CrmData } from '../crm-data.js'
import type { NativeCall } from '../native-call.js'
import { OAuthError } from './oauth-error.js'

export interface LoginContext {
  management: ManagementContext
  app: CrmData
  call: NativeCall
  /** The mock's configured origin, `scheme://host[:port]` (the gateway puts it in the request URL). */
  origin: string
}

/** The environment's organization id (every environment app has one). */
export function organizationIdOf(login: LoginContext): string {
  const id = login.app.organizationId
  if (id === undefined) throw new TypeError('[replica-mock] Failed to log in: the app has no organization')
  return id
}

/** `{origin}/id/{orgId}/{userId}`: the identity URL (served at the root, routed by token). */
export function identityUrl(login: LoginContext, userId: string): string {
  return `${login.origin}/id/${organizationIdOf(login)}/${userId}`
}

export function ownerOf(login: LoginContext, actorId: string): SessionOwner {
  return { environmentId: login.call.environmentId, app: login.call.appName, actorId }
}

/** The User an actor acts as; an actor without one cannot log in. */
export function userOf(login: LoginContext, actorId: string): { id: string; username: string } {
  const user = login.app.userOf(actorId)
  if (!user) throw new OAuthError('invalid_grant', `authentication failure: actor "${actorId}" has no user`)
  return user
}

/** The credentials row of an OAuth client of this environment app. */
export function clientOf(login: LoginContext, clientId: string): StoredCredentials {
  const row = findCredentialsByClientId(login.management, clientId)
  if (!row || row.environmentId !== login.call.environmentId || row.app !== login.call.appName) {
    throw new OAuthError('invalid_client_id', 'client identifier invalid')
  }
  return row
}

/** The client secret, when given (or `required`), must be the client's. */
export function checkClientSecret(
  client: StoredCredentials,
  secret: string | undefined,
  required: boolean,
  code: 'invalid_client' | 'invalid_client_credentials' = 'invalid_client_credentials',
): void {
  if (secret === undefined ? required : secret !== client.clientSecret) {
    throw new OAuthError(
      code,
      code === 'invalid_client' ? 'invalid client credentials' : 'client secret invalid',
    )
  }
}

/**
 * The actor a username and password log in as: the User with that Username, acting for an actor
 * whose credentials hold that password.
 */
export function actorOfLogin(login: LoginContext, username: string, password: string): string | undefined {
  const actorId = login.app.actorOfUsername(username)
  if (actorId === undefined) return undefined
  const row = findCredentials(login.management, login.call.environmentId, login.call.appName, actorId)
  return row?.password !== undefined && row.password === password ? actorId : undefined
}
