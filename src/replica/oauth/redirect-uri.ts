/**
 * @module
 * Where the web server flow may send an authorization code: a callback URL of the connected app
 * (the rule and the list the credentials' `login` details name: `management/oauth-callbacks.ts`).
 * Anything else — another host, `javascript:`, `data:`, `file:` — is `redirect_uri_mismatch`
 * before the login page is shown, so a code never leaves for a site the test did not name.
 */
import { isCallbackUrl } from '../../management/oauth-callbacks.js'
import type { LoginContext } from './login-context.js'
import { OAuthError } from './oauth-error.js'

/** Refuses a `redirect_uri` that is not one of the app's callback URLs. */
export function checkRedirectUri(login: LoginContext, redirectUri: string): void {
  const { environmentId, appName } = login.call
  if (!isCallbackUrl(login.management, environmentId, appName, redirectUri)) {
    throw new OAuthError('redirect_uri_mismatch', 'redirect_uri must match configuration')
  }
}
