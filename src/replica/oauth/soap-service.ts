/**
 * @module
 * Answers the SOAP `login` and `logout` calls (`soap-request.ts` reads the envelopes, `soap-login.ts` writes them):
 * a login with the username and password of the credentials' login details gets a session id
 * (an app token, reused while it lives) and the server URL on the mock's origin;
 * logout ends a session id the login issued. A credentials token cannot be logged out: it lives
 * as long as its environment (docs/logins.md).
 */
import { loginAccessToken, revokeSession } from '../../management/app-sessions.js'
import { findAppToken } from '../../management/credentials.js'
import { formatApiVersion, parseApiVersion } from '../metadata/api-version.js'
import { actorOfLogin, type LoginContext, organizationIdOf, ownerOf, userOf } from './login-context.js'
import { INVALID_LOGIN, loginResponseXml, logoutResponseXml, SoapFault } from './soap-login.js'

/** The response envelope of a partner API call at `version`; throws a `SoapFault`. */
export async function soapCall(login: LoginContext, version: string, xml: string): Promise<string> {
  const parsed = parseApiVersion(version)
  const served = parsed === undefined ? undefined : formatApiVersion(parsed)
  if (served === undefined || !login.call.apiVersions.includes(served)) {
    throw new SoapFault(
      'UNSUPPORTED_API_VERSION',
      `UNSUPPORTED_API_VERSION: Invalid Api version specified on URL: ${version}; served: ${login.call.apiVersions.join(', ')}`,
    )
  }
  // the XML reader loads on the first SOAP call (soap-request.ts)
  const { parseSoapRequest } = await import('./soap-request.js')
  const request = parseSoapRequest(xml)
  if (request.operation === 'logout') {
    await logout(login, request.sessionId)
    return logoutResponseXml()
  }
  const actorId = actorOfLogin(login, request.username, request.password)
  if (actorId === undefined) throw new SoapFault('INVALID_LOGIN', `INVALID_LOGIN: ${INVALID_LOGIN}`)
  const session = await loginAccessToken(login.management, ownerOf(login, actorId), 'soap')
  const organizationId = organizationIdOf(login)
  return loginResponseXml({
    origin: login.origin,
    version: served,
    organizationId,
    organizationName: String(login.app.store.get(organizationId)?.Name ?? ''),
    sessionId: session.id,
    user: login.app.store.get(userOf(login, actorId).id)!,
  })
}

async function logout(login: LoginContext, sessionId: string): Promise<void> {
  const owner = findAppToken(login.management, sessionId)
  const ours = owner?.environmentId === login.call.environmentId && owner.app === login.call.appName
  if (ours && owner.kind === 'credentials') {
    throw new SoapFault(
      'INVALID_OPERATION',
      'INVALID_OPERATION: a credentials token (createCredentials) cannot be logged out; it lasts as long as its environment',
    )
  }
  if (!ours || (await revokeSession(login.management, sessionId)) === 'unknown') {
    throw new SoapFault(
      'INVALID_SESSION_ID',
      'INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session',
    )
  }
}
