/**
 * @module
 * The Salesforce id pieces the management side needs too (below the replica): the 18-character
 * case-safe suffix, an environment's organization id, and the shape of app tokens. An app token
 * is `<organization id>!<secret>`, like a Salesforce session id, because stock clients (the
 * Salesforce CLI) refuse any other shape before they send a request.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/field_types.htm#i1435616
 */
import { createHash } from 'node:crypto'

const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** The key prefix of Organization ids. */
export const ORGANIZATION_KEY_PREFIX = '00D'

const isUpper = (char: string) => char >= 'A' && char <= 'Z'

/** The 3-character case-safe suffix of a 15-character id. */
export function checksum(id15: string): string {
  let out = ''
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0
    // bit i is set when character i of the 5-character chunk is an upper-case letter
    for (let i = 0; i < 5; i++) if (isUpper(id15[chunk * 5 + i]!)) bits |= 1 << i
    out += SUFFIX_ALPHABET[bits]
  }
  return out
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
  const digest = createHash('sha256').update(environmentId).digest()
  let value = digest.readUIntBE(0, 6)
  let counter = ''
  for (let i = 0; i < 9; i++, value = Math.floor(value / 62)) counter = BASE62[value % 62] + counter
  const id15 = `${ORGANIZATION_KEY_PREFIX}Rm0${counter}`
  return id15 + checksum(id15)
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
