/**
 * @module
 * Hands a finished call to the recorded calls (`src/calls`), which redact and keep it. Best
 * effort: a failure to record is logged and never changes the answer.
 */
import type { ManagementContext } from '../management/context.js'
import type { CallOutcome } from './call-outcome.js'
import type { ReceivedCall } from './received-call.js'

/** Completes the call's place in its environment's recorded calls (nothing when it has none). */
export function recordCall(ctx: ManagementContext, call: ReceivedCall, outcome: CallOutcome): void {
  const { request, url, path, pending } = call
  if (!pending) return
  const durationMs =
    ctx.clock.nowMs() - call.receivedAtMs + (ctx.clock.mode === 'manual' ? call.injectedMs : 0)
  try {
    ctx.requestLog.complete(pending, {
      app: call.app,
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      requestHeaders: call.rawHeaders ?? request.headers,
      requestBody: call.body,
      responseStatus: outcome.response.status,
      respondedBy: outcome.respondedBy,
      errorCode: outcome.errorCode,
      responseHeaders: outcome.headers ?? outcome.response.headers,
      responseBody: outcome.body,
      receivedAtMs: call.receivedAtMs,
      durationMs,
      secrets: secretsOf(call.headerToken, path?.urlToken),
      credentialsExchange: path !== undefined && isCredentialsExchange(path.nativePath),
    })
  } catch (error) {
    // recording is best effort: the caller still gets its answer
    console.error('[replica-mock] Failed to record "%s %s"', request.method, url.pathname, error)
  }
}

function secretsOf(headerToken: string | undefined, urlToken: string | undefined): string[] {
  if (headerToken === undefined) return urlToken === undefined ? [] : [urlToken]
  return urlToken === undefined || urlToken === headerToken ? [headerToken] : [headerToken, urlToken]
}

/** Login and OAuth token calls carry secrets in their bodies. */
function isCredentialsExchange(nativePath: string): boolean {
  return nativePath === '/login' || nativePath.startsWith('/services/oauth2/')
}
