/**
 * @module
 * Calls a client makes before it holds an app token: the OAuth 2.0 token, authorize and revoke
 * endpoints and the SOAP `login` (jsforce's `conn.login`, `oauth2.authenticate`, `authorize`,
 * `revokeToken`). They carry no Bearer token, so the gateway ties one to its environment and app
 * by the path prefix (the credentials' `login.url` is the app URL), else by what the request
 * itself names: an OAuth client id (body, query, or HTTP Basic client authentication), a token
 * it revokes or refreshes, a SOAP session header, or a SOAP `login`'s username and password
 * (the credentials they are). The app then authenticates the login itself (username and
 * password, client secret, code, refresh token).
 * @note Every environment's CRM is seeded with the same usernames, so a SOAP `login` at the root
 * is tied by username and password together (passwords are per credentials); an unknown username
 * and a wrong password are the same refusal.
 */
import type { ManagementContext } from '../management/context.js'
import { findIssuedToken } from '../management/app-sessions.js'
import { findAppToken, findCredentialsByClientId, findCredentialsByLogin } from '../management/credentials.js'
import type { SoapRequest } from '../replica/oauth/soap-request.js'
import type { StoredEnvironment } from '../store/stored-records.js'
import { GatewayRefusal, type RefusedCallTarget } from './gateway-refusal.js'
import type { ReceivedCall } from './received-call.js'

/** Native paths served without an app token. */
export function isLoginPath(nativePath: string): boolean {
  switch (nativePath) {
    case '/services/oauth2/token':
    case '/services/oauth2/revoke':
    case '/services/oauth2/authorize':
      return true
    default:
      return nativePath.startsWith('/services/Soap/u/')
  }
}

/** What a login call names besides its path: client ids, tokens and SOAP logins to look up. */
export interface LoginHints {
  clientIds: string[]
  tokens: string[]
  /** The username and password of a SOAP `login`. */
  logins: Array<{ username: string; password: string }>
}

/** Request parameters that name the caller: in the query, and in a form or SOAP body. */
export async function loginHints(call: ReceivedCall): Promise<LoginHints> {
  const clientIds: string[] = []
  const tokens: string[] = []
  const logins: LoginHints['logins'] = []
  const params = [call.url.searchParams]
  const type = call.body.contentType?.toLowerCase() ?? ''
  const text = new TextDecoder().decode(call.body.data)
  if (type.startsWith('application/x-www-form-urlencoded')) params.push(new URLSearchParams(text))
  for (const param of params) {
    for (const name of ['client_id']) for (const value of param.getAll(name)) clientIds.push(value)
    for (const name of ['token', 'refresh_token']) for (const value of param.getAll(name)) tokens.push(value)
  }
  const basic = call.request.headers.get('authorization')?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)?.[1]
  if (basic) clientIds.push(Buffer.from(basic, 'base64').toString('utf8').split(':')[0]!)
  // the SOAP reader (and its XML parser) loads on the first body that looks like XML
  const soapReader = text.trimStart().startsWith('<')
    ? await import('../replica/oauth/soap-request.js')
    : undefined
  const session = soapReader?.soapSessionId(text)
  if (session) tokens.push(session)
  const soap =
    soapReader && call.path?.nativePath.startsWith('/services/Soap/u/')
      ? soapRequestOf(text, soapReader.parseSoapRequest)
      : undefined
  if (soap?.operation === 'login') logins.push({ username: soap.username, password: soap.password })
  if (call.path?.urlToken) tokens.push(call.path.urlToken)
  return { clientIds, tokens, logins }
}

/** The SOAP call a body holds, read by the app's own parser; undefined when it holds none (the app answers the fault). */
function soapRequestOf(text: string, parse: (xml: string) => SoapRequest): SoapRequest | undefined {
  try {
    return parse(text)
  } catch {
    return undefined
  }
}

/**
 * The environment and app a login call is for: the prefix's, else the one its client id, token
 * or SOAP username and password belong to; an `unauthenticated` refusal when nothing names one.
 */
export function resolveLoginTarget(
  ctx: ManagementContext,
  prefix: { environmentId: string; appName?: string | undefined } | undefined,
  hints: LoginHints,
  refusalTarget: RefusedCallTarget | undefined,
): { environmentId: string; app: string } {
  const named = ownerOf(ctx, hints)
  if (prefix) {
    const environment = ctx.store.environments.findById(prefix.environmentId)
    const app =
      prefix.appName ?? (named?.environmentId === prefix.environmentId ? named.app : onlyApp(environment))
    if (environment && app !== undefined) return { environmentId: environment.id, app }
  } else if (named) {
    return named
  }
  throw new GatewayRefusal(
    'unauthenticated',
    prefix
      ? 'Failed to find the app to log in to: the path names no app of a known environment'
      : 'Failed to find the app to log in to: use the login URL of the credentials (the app URL), a client id it issued, or its username and password',
    refusalTarget,
  )
}

function ownerOf(
  ctx: ManagementContext,
  hints: LoginHints,
): { environmentId: string; app: string } | undefined {
  for (const clientId of hints.clientIds) {
    const row = findCredentialsByClientId(ctx, clientId)
    if (row) return { environmentId: row.environmentId, app: row.app }
  }
  for (const token of hints.tokens) {
    const owner = findAppToken(ctx, token) ?? findIssuedToken(ctx, token)
    if (owner) return { environmentId: owner.environmentId, app: owner.app }
  }
  for (const { username, password } of hints.logins) {
    const row = findCredentialsByLogin(ctx, username, password)
    if (row) return { environmentId: row.environmentId, app: row.app }
  }
  return undefined
}

function onlyApp(environment: StoredEnvironment | undefined): string | undefined {
  return environment?.apps.length === 1 ? environment.apps[0]!.name : undefined
}
