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
  const path = new URL(request.url).pathname
  const tokenHidden = note?.tokenInPath ? redactUrlToken(collapseSlashes(path)) : path
  const shownPath = tokenHidden
    .split('/')
    .map((segment) => (isSecret(decodeSegment(segment)) ? REDACTED : segment))
    .join('/')
  return { path, shownPath, environmentId: note?.environmentId, app: note?.app }
}

function decodeSegment(segment: string): string {
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
