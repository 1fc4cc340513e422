/**
 * @module
 * One recorded call (DESIGN.md "Gateway"), from the moment the gateway takes its place in the
 * order until the ring drops it, and its views in the API (Request, RequestDetail). What it keeps
 * is decided by `redaction.ts` and `body-keeping.ts`; `call-export.ts` is its state-document form.
 *
 * @note Recording must cost the call little (bench/benches/gateway.ts measures it), so a call
 * keeps its headers joined into one string each and its bodies as the gateway read them;
 * redaction of headers and bodies and the previews are worked out the first time its detail is
 * read, and then the raw material is let go. Path and query are redacted at once (lists and
 * searches read them).
 */
import type { RecordedRequest, RecordedRequestDetail, RespondedBy } from '../schemas/request.js'
import {
  keepable,
  type StoredBody,
  sharedBody,
  storeBody,
  toBodyPreview,
  trim,
  unkeep,
} from './body-keeping.js'
import { type ExportedCall, exportBody, importBody } from './call-export.js'
import { NO_BODY, type RawBody, type RawCall } from './raw-call.js'
import type { KnownSecrets } from './known-secrets.js'
import { blank, joinHeaders, redactHeaders, usableSecrets } from './redaction.js'

export interface CallDetail {
  requestHeaders: Record<string, string>
  responseHeaders: Record<string, string>
  requestBody: StoredBody
  responseBody: StoredBody
}

/** Where a call sits in its environment's ring (see `request-log.ts`). */
export interface PendingCall {
  readonly id: string
  readonly environmentId: string
  readonly seq: number
}

/** The usual method names, so a recorded call holds the shared string rather than a copy. */
const METHODS = new Map(
  ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => [method, method]),
)

/**
 * One recorded call, from the moment the gateway takes its place in the order (pending) until
 * the ring drops it: its summary fields once it completes, its detail on demand.
 * @note One object per call, holding few others (headers joined into one string each), because
 * every recorded call outlives a few garbage collections: what it holds is copied each time.
 */
export class RecordedCall implements PendingCall {
  /** Filled by `complete`; a pending call is never listed. */
  completed = false
  /** Bytes of the bodies kept whole for download (an upper bound until the detail is read). */
  keptBytes = 0
  app = ''
  method = ''
  path = ''
  query = ''
  responseStatus = 0
  respondedBy: RespondedBy = 'app'
  errorCode: string | null = null
  durationMs = 0
  requestBytes: number | null = null
  responseBytes: number | null = null
  receivedAtMs = 0
  // the raw material, until the detail is first read: headers as `name\0value\0...`, secrets
  // (the presented tokens) joined by `\0`
  #requestHeaders = ''
  #responseHeaders = ''
  #requestBody: RawBody = NO_BODY
  #responseBody: RawBody = NO_BODY
  #secrets = ''
  #credentialsExchange = false
  /** Every secret the mock knows of, hunted for when the detail is first read. */
  #known: KnownSecrets | undefined
  #detail: CallDetail | null = null

  constructor(
    readonly id: string,
    readonly environmentId: string,
    readonly seq: number,
    /** The log generation it was begun in (a call begun before a reset never completes after it). */
    readonly generation: number,
  ) {}

