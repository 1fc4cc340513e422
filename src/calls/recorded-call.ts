/**
 * @module
 * One recorded call (docs/gateway.md) and its views in the API (Request, RequestDetail). It
 * is redacted once, as it is recorded: what it holds is what any reader may see. What it keeps
 * of its bodies is decided by `body-keeping.ts`; `call-export.ts` is its state-document form.
 */
import type { RecordedRequest, RecordedRequestDetail, RespondedBy } from '../schemas/request.js'
import { type StoredBody, storeBody, toBodyPreview } from './body-keeping.js'
import type { SecretList } from './known-secrets.js'
import type { RawCall } from './raw-call.js'
import { redactHeaders, redactText } from './redaction.js'

/** A place in an environment's order of calls (see `recorded-calls.ts`). */
export interface PendingCall {
  readonly id: string
  readonly environmentId: string
  /** Its place in the environment's order; cursors name it. */
  readonly seq: number
}

export interface RecordedCall extends PendingCall {
  app: string
  method: string
  path: string
  query: string
  responseStatus: number
  respondedBy: RespondedBy
  errorCode: string | null
  durationMs: number
  requestBytes: number | null
  responseBytes: number | null
  receivedAtMs: number
  requestHeaders: Record<string, string>
  responseHeaders: Record<string, string>
  requestBody: StoredBody
  responseBody: StoredBody
}

/**
 * The call `raw` recorded at `place`, redacted: `secrets` are the ones its environment's calls
 * may carry; the tokens the call presented are added to them.
 */
export function recordCall(place: PendingCall, raw: RawCall, secrets: SecretList): RecordedCall {
  const hidden = secrets.with(raw.secrets)
  const exchange = raw.credentialsExchange ?? false
  return {
    id: place.id,
    environmentId: place.environmentId,
    seq: place.seq,
    app: raw.app,
    method: raw.method.toUpperCase(),
    path: redactText(raw.path, hidden),
    query: redactText(raw.query, hidden),
    responseStatus: raw.responseStatus,
    respondedBy: raw.respondedBy,
    errorCode: raw.errorCode,
    durationMs: Math.max(0, Math.round(raw.durationMs)),
    requestBytes: raw.requestBody.size,
    responseBytes: raw.responseBody.size,
    receivedAtMs: raw.receivedAtMs,
    requestHeaders: redactHeaders(raw.requestHeaders, hidden),
    responseHeaders: redactHeaders(raw.responseHeaders, hidden),
    requestBody: storeBody(raw.requestBody, hidden, exchange),
    responseBody: storeBody(raw.responseBody, hidden, exchange),
  }
}

/** The API's Request (no headers, no bodies). */
export function toRecordedRequest(call: RecordedCall): RecordedRequest {
  return {
    id: call.id,
    environmentId: call.environmentId,
    app: call.app,
    method: call.method,
    path: call.path,
    query: call.query,
    responseStatus: call.responseStatus,
    respondedBy: call.respondedBy,
    errorCode: call.errorCode,
    durationMs: call.durationMs,
    requestBytes: call.requestBytes,
    responseBytes: call.responseBytes,
    receivedAt: new Date(call.receivedAtMs).toISOString(),
    completedAt: new Date(call.receivedAtMs + call.durationMs).toISOString(),
  }
}

/** The API's RequestDetail. */
export function toRecordedRequestDetail(call: RecordedCall): RecordedRequestDetail {
  return {
    ...toRecordedRequest(call),
    requestHeaders: { ...call.requestHeaders },
    responseHeaders: { ...call.responseHeaders },
    requestBody: toBodyPreview(call.requestBody),
    responseBody: toBodyPreview(call.responseBody),
  }
}
