/**
 * @module
 * Redaction of a recorded call (DESIGN.md "Gateway"), before anything of it is listed, searched
 * or stored: `Authorization`, `Proxy-Authorization`, cookie headers and headers named like a
 * secret parameter become `[redacted]`; in paths, queries and other header values every secret
 * the mock knows of (`KnownSecrets`: app tokens, API keys, member tokens, the admin token), every
 * token the caller presented and every secret parameter value (`access_token=...`) is replaced by
 * `[redacted]`, also where it was percent- or `\u`-encoded. Bodies carrying one are redacted
 * whole by `body-keeping.ts`, which finds them with `bodyHasSecret`.
 */
import type { KnownSecrets } from './known-secrets.js'
import { MIN_SECRET_LENGTH } from './known-secrets.js'
import type { HeaderSource } from './raw-call.js'

export const REDACTED = '[redacted]'

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'access_token',
  'oauth_token',
  'x-sfdc-session',
  'x-session-id',
])

/** The presented tokens long enough to hunt for (a plain loop: this runs on every call). */
export function usableSecrets(presented: readonly string[]): readonly string[] {
  let short = 0
  for (const secret of presented) if (secret.length < MIN_SECRET_LENGTH) short++
  if (short === 0) return presented
  const out: string[] = []
  for (const secret of presented) if (secret.length >= MIN_SECRET_LENGTH) out.push(secret)
  return out
}

/** `text` with every secret (known, presented, a secret parameter's value) replaced by `[redacted]`. */
export function blank(text: string, known: KnownSecrets, presented: readonly string[]): string {
  return known.blank(text, presented, REDACTED)
}

/** Whether a body holds a secret (its bytes read one character each: tokens are ASCII). */
export function bodyHasSecret(bytes: Uint8Array, known: KnownSecrets, presented: readonly string[]): boolean {
  if (bytes.byteLength === 0) return false
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return known.find(text, presented).length > 0
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
export function redactHeaders(
  joined: string,
  known: KnownSecrets,
  presented: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {}
  if (joined === '') return out
  const parts = joined.split('\0')
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const key = parts[i]!.toLowerCase()
    // HTTP/2 pseudo-headers (`:path`) are not headers
    if (key.startsWith(':')) continue
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : blank(parts[i + 1]!, known, presented)
  }
  return out
}
