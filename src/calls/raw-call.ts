/**
 * @module
 * A finished call as the gateway hands it over for recording, before redaction: what the gateway
 * writes, and the only shape of a call the gateway needs to know.
 */
import type { RespondedBy } from '../schemas/request.js'

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
  /** The body carries a file's bytes: recorded as `binary`, with no preview and nothing kept. */
  binary?: boolean
}

/** A finished call as the gateway saw it, before redaction. */
export interface RawCall {
  app: string
  method: string
  /** The path as sent, prefix included. */
  path: string
  /** The query string without `?`. */
  query: string
  requestHeaders: Headers
  requestBody: RawBody
  responseStatus: number
  respondedBy: RespondedBy
  errorCode: string | null
  responseHeaders: Headers
  responseBody: RawBody
  receivedAtMs: number
  durationMs: number
  /** Tokens the caller presented (valid or not): blanked wherever they appear. */
  secrets: readonly string[]
  /** A credentials exchange (login, OAuth token): both bodies are redacted. */
  credentialsExchange?: boolean
}
