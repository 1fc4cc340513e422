/**
 * @module
 * Redaction of a recorded call (DESIGN.md "Gateway"): `Authorization`, `Proxy-Authorization` and
 * cookie headers become `[redacted]`, and every token the caller presented is blanked wherever it
 * appears in a path, query or header value (also URL-encoded). Bodies carrying a token are
 * redacted whole by `body-keeping.ts`, which finds them with `containsSecret`.
 */
import type { HeaderSource } from './raw-call.js'

export const REDACTED = '[redacted]'

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie'])
/** Presented tokens shorter than this are not hunted for in paths and bodies (too many false hits). */
const MIN_SECRET_LENGTH = 6

const URL_SAFE = /^[A-Za-z0-9_.~-]*$/

/** The presented tokens long enough to hunt for (a plain loop: this runs on every call). */
export function usableSecrets(presented: readonly string[]): readonly string[] {
  let short = 0
  for (const secret of presented) if (secret.length < MIN_SECRET_LENGTH) short++
  if (short === 0) return presented
  const out: string[] = []
  for (const secret of presented) if (secret.length >= MIN_SECRET_LENGTH) out.push(secret)
  return out
}

/** `text` with every secret, as is or URL-encoded, replaced by `[redacted]`. */
export function blank(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.replaceAll(secret, REDACTED)
    if (URL_SAFE.test(secret)) continue
    const encoded = encodeURIComponent(secret)
    if (out.includes(encoded)) out = out.replaceAll(encoded, REDACTED)
  }
  return out
}

export function containsSecret(bytes: Uint8Array, secret: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(secret)
}

/** `name\0value\0...`: one string holds a call's headers until they are read (names and values never contain NUL). */
export function joinHeaders(headers: HeaderSource): string {
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

/** Headers joined by `joinHeaders`, as the API shows them: lower-case names, secrets redacted. */
export function redactHeaders(joined: string, secrets: readonly string[]): Record<string, string> {
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
