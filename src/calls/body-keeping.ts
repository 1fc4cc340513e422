/**
 * @module
 * What a recorded call keeps of its bodies, and their previews (docs/gateway.md):
 * - a body that belongs to a credentials exchange, or whose kept part contains a secret (a known
 *   or presented token, a secret parameter value), is `redacted` (no preview, no download);
 * - a body that carries a file's bytes (`binary`, set by the app: a blob upload or download) is
 *   `omitted` with no preview, marked `encoding: 'binary'`;
 * - a body larger than `KEPT_BODY_MAX_BYTES` (or one the gateway did not read whole) is `omitted`
 *   with a reason and a preview of its first bytes: only the preview is searched for secrets, and
 *   as far past it as a secret written across its end could reach (what no output shows is not
 *   searched: a large upload held the event loop for most of a second);
 * - any other body is `recorded` and kept whole for `getRequestBody`;
 * - previews: the first `PREVIEW_BYTES` bytes, as text when the body is valid UTF-8 (cut at a
 *   character boundary), else as base64 (`encoding: 'binary'`), with `previewTruncated`.
 */
import { isUtf8 } from 'node:buffer'
import type { BodyCoverage, BodyEncoding, BodyPreview } from '../schemas/request.js'
import type { SecretList } from './known-secrets.js'
import type { RawBody } from './raw-call.js'
import { hasSecret, secretReach } from './redaction.js'

/** Bytes of a body shown in its preview. */
export const PREVIEW_BYTES = 4096
/** Largest body kept whole for download. */
export const KEPT_BODY_MAX_BYTES = 1024 * 1024

const SECRET_REASON = 'The body contains a token or another secret'
const EXCHANGE_REASON = 'A credentials exchange: its bodies are never recorded'
const BINARY_REASON = "A file's bytes (a blob upload or download): never recorded"

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

/** The body as the API shows it: redacted, omitted (with a preview) or recorded whole. */
export function storeBody(raw: RawBody, secrets: SecretList, credentialsExchange: boolean): StoredBody {
  const { contentType, size } = raw
  if (raw.binary) return stored('omitted', BINARY_REASON, contentType, size, 'binary', null, null)
  const bytes = toBytes(raw.data)
  const encoding = encodingOf(bytes, raw.complete)
  const keptWhole = raw.complete && bytes.byteLength <= KEPT_BODY_MAX_BYTES
  const shown = keptWhole ? bytes : bytes.subarray(0, PREVIEW_BYTES + secretReach(secrets))
  if (credentialsExchange || hasSecret(shown, secrets)) {
    const reason = credentialsExchange ? EXCHANGE_REASON : SECRET_REASON
    return stored('redacted', reason, contentType, size, encoding, null, null)
  }
  if (!keptWhole) {
    // a copy, so the large body it came from is not held
    const head = bytes.slice(0, PREVIEW_BYTES)
    const reason = raw.complete
      ? `Larger than the ${KEPT_BODY_MAX_BYTES}-byte recording cap: only the preview is kept`
      : (raw.reason ?? 'The body was not read whole')
    return stored('omitted', reason, contentType, size, encoding, head, null)
  }
  const head = bytes.byteLength > PREVIEW_BYTES ? bytes.subarray(0, PREVIEW_BYTES) : bytes
  return stored('recorded', null, contentType, size, encoding, head, bytes)
}

/** A stored body, its fields always in one order (every call holds two). */
function stored(
  coverage: BodyCoverage,
  reason: string | null,
  contentType: string | null,
  bytes: number | null,
  encoding: BodyEncoding,
  head: Uint8Array<ArrayBuffer> | null,
  full: Uint8Array<ArrayBuffer> | null,
): StoredBody {
  return { coverage, reason, contentType, bytes, encoding, head, full }
}

/** Bytes of the body kept whole for download. */
export function keptBytesOf(body: StoredBody): number {
  return body.full?.byteLength ?? 0
}

/** Lets the whole body go (the preview stays), saying why. */
export function unkeep(body: StoredBody, reason: string): StoredBody {
  if (!body.full) return body
  const { contentType, bytes, encoding, head } = body
  return stored('omitted', reason, contentType, bytes, encoding, head?.slice() ?? null, null)
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
