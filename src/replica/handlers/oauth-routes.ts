/**
 * @module
 * The OAuth 2.0 endpoints under `/services/oauth2`: `token` (POST), `revoke` (POST, or GET with
 * `?token=`), `authorize` (the web server flow's login page, GET, and its form, POST) and
 * `userinfo` (GET with the access token). Errors are OAuth's own: 400 `{ error,
 * error_description }` (urlencoded for revoke, which is how jsforce reads them).
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_endpoints.htm
 */
import type { Hono } from 'hono'
import type { z } from 'zod'
import { AuthorizeLogin, AuthorizeRequest, RevokeRequest, TokenRequest } from '../../schemas/oauth.js'
import { UnsupportedFeatureError } from '../errors.js'
import { authorizeLogin, checkAuthorizeRequest } from '../oauth/authorize.js'
import { callerUser, userInfoBody } from '../oauth/identity.js'
import { OAuthError, oauthErrorOf } from '../oauth/oauth-error.js'
import { revokeToken } from '../oauth/revoke.js'
import { grantToken } from '../oauth/token-grants.js'
import { checkFormToken, issueFormToken } from './login-form.js'
import { loginPage } from './login-page.js'
import { loginPageHeaders } from './login-page-headers.js'
import { formParams, loginContext, withBasicClient } from './login-routes-common.js'
import type { NativeContext, NativeEnv } from './native-env.js'

export function oauthRoutes(app: Hono<NativeEnv>): void {
  app.all('/services/oauth2/token', (c) => oauth(c, ['POST'], token))
  app.all('/services/oauth2/revoke', (c) => oauth(c, ['POST', 'GET'], revoke, true))
  app.all('/services/oauth2/authorize', loginPageHeaders, (c) => oauth(c, ['GET', 'POST'], authorize))
  app.all('/services/oauth2/userinfo', (c) => oauth(c, ['GET', 'POST'], userinfo))
}

/** Runs an endpoint, answering its OAuth errors in OAuth's format. */
async function oauth(
  c: NativeContext,
  methods: readonly string[],
  endpoint: (c: NativeContext) => Promise<Response>,
  urlencodedErrors = false,
): Promise<Response> {
  try {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
    if (!methods.includes(method)) {
      c.header('allow', methods.join(','))
      throw new OAuthError(
        'invalid_request',
        `HTTP method ${c.req.method} not allowed; use ${methods.join(' or ')}`,
      )
    }
    return await endpoint(c)
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error
    const status = error.message.startsWith('HTTP method') ? 405 : 400
    if (urlencodedErrors) {
      const body = new URLSearchParams({ error: error.code, error_description: error.message })
      return c.body(body.toString(), status, { 'content-type': 'application/x-www-form-urlencoded' })
    }
    return c.json({ error: error.code, error_description: error.message }, status)
  }
}

function parse<S extends z.ZodType>(schema: S, params: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(params)
  if (!parsed.success) throw oauthErrorOf(parsed.error.issues, params)
  return parsed.data
}

async function token(c: NativeContext): Promise<Response> {
  const request = parse(TokenRequest, withBasicClient(c, await formParams(c)))
  const answer = await grantToken(loginContext(c), request)
  // token responses are never cached (RFC 6749 5.1)
  return c.json(answer, 200, { 'cache-control': 'no-store', pragma: 'no-cache' })
}

async function revoke(c: NativeContext): Promise<Response> {
  const { token } = parse(RevokeRequest, await formParams(c))
  await revokeToken(loginContext(c), token)
  return c.body(null, 200)
}

async function authorize(c: NativeContext): Promise<Response> {
  const params = await formParams(c)
  const login = loginContext(c)
  if (c.req.method === 'GET') {
    const request = parse(AuthorizeRequest, params)
    checkAuthorizeRequest(login, request)
    return c.html(loginPage(request, undefined, issueFormToken(c)))
  }
  const request = parse(AuthorizeLogin, params)
  checkFormToken(c, request.form_token)
  const redirect = await authorizeLogin(login, request)
  if (redirect === undefined) {
    return c.html(loginPage(request, 'Wrong username or password.', request.form_token), 200)
  }
  return c.redirect(redirect, 302)
}

async function userinfo(c: NativeContext): Promise<Response> {
  const { format } = await formParams(c)
  if (format !== undefined && format !== 'json')
    throw new UnsupportedFeatureError(`UserInfo in format "${format}"`)
  const login = loginContext(c)
  return c.json(userInfoBody(login, callerUser(login)))
}
