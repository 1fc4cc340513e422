/**
 * @module
 * Hands a finished call to the recorded calls (`src/calls`), which redact and keep it. Best
 * effort: a failure to record is logged and never changes the answer.
 */
import type { ManagementContext } from '../management/context.js'
import type { CallOutcome } from './call-outcome.js'
import type { ReceivedCall } from './received-call.js'

/**
 * Completes the call's place in its environment's recorded calls (nothing when it has none).
 * @param responseHeaders the headers of the answer as the client gets it
 */
export function recordCall(
  ctx: ManagementContext,
  call: ReceivedCall,
  outcome: CallOutcome,
  responseHeaders: Headers,
): void {
  const { request, url, path, pending } = call
  if (!pending) return
  const durationMs =
    ctx.clock.nowMs() - call.receivedAtMs + (ctx.clock.mode === 'manual' ? call.injectedMs : 0)
  try {
    ctx.recordedCalls.complete(pending, {
      app: call.app,
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      requestHeaders: request.headers,
      requestBody: call.body,
      responseStatus: outcome.status,
      respondedBy: outcome.respondedBy,
      errorCode: outcome.errorCode,
      responseHeaders,
      responseBody: outcome.body,
      receivedAtMs: call.receivedAtMs,
      durationMs,
      secrets: secretsOf(call, outcome),
      credentialsExchange: path !== undefined && isCredentialsExchange(path.nativePath),
    })
  } catch (error) {
    // recording is best effort: the caller still gets its answer
    console.error('[replica-mock] Failed to record "%s %s"', request.method, url.pathname, error)
  }
}

/** Query parameters that hold secrets (the login endpoints' passwords, client secrets, codes, tokens). */
const SECRET_PARAMS = [
  'password',
  'client_secret',
  'code',
  'code_verifier',
  'refresh_token',
  'token',
  'access_token',
  'oauth_token',
]

/**
 * Every secret the call carries, for the recording to blank wherever it appears: the tokens it
 * presented (Authorization, `/t/{token}`, `?oauth_token=`), secrets in its query string, and the
 * authorization code a login redirect hands out. An encoded occurrence (a form writes `!` as
 * `%21`) is found through the decoded text (`findSecrets`), so one spelling is enough.
 */
export function secretsOf(call: ReceivedCall, outcome: CallOutcome): string[] {
  const out: string[] = []
  addSecret(out, call.headerToken)
  addSecret(out, call.path?.urlToken)
  addSecret(out, call.queryToken)
  addParams(out, call.url.searchParams)
  const location = outcome.headers.get('location')
  if (location?.includes('?')) addParams(out, new URLSearchParams(location.slice(location.indexOf('?'))))
  return out
}

/** Adds `secret` unless it is there already. */
function addSecret(out: string[], secret: string | undefined): void {
  if (secret && !out.includes(secret)) out.push(secret)
}

function addParams(out: string[], params: URLSearchParams): void {
  for (const name of SECRET_PARAMS) for (const value of params.getAll(name)) addSecret(out, value)
}

/** Login, OAuth and SOAP calls carry secrets (passwords, tokens, session ids) in their bodies. */
function isCredentialsExchange(nativePath: string): boolean {
  return (
    nativePath === '/login' ||
    nativePath.startsWith('/services/oauth2/') ||
    nativePath.startsWith('/services/Soap/')
  )
}
