/**
 * @module
 * `GET /services/data` (the versions the app version serves, in Salesforce's shape) and the
 * version check every `/services/data/vXX.X/...` path passes: a version the app version does not
 * serve is a 404 in the native format, as in the real API.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_versions.htm
 */
import type { MiddlewareHandler } from 'hono'
import type { NativeCall } from '../native-call.js'
import { NotFoundError } from '../errors.js'
import { formatApiVersion, parseApiVersion } from '../metadata/api-version.js'
import { jsonUtf8, jsonValue } from './json-response.js'
import type { NativeContext, NativeEnv } from './native-env.js'

/** Salesforce's release of a REST API version: 48.0 was Spring '20, then Summer, Winter, Spring... */
export function releaseLabel(version: number): string {
  const releases = version - 48
  const season = ['Spring', 'Summer', 'Winter'][((releases % 3) + 3) % 3]
  const year = 20 + Math.floor((releases + 1) / 3)
  return `${season} '${String(year).padStart(2, '0')}`
}

/** The served versions as numbers, oldest first. */
export function servedVersions(call: NativeCall): number[] {
  const versions = new Set<number>()
  for (const version of call.apiVersions) {
    const parsed = parseApiVersion(version)
    if (parsed !== undefined) versions.add(parsed)
  }
  return [...versions].sort((a, b) => a - b)
}

export function listVersions(c: NativeContext): Response {
  const versions = servedVersions(c.get('native').call).map((version) => ({
    label: releaseLabel(version),
    url: `/services/data/v${formatApiVersion(version)}`,
    version: formatApiVersion(version),
  }))
  return jsonUtf8(c, versions)
}

/** Checks the path's `vXX.X` against the served versions and sets the caller's view. */
export function requireServedVersion(): MiddlewareHandler<NativeEnv> {
  return (c, next) => {
    const version = parseApiVersion(c.req.param('version') ?? '')
    if (version === undefined) throw new NotFoundError()
    const apiVersion = formatApiVersion(version)
    // the gateway lists versions as "60.0": the parse is only for another spelling
    const { apiVersions } = c.get('native').call
    if (!apiVersions.includes(apiVersion) && !servedVersions(c.get('native').call).includes(version)) {
      throw new NotFoundError()
    }
    c.set('view', { apiVersion, actor: c.get('native').call.actor })
    return next()
  }
}

/**
 * `GET /services/data/vXX.X`: the resources the replica serves at that version. `identity` is the
 * caller's identity URL, absolute (jsforce's `conn.identity()` fetches it as it is).
 */
export function listResources(c: NativeContext): Response {
  const base = `/services/data/v${c.get('view').apiVersion}`
  return jsonValue(c, {
    sobjects: `${base}/sobjects`,
    query: `${base}/query`,
    queryAll: `${base}/queryAll`,
    composite: `${base}/composite`,
    search: `${base}/search`,
    limits: `${base}/limits`,
    recent: `${base}/recent`,
    ...identityOf(c),
  })
}

function identityOf(c: NativeContext): { identity?: string } {
  const app = c.get('data')
  const { call } = c.get('native')
  const user = app.userOf(call.actor)
  if (app.organizationId === undefined || !user) return {}
  return { identity: `${c.get('native').origin}/id/${app.organizationId}/${user.id}` }
}
