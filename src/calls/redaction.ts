/**
 * @module
 * Redaction of a recorded call (docs/gateway.md), done once as it is recorded:
 * `Authorization`, `Proxy-Authorization`, cookie headers and headers named like a secret
 * parameter become `[redacted]`; in paths, queries and other header values every secret the call
 * may carry (see `known-secrets.ts`) and every secret parameter value is replaced by
 * `[redacted]`, also where it was percent- or `\u`-encoded. A body whose kept part carries one is
 * redacted whole (`body-keeping.ts` asks `hasSecret`).
 */
import type { SecretList } from './known-secrets.js'

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

/** `text` with every secret replaced by `[redacted]`. */
export function redactText(text: string, secrets: SecretList): string {
  const ranges = secrets.find(text)
  if (ranges.length === 0) return text
  let out = ''
  let at = 0
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + REDACTED
    at = end
  }
  return out + text.slice(at)
}

/** The headers as the API shows them: lower-case names, secrets redacted. */
export function redactHeaders(headers: Headers, secrets: SecretList): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of headers) {
    out[name] = SECRET_HEADERS.has(name) ? REDACTED : redactText(value, secrets)
  }
  return out
}

/** Characters before a secret parameter's value: its name, quotes and separator. */
const PARAMETER_NAME_REACH = 32

/**
 * How far past a cut a secret written across it may reach: the longest secret, every character
 * `\u`-escaped (6 characters each), or a secret parameter's name.
 */
export function secretReach(secrets: SecretList): number {
  let longest = 0
  for (const secret of secrets.secrets) longest = Math.max(longest, secret.length)
  return Math.max(6 * longest, PARAMETER_NAME_REACH)
}

/** Whether a body holds a secret (its bytes read one character each: tokens are ASCII). */
export function hasSecret(bytes: Uint8Array, secrets: SecretList): boolean {
  if (bytes.byteLength === 0) return false
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return secrets.find(text).length > 0
}
