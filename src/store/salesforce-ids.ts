/**
 * @module
 * The Salesforce id pieces the management side and the fixtures need too (below the replica): the
 * 18-character case-safe suffix, record ids (seed data assigns them before any replica exists), an
 * environment's organization id, and the shape of app tokens. An app token
 * is `<organization id>!<secret>`, like a Salesforce session id, because stock clients (the
 * Salesforce CLI) refuse any other shape before they send a request.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/field_types.htm#i1435616
 */
import { createHash } from 'node:crypto'

/** The characters of an 18-character id's suffix: character n stands for the 5 case bits n. */
export const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'
/** The digits of an id's counter. */
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** An id's alphabet at its two lengths (the case and the suffix are checked apart). */
export const ID15 = /^[0-9A-Za-z]{15}$/
export const ID18 = /^[0-9A-Za-z]{18}$/

/** The key prefix of Organization ids. */
export const ORGANIZATION_KEY_PREFIX = '00D'

/** The 3-character case-safe suffix of a 15-character id: per 5 characters, which are upper case. */
export function checksum(id15: string): string {
  let suffix = ''
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0
    for (let i = 0; i < 5; i++) {
      const char = id15[chunk * 5 + i]!
      if (char >= 'A' && char <= 'Z') bits |= 1 << i
    }
    suffix += SUFFIX_ALPHABET[bits]
  }
  return suffix
}

/** Whether `id` is an 18-character id in its canonical case: its suffix is that of its first 15 characters. */
export function isCanonicalId18(id: string): boolean {
  return ID18.test(id) && checksum(id.slice(0, 15)) === id.slice(15)
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
  let value = createHash('sha256').update(environmentId).digest().readUIntBE(0, 6)
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

/** Pod characters of ids this replica issues (`001` + `Rm` + `0` + counter). */
export const REPLICA_POD = 'Rm'
const COUNTER_LENGTH = 9
// 62^9 exceeds 2^53: the counter stays a safe integer
const MAX_COUNTER = Number.MAX_SAFE_INTEGER

/** The 18-character id number `counter` of the object with `keyPrefix`. */
export function makeRecordId(keyPrefix: string, counter: number, pod: string = REPLICA_POD): string {
  if (!Number.isSafeInteger(counter) || counter < 1 || counter > MAX_COUNTER) {
    throw new RangeError(`Failed to make a record id: counter ${counter} is out of range`)
  }
  if (keyPrefix.length !== 3 || pod.length !== 2) {
    throw new RangeError(`Failed to make a record id: key prefix "${keyPrefix}" or pod "${pod}" is malformed`)
  }
  let digits = ''
  for (let n = counter; n > 0; n = Math.floor(n / 62)) digits = BASE62[n % 62] + digits
  const id15 = `${keyPrefix}${pod}0${digits.padStart(COUNTER_LENGTH, '0')}`
  return id15 + checksum(id15)
}

/** The counter of an id this replica issued for `keyPrefix` (`makeRecordId`'s inverse), else 0. */
export function counterOf(id: string, keyPrefix: string, pod: string = REPLICA_POD): number {
  if (id.length !== 18 || !id.startsWith(keyPrefix + pod + '0')) return 0
  let n = 0
  for (const char of id.slice(6, 15)) {
    const digit = BASE62.indexOf(char)
    if (digit < 0) return 0
    n = n * 62 + digit
  }
  return n
}