  /**
   * Records the finished call. Cheap: redaction and previews wait for the first read.
   * @param previous the call before it in the same ring: headers and bodies equal to its ones are
   * shared, not kept twice (repeated calls, polling), which also spares the collector copying them.
   */
  complete(raw: RawCall, known: KnownSecrets, previous?: RecordedCall): void {
    const secrets = usableSecrets(raw.secrets)
    const path = blank(raw.path, known, secrets)
    const query = blank(raw.query, known, secrets)
    this.#known = known
    this.app = raw.app
    this.method = METHODS.get(raw.method) ?? raw.method.toUpperCase()
    this.path = previous ? shared(path, previous.path) : path
    this.query = previous ? shared(query, previous.query) : query
    this.responseStatus = raw.responseStatus
    this.respondedBy = raw.respondedBy
    this.errorCode = raw.errorCode
    this.durationMs = Math.max(0, Math.round(raw.durationMs))
    this.requestBytes = raw.requestBody.size
    this.responseBytes = raw.responseBody.size
    this.receivedAtMs = raw.receivedAtMs
    const requestHeaders = joinHeaders(raw.requestHeaders)
    const responseHeaders = joinHeaders(raw.responseHeaders)
    const requestBody = trim(raw.requestBody, known, secrets)
    const responseBody = trim(raw.responseBody, known, secrets)
    if (previous) {
      this.#requestHeaders = shared(requestHeaders, previous.#requestHeaders)
      this.#responseHeaders = shared(responseHeaders, previous.#responseHeaders)
      this.#requestBody = sharedBody(requestBody, previous.#requestBody)
      this.#responseBody = sharedBody(responseBody, previous.#responseBody)
    } else {
      this.#requestHeaders = requestHeaders
      this.#responseHeaders = responseHeaders
      this.#requestBody = requestBody
      this.#responseBody = responseBody
    }
    const joinedSecrets = secrets.length === 1 ? secrets[0]! : secrets.join('\0')
    this.#secrets = previous ? shared(joinedSecrets, previous.#secrets) : joinedSecrets
    this.#credentialsExchange = raw.credentialsExchange ?? false
    this.keptBytes = keepable(this.#requestBody) + keepable(this.#responseBody)
    this.completed = true
  }

  static fromExport(exported: ExportedCall, seq: number, generation: number): RecordedCall {
    const call = new RecordedCall(exported.id, exported.environmentId, seq, generation)
    call.app = exported.app
    call.method = exported.method
    call.path = exported.path
    call.query = exported.query
    call.responseStatus = exported.responseStatus
    call.respondedBy = exported.respondedBy
    call.errorCode = exported.errorCode
    call.durationMs = exported.durationMs
    call.requestBytes = exported.requestBytes
    call.responseBytes = exported.responseBytes
    call.receivedAtMs = Date.parse(exported.receivedAt)
    call.#detail = {
      requestHeaders: { ...exported.requestHeaders },
      responseHeaders: { ...exported.responseHeaders },
      requestBody: importBody(exported.requestBody),
      responseBody: importBody(exported.responseBody),
    }
    call.keptBytes = keptOf(call.#detail)
    call.completed = true
    return call
  }

  /** Headers and bodies, redacted (worked out on the first read). */
  get detail(): CallDetail {
    if (!this.#detail) {
      const secrets = this.#secrets === '' ? [] : this.#secrets.split('\0')
      const exchange = this.#credentialsExchange
      const known = this.#known!
      this.#detail = {
        requestHeaders: redactHeaders(this.#requestHeaders, known, secrets),
        responseHeaders: redactHeaders(this.#responseHeaders, known, secrets),
        requestBody: storeBody(this.#requestBody, known, secrets, exchange),
        responseBody: storeBody(this.#responseBody, known, secrets, exchange),
      }
      this.#known = undefined
      this.#requestHeaders = this.#responseHeaders = this.#secrets = ''
      this.#requestBody = this.#responseBody = NO_BODY
      this.keptBytes = keptOf(this.#detail)
    }
    return this.#detail
  }

  /** Lets the whole bodies go (the previews stay), saying why. */
  dropKeptBodies(reason: string): void {
    const { requestBody, responseBody } = this.detail
    this.#detail = {
      ...this.#detail!,
      requestBody: unkeep(requestBody, reason),
      responseBody: unkeep(responseBody, reason),
    }
    this.keptBytes = 0
  }

  toExport(): ExportedCall {
    const { requestHeaders, responseHeaders, requestBody, responseBody } = this.detail
    return {
      ...toRecordedRequest(this),
      seq: this.seq,
      requestHeaders: { ...requestHeaders },
      responseHeaders: { ...responseHeaders },
      requestBody: exportBody(requestBody),
      responseBody: exportBody(responseBody),
    }
  }
}

function shared(text: string, previous: string): string {
  return previous === text ? previous : text
}

function keptOf(detail: CallDetail): number {
  return (detail.requestBody.full?.byteLength ?? 0) + (detail.responseBody.full?.byteLength ?? 0)
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
  const detail = call.detail
  return {
    ...toRecordedRequest(call),
    requestHeaders: { ...detail.requestHeaders },
    responseHeaders: { ...detail.responseHeaders },
    requestBody: toBodyPreview(detail.requestBody),
    responseBody: toBodyPreview(detail.responseBody),
  }
}
