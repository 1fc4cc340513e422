/**
 * @module
 * The gateway in front of the apps (docs/gateway.md): middleware of the one Hono app on the app
 * URLs (`/apps/...`) and the native paths at the root (`/services/...`, `/id/...`). For every
 * call, in these steps:
 * 1. receive: read the URL, token and request body, if the method has one (at most 4 MiB,
 *    or `maxUploadBytes` for a Bulk API CSV upload);
 * 2. admit: resolve environment, app and actor from the app token and refuse what it must
 *    (`resolveAppCall`), then a request body over the cap (`admit-call.ts`);
 * 3. faults: apply queued `gateway.latency` / `gateway.error` faults (`inject-faults.ts`);
 * 4. the app answers: the built-in CRM app's routes, mounted in the same app, answer the same
 *    request (`next()`), with the call in the request context (`c.get('native')`) and telling the
 *    gateway the endpoint they served (`c.get('nativeEndpoint')`) and which bodies carry a file's
 *    bytes (`c.get('nativeBinary')`), and the body they answered (`c.get('nativeAnswer')`); a
 *    user's app (`nativeHandlers`) gets a `Request` of its own (`call-app.ts`). An answer over the
 *    cap is refused;
 * 5. answer the client: a built-in route's answer as the route made it (decision 0067), any other
 *    anew through the context; record the call from the answer as the client gets it
 *    (`record-call.ts`; best effort: a failure to record never changes the answer), count it for
 *    the fidelity report (`count-native-usage.ts`), and note it for the transport's request log
 *    (`c.get('callNote')`).
 * A refusal at any step is answered in the gateway's error format (an authentication failure on a
 * native path in the native one, `native-auth-failure.ts`), and recorded when the call can be tied
 * to an environment.
 */
import type { Context, MiddlewareHandler, Next } from 'hono'
import type { StatusCode } from 'hono/utils/http-status'
import type { ManagementContext } from '../management/context.js'
import { MAX_NATIVE_BODY_BYTES, type NativeHandler, type NativeVariables } from '../replica/native-call.js'
import { admitCall } from './admit-call.js'
import { appAnswer, callHandler, routeAnswer } from './call-app.js'
import { type CallNote, noteOf } from './call-note.js'
import { type CallOutcome, refusedOutcome } from './call-outcome.js'
import { countNativeUsage } from './count-native-usage.js'
import { GatewayRefusal } from './gateway-refusal.js'
import { injectFaults } from './inject-faults.js'
import { nativeAuthFailure } from './native-auth-failure.js'
import { type ReceivedCall, receiveCall } from './received-call.js'
import { recordCall } from './record-call.js'

export interface GatewayOptions {
  ctx: ManagementContext
  /**
   * The user's handler of a catalog app (by app id, the `nativeHandlers` option); undefined for
   * an app the built-in CRM routes serve, which answer after the gateway (`next()`).
   */
  userHandler(appId: string): NativeHandler | undefined
  /** Largest Bulk API 2.0 CSV upload (`PUT .../jobs/ingest/{id}/batches`), in bytes. */
  maxUploadBytes: number
}

/** The request context the gateway fills: the call for the routes, and the note for the transport. */
export type GatewayEnv = {
  Variables: NativeVariables & {
    /** Set once the gateway has answered: what the request log shows of the call. */
    callNote: CallNote
  }
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

export function gatewayMiddleware(options: GatewayOptions): MiddlewareHandler<GatewayEnv> {
  const { ctx, userHandler, maxUploadBytes } = options
  const caps = { maxBytes: MAX_NATIVE_BODY_BYTES, maxUploadBytes }
  // the configured origin, read per call (a standalone server sets it once it listens), parsed
  // once per value
  let origin = { of: '', is: '' }
  const originOf = (baseUrl: string) => {
    if (origin.of !== baseUrl) origin = { of: baseUrl, is: new URL(baseUrl).origin }
    return origin.is
  }

  /** Steps 2-4: the app's answer, or the refusal of the step that refused. */
  const answer = async (c: Context<GatewayEnv>, call: ReceivedCall, next: Next): Promise<CallOutcome> => {
    try {
      const admitted = await admitCall(ctx, call)
      const faulted = await injectFaults(ctx, call, admitted.where)
      if (faulted) return faulted
      const origin = originOf(ctx.baseUrl())
      const handler = userHandler(admitted.native.appId)
      if (handler) return await callHandler(handler, call, admitted, origin)
      c.set('native', { call: admitted.native, origin, body: call.body.data })
      await next()
      // a blob's bytes are kept out of the recording (the routes say which body carries one)
      const binary = c.get('nativeBinary')
      if (binary?.request) call.body.binary = true
      return await appAnswer(c.res, admitted.where, {
        endpoint: c.get('nativeEndpoint'),
        binary: binary?.response,
        answeredBody: routeAnswer(c.get('nativeAnswer'), c.res)?.body,
      })
    } catch (error) {
      return refusal(ctx, call, error)
    }
  }

  return async (c, next) => {
    const call = await receiveCall(c.req.raw, ctx.clock.nowMs(), caps)
    const outcome = await answer(c, call, next)
    const { status, headers, body } = outcome
    // a built-in route's answer, still as the route made it, goes out as it is: it came through
    // the context, so it carries the request id and CORS headers, and its body is what was recorded
    const asMade = outcome.respondedBy === 'app' && routeAnswer(c.get('nativeAnswer'), c.res) !== undefined
    if (!asMade) {
      // through the context, so a refusal carries the request id and CORS headers too
      // as name/value pairs: msw's Headers in-process copies another Headers by the names it saw set
      c.res = undefined
      c.res = c.newResponse(NULL_BODY_STATUSES.has(status) ? null : body.data, {
        status: status as StatusCode,
        headers: [...headers],
      })
    }
    c.set('callNote', noteOf(call))
    recordCall(ctx, call, outcome, c.res.headers)
    if (ctx.usage) countNativeUsage(ctx.usage, call, outcome)
  }
}

/**
 * The gateway's answer to a call a step refused (or failed on: logged, `internal_error`). A call
 * refused before it was tied to an environment is recorded under the one the refusal names.
 */
function refusal(ctx: ManagementContext, call: ReceivedCall, error: unknown): CallOutcome {
  let refusal: GatewayRefusal
  if (error instanceof GatewayRefusal) {
    refusal = error
  } else {
    console.error('[replica-mock] Failed to handle "%s %s"', call.request.method, call.url.pathname, error)
    refusal = new GatewayRefusal('internal_error', 'Failed to handle the call: unexpected error')
  }
  if (call.environmentId === undefined && refusal.target) {
    call.environmentId = refusal.target.environmentId
    call.app = refusal.target.app
    call.pending = ctx.recordedCalls.begin(refusal.target.environmentId)
  }
  const nativePath = call.path?.nativePath
  if (
    (refusal.code === 'unauthenticated' || refusal.code === 'prefix_mismatch') &&
    nativePath !== undefined
  ) {
    return nativeAuthFailure(refusal, nativePath)
  }
  return refusedOutcome(refusal)
}
