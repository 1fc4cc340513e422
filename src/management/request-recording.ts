/**
 * @module
 * What a recorded call keeps of the call the gateway handled (DESIGN.md "Gateway"):
 * - headers, path and query with `Authorization`, `Proxy-Authorization`, cookies and every token
 *   the caller presented replaced by `[redacted]`;
 * - bodies: a body that contains a presented token, or belongs to a credentials exchange, is
 *   `redacted` (no preview, no download); a body larger than `KEPT_BODY_MAX_BYTES` (or one the
 *   gateway did not read whole) is `omitted` with a reason and a preview of its first bytes;
 *   any other body is `recorded` and kept whole for `getRequestBody`;
 * - previews: the first `PREVIEW_BYTES` bytes, as text when the body is valid UTF-8 (cut at a
 *   character boundary), else as base64 (`encoding: 'binary'`), with `previewTruncated`.
 *
 * @note Recording must cost the call little (bench/benches/gateway.ts measures it), so a call
 * keeps its headers joined into one string each and its bodies as the gateway read them;
 * redaction of headers and bodies and the previews are worked out the first time its detail is
 * read, and then the raw material is let go. Path and query are redacted at once (lists and
 * searches read them).
 */
import { isUtf8 } from 'node:buffer'
import { z } from 'zod'
import { StringRecord } from '../schemas/common.js'
import {
  BodyCoverage,
  BodyEncoding,
  type BodyPreview,
  RecordedRequest,
  type RecordedRequestDetail,
  type RespondedBy,
} from '../schemas/request.js'

/** Bytes of a body shown in its preview. */
export const PREVIEW_BYTES = 4096
/** Largest body kept whole for download. */
export const KEPT_BODY_MAX_BYTES = 1024 * 1024

export const REDACTED = '[redacted]'

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie'])
/** Presented tokens shorter than this are not hunted for in paths and bodies (too many false hits). */
const MIN_SECRET_LENGTH = 6

/** A body as the gateway saw it. */
export interface RawBody {
  contentType: string | null
  /** The whole body, or its first bytes when `complete` is false (a string is UTF-8 text). */
  data: Uint8Array<ArrayBuffer> | string
  complete: boolean
  /** Total size in bytes, when known. */
  size: number | null
  /** Why the body was not read whole. */
  reason?: string
}

/**
 * Headers as the gateway has them: name/value pairs (a Fetch `Headers`), a flat
 * `[name, value, ...]` list (Node's `rawHeaders`), or a plain object.
 */
export type HeaderSource =
  | Iterable<readonly [string, string]>
  | readonly string[]
  | Readonly<Record<string, string>>

/** A finished call as the gateway saw it, before redaction. */
export interface RawCall {
  app: string
  method: string
  /** The path as sent, prefix included. */
  path: string
  /** The query string without `?`. */
  query: string
  requestHeaders: HeaderSource
  requestBody: RawBody
  responseStatus: number
  respondedBy: RespondedBy
  errorCode: string | null
  responseHeaders: HeaderSource
  responseBody: RawBody
  receivedAtMs: number
  durationMs: number
  /** Tokens the caller presented (valid or not): blanked wherever they appear. */
  secrets: readonly string[]
  /** A credentials exchange (login, OAuth token): both bodies are redacted. */
  credentialsExchange?: boolean
}

/** A recorded body: what the preview shows, and the bytes behind it while they are kept. */
export interface StoredBody {
  coverage: BodyCoverage
  reason: string | null
  contentType: string | null
  bytes: number | null
  encoding: BodyEncoding
  /** The first bytes, for the preview; null when redacted. */
  head: Uint8Array<ArrayBuffer> | null
  /** The whole body while it is kept for download (`coverage: 'recorded'`). */
  full: Uint8Array<ArrayBuffer> | null
}

export interface CallDetail {
  requestHeaders: Record<string, string>
  responseHeaders: Record<string, string>
  requestBody: StoredBody
  responseBody: StoredBody
}

const ExportedBody = z.strictObject({
  coverage: BodyCoverage,
  reason: z.string().nullable(),
  contentType: z.string().nullable(),
  bytes: z.int().min(0).nullable(),
  encoding: BodyEncoding,
  /** Base64 of the preview bytes. */
  head: z.base64().nullable(),
  /** Base64 of the whole body, when it is kept. */
  full: z.base64().nullable(),
})

