/**
 * @module
 * The request log's middleware: the outermost of the one app, so it times the whole answer
 * (a state file's journal included) and reads what the gateway noted about a native call
 * (`c.get('callNote')`: its environment and app, and whether its path held a token).
 */
import type { MiddlewareHandler } from 'hono'
import type { ReplicaEnv } from '../handlers/http/replica-env.js'
import type { AccessLogEntry } from './access-log.js'
import { loggedPath } from './logged-path.js'

export interface RequestLogTargets {
  /** Writes the line the log shows (its path redacted). */
  write?: ((entry: AccessLogEntry) => void) | undefined
  /** Told of every request, its path unredacted (`onRequest`). */
  onRequest?: ((entry: AccessLogEntry) => void) | undefined
  /** A path segment that is a known secret (a token sent where a path segment goes). */
  isSecret(segment: string): boolean
}

export function requestLogMiddleware(targets: RequestLogTargets): MiddlewareHandler<ReplicaEnv> {
  const { write, onRequest, isSecret } = targets
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = performance.now() - started
    const logged = loggedPath(c.req.raw, c.get('callNote'), isSecret)
    const { method } = c.req
    const { status } = c.res
    const { environmentId, app } = logged
    write?.({ method, path: logged.shownPath, status, ms, environmentId, app })
    onRequest?.({ method, path: logged.path, status, ms, environmentId, app })
  }
}
