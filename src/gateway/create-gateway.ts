/**
 * @module
 * The gateway in front of the apps (docs/gateway.md).
 * For every call to an app URL, or to a native path at the root, in these steps:
 * 1. receive: read the URL, token and request body, if the method has one (at most 4 MiB,
 *    or `maxUploadBytes` for a Bulk API CSV upload);
 * 2. admit: resolve environment, app and actor from the app token and refuse what it must
 *    (`resolveAppCall`), then a request body over the cap (`admit-call.ts`);
 * 3. faults: apply queued `gateway.latency` / `gateway.error` faults (`inject-faults.ts`);
 * 4. call the app: hand its `NativeHandler` a new Request for the native path on the mock's
 *    configured origin (`baseUrl`, never the request's `Host`), and refuse a response over the
 *    cap (`call-app.ts`);
 * 5. record the call (`record-call.ts`; best effort: a failure to record never changes the answer),
 *    and count it for the fidelity report (`count-native-usage.ts`).
 * A refusal at any step is answered in the gateway's error format (an authentication failure on a
 * native path in the native one, `native-auth-failure.ts`), and recorded when the call can be tied
 * to an environment.
 */
import type { ManagementContext } from '../management/context.js'
import type { NativeHandler } from '../replica/native-call.js'
import { admitCall } from './admit-call.js'
import { callApp } from './call-app.js'
import { type CallNote, noteCall } from './call-note.js'
import { type CallOutcome, refusedOutcome } from './call-outcome.js'
import { countNativeUsage } from './count-native-usage.js'
import { GatewayRefusal } from './gateway-refusal.js'
import { injectFaults } from './inject-faults.js'
import { nativeAuthFailure } from './native-auth-failure.js'
import { type ReceivedCall, receiveCall } from './received-call.js'
import { recordCall } from './record-call.js'

/** The largest request and response body the gateway passes (docs/limits.md): 4 MiB. */
const MAX_NATIVE_BODY_BYTES = 4 * 1024 * 1024

export interface GatewayOptions {
  ctx: ManagementContext
  /** The native handler of a catalog app (by app id), or undefined when none serves it. */
  nativeHandler: (appId: string) => NativeHandler | undefined
  /** Largest Bulk API 2.0 CSV upload (`PUT .../jobs/ingest/{id}/batches`), in bytes. */
  maxUploadBytes: number
}

/** What the client gets: the app's status, headers and body, or the gateway's refusal. */
export interface GatewayAnswer {
  status: number
  headers: Headers
  /** Null for a status that has no body (204, 304...). */
  body: Uint8Array<ArrayBuffer> | null
}

export interface Gateway {
  /**
   * Answers one call to an app URL (`/apps/...`) or a native path at the root (`/services/...`).
   * @param note filled with the environment and app the call was tied to (call-note.ts), for the
   * transport's request log.
   */
  answer(request: Request, note?: CallNote): Promise<GatewayAnswer>
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

export function createGateway(options: GatewayOptions): Gateway {
  const { ctx, nativeHandler, maxUploadBytes } = options
  const caps = { maxBytes: MAX_NATIVE_BODY_BYTES, maxUploadBytes }

  /** Steps 2-4: the app's answer, or the refusal of the step that refused. */
  const answer = async (call: ReceivedCall): Promise<CallOutcome> => {
    try {
      const admitted = await admitCall(ctx, call)
      const faulted = await injectFaults(ctx, call, admitted.where)
      if (faulted) return faulted
      // the configured origin, read per call: a standalone server sets it once it listens
      const origin = new URL(ctx.baseUrl()).origin
      return await callApp(
        nativeHandler(admitted.native.appId),
        call,
        admitted,
        MAX_NATIVE_BODY_BYTES,
        origin,
      )
    } catch (error) {
      return refusal(ctx, call, error)
    }
  }

  return {
    async answer(request, note) {
      const call = await receiveCall(request, ctx.clock.nowMs(), caps)
      const outcome = await answer(call)
      if (note) noteCall(note, call)
      recordCall(ctx, call, outcome)
      if (ctx.usage) countNativeUsage(ctx.usage, call, outcome)
      const { status, headers, body } = outcome
      return { status, headers, body: NULL_BODY_STATUSES.has(status) ? null : body.data }
    },
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
