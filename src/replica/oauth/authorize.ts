/**
 * @module
 * `/services/oauth2/authorize` (web server flow): the user logs in with a username and password
 * on the app's login page, and is sent back to the client's `redirect_uri` with a one-time code
 * (and its `state`), which the client exchanges at the token endpoint. The replica has no
 * consent step: a correct login is an approval.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm
 */
import { issueAuthorizationCode } from '../../management/app-sessions.js'
import type { AuthorizeLogin, AuthorizeRequest } from '../../schemas/oauth.js'
import { actorOfLogin, clientOf, type LoginContext, ownerOf } from './login-context.js'
import { checkRedirectUri } from './redirect-uri.js'

/** Checks the client of an authorization request before its login page is shown. */
export function checkAuthorizeRequest(login: LoginContext, request: AuthorizeRequest): void {
  clientOf(login, request.client_id)
  checkRedirectUri(login, request.redirect_uri)
}

/**
 * The redirect after a login: `redirect_uri?code=...&state=...` when the username and password
 * are right; undefined when they are not (the page shows the form again).
 */
export async function authorizeLogin(
  login: LoginContext,
  request: AuthorizeLogin,
): Promise<string | undefined> {
  const client = clientOf(login, request.client_id)
  checkRedirectUri(login, request.redirect_uri)
  const actorId = actorOfLogin(login, request.username, request.pw)
  if (actorId === undefined) return undefined
  const code = await issueAuthorizationCode(login.management, ownerOf(login, actorId), {
    clientId: client.clientId!,
    scope: request.scope ?? null,
    redirectUri: request.redirect_uri,
    codeChallenge: request.code_challenge ?? null,
  })
  const target = new URL(request.redirect_uri)
  target.searchParams.set('code', code.id)
  if (request.state !== undefined) target.searchParams.set('state', request.state)
  return target.href
}
