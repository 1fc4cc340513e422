/**
 * @module
 * Salesforce-style record ids. A 15-character id is case-sensitive: key prefix (3, the object)
 * + pod (2) + reserved (1) + counter (9, base 62). The 18-character form appends a 3-character
 * suffix that encodes which of the 15 characters are upper case, so the 18-character id can be
 * compared case-insensitively and its exact case recovered from the suffix.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/field_types.htm#i1435616
 */
import { BASE62, checksum, ID15, ID18, isCanonicalId18, SUFFIX_ALPHABET } from '../store/salesforce-ids.js'

export { checksum }

/** Pod characters of ids this replica issues (`001` + `Rm` + `0` + counter). */
export const REPLICA_POD = 'Rm'
const COUNTER_LENGTH = 9
// 62^9 exceeds 2^53: the counter stays a safe integer
const MAX_COUNTER = Number.MAX_SAFE_INTEGER

/**
 * The canonical 18-character form of a 15- or 18-character id, or `undefined` when `id` is not
 * one. An 18-character id may arrive in any case: its suffix says which letters are upper case.
 */
export function normaliseId(id: string): string | undefined {
  if (isCanonicalId18(id)) return id
  if (ID15.test(id)) return id + checksum(id)
  if (!ID18.test(id)) return undefined
  const suffix = id.slice(15).toUpperCase()
  let body = ''
  for (let chunk = 0; chunk < 3; chunk++) {
    const bits = SUFFIX_ALPHABET.indexOf(suffix[chunk]!)
    if (bits < 0) return undefined
    for (let i = 0; i < 5; i++) {
      const char = id[chunk * 5 + i]!
      body += bits & (1 << i) ? char.toUpperCase() : char.toLowerCase()
    }
  }
  // a digit cannot carry an upper-case bit: the suffix must be what the body produces
  return checksum(body) === suffix ? body + suffix : undefined
}

/** The key prefix (first three characters) of an id. */
export function keyPrefixOf(id: string): string {
  return id.slice(0, 3)
}

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
