/**
 * @module
 * What the request log shows of a request's path: the path with an app token redacted and, for a
 * native call, the environment and app it is for — both as the gateway resolved them (the
 * `CallNote` it leaves in the request context, src/gateway/call-note.ts), so logging a call
 * looks nothing up again —
 * and any path segment that is a known secret redacted.
 */
import type { CallNote } from '../gateway/call-note.js'
import { collapseSlashes } from '../gateway/received-call.js'
import { REDACTED } from '../calls/redaction.js'

export interface LoggedPath {
  /** The path as requested, without the query. */
  path: string
  /** The same with the `/t/{token}` segment redacted: what the log shows. */
  shownPath: string
  environmentId?: string | undefined
  app?: string | undefined
}

/**
 * `note` is what the gateway noted (undefined for a request it did not answer); `isSecret` tells
 * a path segment that is a known secret (a token sent where a path segment goes), shown redacted.
 */
export function loggedPath(
  request: Request,
  note: CallNote | undefined,
  isSecret: (segment: string) => boolean,
): LoggedPath {
  const path = pathOf(request.url)
  const tokenHidden = note?.tokenInPath ? redactUrlToken(collapseSlashes(path)) : path
  const segments = tokenHidden.split('/')
  let redacted = false
  for (const [i, segment] of segments.entries()) {
    if (!isSecret(decodeSegment(segment))) continue
    segments[i] = REDACTED
    redacted = true
  }
  return {
    path,
    shownPath: redacted ? segments.join('/') : tokenHidden,
    environmentId: note?.environmentId,
    app: note?.app,
  }
}

/**
 * The path of a request's URL, without its query or fragment. A `Request`'s URL is already
 * serialised by the URL parser (both transports' requests parse it), so the path is cut out of it
 * rather than parsed again for each line of the log.
 */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  let end = url.length
  for (const mark of ['?', '#']) {
    const at = url.indexOf(mark, start)
    if (at !== -1 && at < end) end = at
  }
  return url.slice(start, end)
}

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** `/apps/{env}[/{app}]/t/{token}/…` with the token segment redacted (where the gateway found it). */
function redactUrlToken(path: string): string {
  const parts = path.split('/')
  // ['', 'apps', env, 't', token, …] or ['', 'apps', env, app, 't', token, …]
  parts[parts[3] === 't' && parts[4] ? 4 : 5] = REDACTED
  return parts.join('/')
}
