/**
 * @module
 * The OAuth 2.0 endpoints under `/services/oauth2`: `token` (POST), `revoke` (POST, or GET with
 * `?token=`), `authorize` (the web server flow's login page, GET, and its form, POST) and
 * `userinfo` (GET with the access token). Errors are OAuth's own: 400 `{ error,
 * error_description }` (urlencoded for revoke, which is how jsforce reads them). The endpoints'
 * work loads with the first OAuth call (oauth-endpoints.ts).
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_endpoints.htm
 */
import type { Hono } from 'hono'
import { OAuthError } from '../oauth/oauth-error.js'
import { withLoaded } from './lazy-handler.js'
import { loginPageHeaders } from './login-page-headers.js'
import { type NativeContext, type NativeEnv, nativeMethod } from './native-env.js'
import { answerWith, jsonValue } from './json-response.js'

const endpoints = () => import('./oauth-endpoints.js')
type Endpoint = 'token' | 'revoke' | 'authorize' | 'userinfo'

export function oauthRoutes(app: Hono<NativeEnv>): void {
  app.all('/services/oauth2/token', (c) => oauth(c, ['POST'], 'token'))
  app.all('/services/oauth2/revoke', (c) => oauth(c, ['POST', 'GET'], 'revoke', true))
  app.all('/services/oauth2/authorize', loginPageHeaders, (c) => oauth(c, ['GET', 'POST'], 'authorize'))
  app.all('/services/oauth2/userinfo', (c) => oauth(c, ['GET', 'POST'], 'userinfo'))
}

/** Runs an endpoint, answering its OAuth errors in OAuth's format. */
async function oauth(
  c: NativeContext,
  methods: readonly string[],
  endpoint: Endpoint,
  urlencodedErrors = false,
): Promise<Response> {
  try {
    const asked = nativeMethod(c)
    const method = asked === 'HEAD' ? 'GET' : asked
    if (!methods.includes(method)) {
      c.header('allow', methods.join(','))
      throw new OAuthError('invalid_request', `HTTP method ${asked} not allowed; use ${methods.join(' or ')}`)
    }
    return await withLoaded(c, endpoints, (loaded) => loaded[endpoint](c))
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error
    const status = error.message.startsWith('HTTP method') ? 405 : 400
    if (urlencodedErrors) {
      const body = new URLSearchParams({ error: error.code, error_description: error.message })
      return answerWith(c, body.toString(), status, { 'content-type': 'application/x-www-form-urlencoded' })
    }
    return jsonValue(c, { error: error.code, error_description: error.message }, status)
  }
}
