/**
 * @module
 * `/services/oauth2/revoke`: revoking an access token ends it; revoking a refresh token ends it
 * and every access token issued from it. A credentials token (from `createCredentials`) is not
 * revocable here: the spec promises the same token every time, so it lives as long as its
 * environment, and revoking it is refused by name rather than ignored.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_revoke_token.htm
 */
import { findIssuedToken, revokeSession } from '../../management/app-sessions.js'
import { findAppToken } from '../../management/credentials.js'
import type { LoginContext } from './login-context.js'
import { OAuthError } from './oauth-error.js'

export async function revokeToken(login: LoginContext, token: string): Promise<void> {
  const { management, call } = login
  const owner = findAppToken(management, token) ?? findIssuedToken(management, token)
  if (!owner || owner.environmentId !== call.environmentId || owner.app !== call.appName) {
    throw new OAuthError('invalid_token', 'Token was invalid')
  }
  if ('kind' in owner && owner.kind === 'credentials') {
    throw new OAuthError(
      'unsupported_token_type',
      'credentials tokens (createCredentials) cannot be revoked: they last as long as their environment',
    )
  }
  if ((await revokeSession(management, token)) === 'unknown') {
    throw new OAuthError('invalid_token', 'Token was invalid')
  }
}
