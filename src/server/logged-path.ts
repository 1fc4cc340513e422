/**
 * @module
 * What the request log shows of a request's path: the path with an app token redacted and, for a
 * native call, the environment and app it is for.
 * @note The gateway resolves environment and app from the app token but hands back only a
 * Response (`Gateway.fetch`), and src/gateway is being restructured (issue 10): rather than touch
 * it, the log looks the token up itself, read-only, as the gateway does — the token's credentials
 * name environment and app; without a known token, the `/apps/{environmentId}/{appName}` prefix
 * does. A Map lookup per native call.
 */
import { parseAppPath } from '../gateway/app-path.js'
import { collapseSlashes } from '../gateway/received-call.js'
import { findAppToken } from '../management/credentials.js'
import type { ManagementContext } from '../management/context.js'
import { REDACTED } from '../calls/redaction.js'

export interface LoggedPath {
  /** The path as requested, without the query. */
  path: string
  /** The same with the `/t/{token}` segment redacted: what the log shows. */
  shownPath: string
  environmentId?: string | undefined
  app?: string | undefined
}

/** The path of `request.url` without its query, cheaper than `new URL()` (the adapter builds absolute URLs). */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const query = url.indexOf('?', start)
  return query === -1 ? url.slice(start) : url.slice(start, query)
}

export function loggedPath(ctx: ManagementContext, request: Request): LoggedPath {
  const path = pathOf(request.url)
  if (!path.startsWith('/apps') && !path.startsWith('/services') && !path.startsWith('//'))
    return { path, shownPath: path }
  const appPath = parseAppPath(collapseSlashes(path))
  if (!appPath) return { path, shownPath: path }
  const { prefix, urlToken } = appPath
  const shownPath = urlToken === undefined ? path : redactUrlToken(collapseSlashes(path))
  const token = urlToken ?? request.headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
  const credentials = token === undefined ? undefined : findAppToken(ctx, token)
  if (credentials) {
    return { path, shownPath, environmentId: credentials.environmentId, app: credentials.app }
  }
  return { path, shownPath, environmentId: prefix?.environmentId, app: prefix?.appName }
}

/** `/apps/{env}[/{app}]/t/{token}/…` with the token segment redacted (where parseAppPath found it). */
function redactUrlToken(path: string): string {
  const parts = path.split('/')
  // ['', 'apps', env, 't', token, …] or ['', 'apps', env, app, 't', token, …]
  parts[parts[3] === 't' && parts[4] ? 4 : 5] = REDACTED
  return parts.join('/')
}
