/**
 * @module
 * The identity URL `GET /id/{orgId}/{userId}` (with the access token as Bearer or
 * `?oauth_token=`): who a user of this org is (`conn.identity()` in jsforce). `format=json` is
 * the replica's only format; `version` fills the `{version}` of the service URLs.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_openid.htm
 */
import type { Hono } from 'hono'
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'
import { formatApiVersion, parseApiVersion } from '../metadata/api-version.js'
import { identityBody, identityUser } from '../oauth/identity.js'
import { loginContext } from './login-routes-common.js'
import { resource } from './method-dispatch.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { jsonValue } from './json-response.js'

export function identityRoutes(app: Hono<NativeEnv>): void {
  resource(app, '/id/:org/:user', { GET: identity, POST: identity })
}

function identity(c: NativeContext): Response {
  const format = c.req.query('format')
  if (format !== undefined && format !== 'json')
    throw new UnsupportedFeatureError(`The identity URL in format "${format}"`)
  if (c.req.query('callback') !== undefined)
    throw new UnsupportedFeatureError('JSONP (the callback parameter)')
  const versionParam = c.req.query('version')
  let version: string | undefined
  if (versionParam !== undefined) {
    const parsed = parseApiVersion(versionParam)
    if (parsed === undefined) {
      throw new ReplicaError(
        'MALFORMED_QUERY',
        `Failed to read the version parameter: "${versionParam}" is not an API version`,
      )
    }
    version = formatApiVersion(parsed)
  }
  const login = loginContext(c)
  const user = identityUser(login, c.req.param('org')!, c.req.param('user')!)
  return jsonValue(c, identityBody(login, user, version))
}
