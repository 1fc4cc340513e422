/**
 * @module
 * The Salesforce id pieces the management side needs too (below the replica): the 18-character
 * case-safe suffix, an environment's organization id, and the shape of app tokens. An app token
 * is `<organization id>!<secret>`, like a Salesforce session id, because stock clients (the
 * Salesforce CLI) refuse any other shape before they send a request.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/field_types.htm#i1435616
 */
import * as crypto from 'node:crypto'

/** The characters of an 18-character id's suffix: character n stands for the 5 case bits n. */
export const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'
/** The digits of an id's counter. */
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** An id's alphabet at its two lengths (the case and the suffix are checked apart). */
export const ID15 = /^[0-9A-Za-z]{15}$/
export const ID18 = /^[0-9A-Za-z]{18}$/

/** The key prefix of Organization ids. */
export const ORGANIZATION_KEY_PREFIX = '00D'

/**
 * Bits of the 5-character chunk of `id` (its text, or its character codes while it is being made)
 * from `from`: bit i is set when character i is an upper-case letter. The suffix character of the
 * chunk is `SUFFIX_ALPHABET[bits]`.
 */
export function chunkBits(id: string | ArrayLike<number>, from: number): number {
  let bits = 0
  for (let i = 0; i < 5; i++) {
    const code = typeof id === 'string' ? id.charCodeAt(from + i) : id[from + i]!
    if (code >= 0x41 && code <= 0x5a) bits |= 1 << i
  }
  return bits
}

/** The 3-character case-safe suffix of a 15-character id. */
export function checksum(id15: string): string {
  return (
    SUFFIX_ALPHABET[chunkBits(id15, 0)]! +
    SUFFIX_ALPHABET[chunkBits(id15, 5)]! +
    SUFFIX_ALPHABET[chunkBits(id15, 10)]!
  )
}

/**
 * Whether `id` is an 18-character id in its canonical case: letters and digits, ending in exactly
 * the suffix of its first 15 characters (compared as character codes: no suffix string is made).
 */
export function isCanonicalId18(id: string): boolean {
  if (!ID18.test(id)) return false
  for (let chunk = 0; chunk < 3; chunk++) {
    if (SUFFIX_ALPHABET.charCodeAt(chunkBits(id, chunk * 5)) !== id.charCodeAt(15 + chunk)) return false
  }
  return true
}

/**
 * The 18-character Organization id of an environment: `00D` + pod `Rm` + `0` + a 9-character
 * base-62 counter taken from a hash of the environment id.
 * @note Derived, not stored: environments of saved states get theirs without a migration, and the
 * same environment id always has the same org id (two apps of one environment share it). The
 * counter is kept under 2^48 so it stays a safe integer where the record store reads it back as
 * the Organization table's id counter.
 */
export function organizationIdOf(environmentId: string): string {
  let value = sha256(environmentId).readUIntBE(0, 6)
  let counter = ''
  for (let i = 0; i < 9; i++, value = Math.floor(value / 62)) counter = BASE62[value % 62] + counter
  const id15 = `${ORGANIZATION_KEY_PREFIX}Rm0${counter}`
  return id15 + checksum(id15)
}

// the one-shot digest (Node 20.12+) takes about half the time of a Hash object (2.9 vs 5.3 µs in a
// loop); this runs once per environment created
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'buffer') => Buffer }).hash

function sha256(text: string): Buffer {
  return oneShot ? oneShot('sha256', text, 'buffer') : crypto.createHash('sha256').update(text).digest()
}

/** `<organization id>!<secret>`: what Salesforce session ids (and so every app token) look like. */
export function appToken(organizationId: string, secret: string): string {
  return `${organizationId}!${secret}`
}

/** The shape the Salesforce CLI accepts (its `accessTokenRegex` is `(00D\w{12,15})![.\w]*`), anchored. */
const APP_TOKEN = /^00D\w{12,15}![.\w]+$/

export function hasAppTokenShape(token: string): boolean {
  return APP_TOKEN.test(token)
}
