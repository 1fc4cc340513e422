/**
 * @module
 * Splits an app URL's path into its optional prefix and the native path (DESIGN.md "URLs"):
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

const PREFIX = '/apps/'
const SLASH = 47
const T = 116

/** Undefined for a path under `/apps` that names no environment or is not decodable. */
export function parseAppPath(pathname: string): AppPath | undefined {
  if (pathname !== '/apps' && !pathname.startsWith(PREFIX)) return { nativePath: pathname }
  const environmentEnd = segmentEnd(pathname, PREFIX.length)
  const environmentId = decode(pathname.slice(PREFIX.length, environmentEnd))
  if (!environmentId) return undefined
  // where the segment after the environment starts (past the end when there is none)
  let at = environmentEnd + 1
  let appName: string | undefined
  let urlToken: string | undefined
  if (at < pathname.length && pathname.charCodeAt(at) !== SLASH && !isTokenAt(pathname, at)) {
    const end = segmentEnd(pathname, at)
    const segment = pathname.slice(at, end)
    if (segment !== 'services') {
      appName = segment
      at = end + 1
    }
  }
  if (isTokenAt(pathname, at)) {
    const end = segmentEnd(pathname, at + 2)
    urlToken = decode(pathname.slice(at + 2, end))
    if (!urlToken) return undefined
    at = end + 1
  }
  return { prefix: { environmentId, appName }, urlToken, nativePath: `/${pathname.slice(at)}` }
}

/** Where the segment starting at `start` ends (its `/`, or the end of the path). */
function segmentEnd(pathname: string, start: number): number {
  const end = pathname.indexOf('/', start)
  return end === -1 ? pathname.length : end
}

/** Whether the segment at `at` is `t` and a non-empty segment follows it (the token form). */
function isTokenAt(pathname: string, at: number): boolean {
  return (
    pathname.charCodeAt(at) === T &&
    pathname.charCodeAt(at + 1) === SLASH &&
    at + 2 < pathname.length &&
    pathname.charCodeAt(at + 2) !== SLASH
  )
}

function decode(segment: string): string | undefined {
  if (segment === '') return undefined
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}
