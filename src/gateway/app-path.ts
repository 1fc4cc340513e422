/**
 * @module
 * Splits an app URL's path into its optional prefix and the native path (docs/gateway.md):
 * `/apps/{environmentId}[/{appName}][/t/{token}]{nativePath}`, or a native path at the root.
 * @note After the environment id, a segment `t` followed by another segment is the token form and
 * `services` starts the native path, so apps named `t` or `services` cannot be named in the path
 * (their token alone still routes the call).
 */

export interface AppPath {
  /** The prefix's environment and app, when the path had one. */
  prefix?: { environmentId: string; appName?: string | undefined }
  /** The `/t/{token}` segment. */
  urlToken?: string
  /** What the app sees as the request path (`/services/...`), `/` when nothing follows the prefix. */
  nativePath: string
}

/** Undefined for a path under `/apps` that names no environment or is not decodable. */
export function parseAppPath(pathname: string): AppPath | undefined {
  if (pathname !== '/apps' && !pathname.startsWith('/apps/')) return { nativePath: pathname }
  const [environmentSegment = '', ...rest] = pathname.slice('/apps/'.length).split('/')
  const environmentId = decode(environmentSegment)
  if (!environmentId) return undefined
  // the token form: a segment `t` with a non-empty segment after it
  const isTokenAt = (i: number) => rest[i] === 't' && !!rest[i + 1]
  let at = 0
  let appName: string | undefined
  let urlToken: string | undefined
  if (rest[0] && rest[0] !== 'services' && !isTokenAt(0)) {
    appName = rest[0]
    at = 1
  }
  if (isTokenAt(at)) {
    urlToken = decode(rest[at + 1] ?? '')
    if (!urlToken) return undefined
    at += 2
  }
  return { prefix: { environmentId, appName }, urlToken, nativePath: `/${rest.slice(at).join('/')}` }
}

function decode(segment: string): string | undefined {
  if (segment === '') return undefined
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}
