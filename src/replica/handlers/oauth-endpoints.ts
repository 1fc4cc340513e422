/**
 * @module
 * The OAuth 2.0 endpoints' work (token, revoke, authorize, userinfo), loaded with the first login
 * (oauth-routes.ts registers the routes): their zod schemas are built then.
 */
import type * as z from 'zod'
import { AuthorizeLogin, AuthorizeRequest, RevokeRequest, TokenRequest } from '../../schemas/oauth.js'
import { UnsupportedFeatureError } from '../errors.js'
import { authorizeLogin, checkAuthorizeRequest } from '../oauth/authorize.js'
import { callerUser, userInfoBody } from '../oauth/identity.js'
import { oauthErrorOf } from '../oauth/oauth-error.js'
import { revokeToken } from '../oauth/revoke.js'
import { grantToken } from '../oauth/token-grants.js'
import { checkFormToken, issueFormToken } from './login-form.js'
import { loginPage } from './login-page.js'
import { formParams, loginContext, withBasicClient } from './login-routes-common.js'
import { type NativeContext, nativeMethod } from './native-env.js'
import { answerWith, jsonValue } from './json-response.js'

function parse<S extends z.ZodType>(schema: S, params: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(params)
  if (!parsed.success) throw oauthErrorOf(parsed.error.issues, params)
  return parsed.data
}

export async function token(c: NativeContext): Promise<Response> {
  const request = parse(TokenRequest, withBasicClient(c, await formParams(c)))
  const answer = await grantToken(loginContext(c), request)
  // token responses are never cached (RFC 6749 5.1)
  return jsonValue(c, answer, 200, { 'cache-control': 'no-store', pragma: 'no-cache' })
}

export async function revoke(c: NativeContext): Promise<Response> {
  const { token } = parse(RevokeRequest, await formParams(c))
  await revokeToken(loginContext(c), token)
  return answerWith(c, null, 200)
}

export async function authorize(c: NativeContext): Promise<Response> {
  const params = await formParams(c)
  const login = loginContext(c)
  if (nativeMethod(c) === 'GET') {
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

export async function userinfo(c: NativeContext): Promise<Response> {
  const { format } = await formParams(c)
  if (format !== undefined && format !== 'json')
    throw new UnsupportedFeatureError(`UserInfo in format "${format}"`)
  const login = loginContext(c)
  return jsonValue(c, userInfoBody(login, callerUser(login)))
}