/** A recorded call in the state document (`exportState`): its RequestDetail, bodies in base64. */
export const ExportedCall = RecordedRequest.extend({
  /** Its place in its environment's order (cursors name it). */
  seq: z.int().min(1),
  requestHeaders: StringRecord,
  responseHeaders: StringRecord,
  requestBody: ExportedBody,
  responseBody: ExportedBody,
})
export type ExportedCall = z.infer<typeof ExportedCall>

/** Where a call sits in its environment's ring (see `request-log.ts`). */
export interface PendingCall {
  readonly id: string
  readonly environmentId: string
  readonly seq: number
}

const NO_BODY: RawBody = { contentType: null, data: '', complete: true, size: 0 }

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
  complete(raw: RawCall, previous?: RecordedCall): void {
    const secrets = usableSecrets(raw.secrets)
    const path = blank(raw.path, secrets)
    const query = blank(raw.query, secrets)
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
    const requestBody = trim(raw.requestBody, secrets)
    const responseBody = trim(raw.responseBody, secrets)
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
      this.#detail = {
        requestHeaders: redactHeaders(this.#requestHeaders, secrets),
        responseHeaders: redactHeaders(this.#responseHeaders, secrets),
        requestBody: storeBody(this.#requestBody, secrets, exchange),
        responseBody: storeBody(this.#responseBody, secrets, exchange),
      }
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

/** The previous call's body when this one is the same (same text, type and reading). */
function sharedBody(body: RawBody, previous: RawBody): RawBody {
  if (previous === body) return body
  const same =
    previous.contentType === body.contentType &&
    previous.complete === body.complete &&
    previous.size === body.size &&
    previous.reason === body.reason &&
    typeof previous.data === 'string' &&
    previous.data === body.data
  return same ? previous : body
}

/** The presented tokens long enough to hunt for (a plain loop: this runs on every call). */
function usableSecrets(presented: readonly string[]): readonly string[] {
  let short = 0
  for (const secret of presented) if (secret.length < MIN_SECRET_LENGTH) short++
  if (short === 0) return presented
  const out: string[] = []
  for (const secret of presented) if (secret.length >= MIN_SECRET_LENGTH) out.push(secret)
  return out
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

export function toBodyPreview(body: StoredBody): BodyPreview {
  const { coverage, reason, contentType, bytes, encoding, head } = body
  if (!head) {
    return { coverage, reason, contentType, bytes, encoding, preview: null, previewTruncated: false }
  }
  const end = Math.min(head.length, PREVIEW_BYTES)
  const shown = encoding === 'utf8' ? utf8Boundary(head, end) : end
  const slice = Buffer.from(head.buffer, head.byteOffset, shown)
  const preview = slice.toString(encoding === 'utf8' ? 'utf8' : 'base64')
  // an unknown size means the body was not read to its end: there is more than the preview
  const total = bytes ?? Number.POSITIVE_INFINITY
  return { coverage, reason, contentType, bytes, encoding, preview, previewTruncated: total > shown }
}

/** Whole-body bytes a raw body will keep if it is not redacted. */
function keepable(body: RawBody): number {
  if (!body.complete) return 0
  return typeof body.data === 'string' ? (body.size ?? Buffer.byteLength(body.data)) : body.data.byteLength
}

/**
 * Bounds what a raw body holds until it is read: a body over the recording cap keeps only its
 * head. Whether it carried a token is decided now, while it is all there.
 */
function trim(body: RawBody, secrets: readonly string[]): RawBody {
  const size =
    typeof body.data === 'string' ? (body.size ?? Buffer.byteLength(body.data)) : body.data.byteLength
  if (size <= KEPT_BODY_MAX_BYTES) return body
  const bytes = toBytes(body.data)
  const carriesSecret = secrets.some((secret) => contains(bytes, secret))
  return {
    ...body,
    // a copy, so the large body it came from is not held
    data: carriesSecret ? new Uint8Array(0) : bytes.slice(0, PREVIEW_BYTES),
    complete: false,
    reason: carriesSecret
      ? SECRET_REASON
      : (body.reason ??
        `Larger than the ${KEPT_BODY_MAX_BYTES}-byte recording cap: only the preview is kept`),
  }
}

const SECRET_REASON = 'The body contains an app token'
const EXCHANGE_REASON = 'A credentials exchange: its bodies are never recorded'

function storeBody(raw: RawBody, secrets: readonly string[], credentialsExchange: boolean): StoredBody {
  const bytes = toBytes(raw.data)
  const base = { contentType: raw.contentType, bytes: raw.size }
  const encoding = encodingOf(bytes, raw.complete)
  if (
    credentialsExchange ||
    raw.reason === SECRET_REASON ||
    secrets.some((secret) => contains(bytes, secret))
  ) {
    return {
      ...base,
      coverage: 'redacted',
      reason: credentialsExchange ? EXCHANGE_REASON : SECRET_REASON,
      encoding,
      head: null,
      full: null,
    }
  }
  if (!raw.complete) {
    return {
      ...base,
      coverage: 'omitted',
      reason: raw.reason ?? 'The body was not read whole',
      encoding,
      head: bytes.length > PREVIEW_BYTES ? bytes.slice(0, PREVIEW_BYTES) : bytes,
      full: null,
    }
  }
  return {
    ...base,
    coverage: 'recorded',
    reason: null,
    encoding,
    head: bytes.subarray(0, PREVIEW_BYTES),
    full: bytes,
  }
}

function unkeep(body: StoredBody, reason: string): StoredBody {
  if (!body.full) return body
  return { ...body, coverage: 'omitted', reason, head: body.head?.slice() ?? null, full: null }
}

function toBytes(data: Uint8Array<ArrayBuffer> | string): Uint8Array<ArrayBuffer> {
  return typeof data === 'string' ? (new TextEncoder().encode(data) as Uint8Array<ArrayBuffer>) : data
}

/** `utf8` when the bytes are valid UTF-8 (a body read only in part may end inside a character). */
function encodingOf(bytes: Uint8Array, complete: boolean): 'utf8' | 'binary' {
  const checked = complete ? bytes : bytes.subarray(0, utf8Boundary(bytes, bytes.length))
  return isUtf8(checked) ? 'utf8' : 'binary'
}

/** `end`, or less so that `bytes[0, end)` does not stop inside a UTF-8 character. */
function utf8Boundary(bytes: Uint8Array, end: number): number {
  // the last byte that is not a continuation byte (10xxxxxx) starts the last character
  let start = end - 1
  while (start >= 0 && start > end - 4 && (bytes[start]! & 0xc0) === 0x80) start--
  if (start < 0) return end
  const lead = bytes[start]!
  const length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
  return start + length > end ? start : end
}

function contains(bytes: Uint8Array, secret: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(secret)
}

const URL_SAFE = /^[A-Za-z0-9_.~-]*$/

function blank(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.replaceAll(secret, REDACTED)
    if (URL_SAFE.test(secret)) continue
    const encoded = encodeURIComponent(secret)
    if (out.includes(encoded)) out = out.replaceAll(encoded, REDACTED)
  }
  return out
}

/** `name\0value\0...`: one string holds a call's headers until they are read (names and values never contain NUL). */
function joinHeaders(headers: HeaderSource): string {
  if (Array.isArray(headers) && (headers.length === 0 || typeof headers[0] === 'string')) {
    return (headers as readonly string[]).join('\0')
  }
  const parts: string[] = []
  if (Symbol.iterator in headers) {
    for (const [name, value] of headers as Iterable<readonly [string, string]>) parts.push(name, value)
  } else {
    const record = headers as Readonly<Record<string, string>>
    for (const name in record) parts.push(name, record[name]!)
  }
  return parts.join('\0')
}

function redactHeaders(joined: string, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  if (joined === '') return out
  const parts = joined.split('\0')
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const key = parts[i]!.toLowerCase()
    // HTTP/2 pseudo-headers (`:path`) are not headers
    if (key.startsWith(':')) continue
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : blank(parts[i + 1]!, secrets)
  }
  return out
}

function exportBody(body: StoredBody): z.infer<typeof ExportedBody> {
  const { head, full, ...meta } = body
  return {
    ...meta,
    head: head && Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('base64'),
    full: full && Buffer.from(full.buffer, full.byteOffset, full.byteLength).toString('base64'),
  }
}

function importBody(body: z.infer<typeof ExportedBody>): StoredBody {
  const full = body.full === null ? null : new Uint8Array(Buffer.from(body.full, 'base64'))
  const head = body.head === null ? null : new Uint8Array(Buffer.from(body.head, 'base64'))
  return { ...body, head, full }
}
