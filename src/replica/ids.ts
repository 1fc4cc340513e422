/**
 * @module
 * Salesforce-style record ids. A 15-character id is case-sensitive: key prefix (3, the object)
 * + pod (2) + reserved (1) + counter (9, base 62). The 18-character form appends a 3-character
 * suffix that encodes which of the 15 characters are upper case, so the 18-character id can be
 * compared case-insensitively and its exact case recovered from the suffix.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/field_types.htm#i1435616
 */
import {
  BASE62,
  checksum,
  chunkBits,
  ID15,
  ID18,
  isCanonicalId18,
  SUFFIX_ALPHABET,
} from '../store/salesforce-ids.js'

export { checksum }

/** Pod characters of ids this replica issues (`001` + `Rm` + `0` + counter). */
export const REPLICA_POD = 'Rm'
const COUNTER_LENGTH = 9
// 62^9 exceeds 2^53: the counter stays a safe integer
const MAX_COUNTER = Number.MAX_SAFE_INTEGER

/** The last id `normaliseId` found canonical; undefined until then, so no text equals it. */
let lastCanonical: string | undefined

/**
 * The canonical 18-character form of a 15- or 18-character id, or `undefined` when `id` is not
 * one. An 18-character id may arrive in any case: its suffix says which letters are upper case.
 */
export function normaliseId(id: string): string | undefined {
  // the id asked last, when it was canonical: a write checks the same owner and user ids row
  // after row (a bulk job's 100k rows asked the pattern 100k times for one OwnerId)
  if (id === lastCanonical) return id
  // already canonical (every id this replica issues, and most a client sends back): nothing to
  // rebuild, and nothing to remember (a loop of distinct ids took ~3 µs per id through the cache
  // and the rebuild, ~0.2 µs this way)
  if (isCanonicalId18(id)) {
    lastCanonical = id
    return id
  }
  if (id.length !== 15 && id.length !== 18) return undefined
  // the same ids come again and again in other cases or 15 characters long
  const known = normalised.get(id)
  if (known !== undefined || normalised.has(id)) return known
  const out = normaliseIdText(id)
  if (normalised.size >= MAX_NORMALISED) normalised.clear()
  normalised.set(id, out)
  return out
}

/** Ids normalised lately (any text asked, valid or not), dropped all at once when full. */
const normalised = new Map<string, string | undefined>()
const MAX_NORMALISED = 4096

function normaliseIdText(id: string): string | undefined {
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

/** 15 -> 18 characters (an 18-character id comes back canonical). Throws on anything else. */
export function to18(id: string): string {
  const out = normaliseId(id)
  if (out === undefined) throw new TypeError(`Failed to convert id: "${id}" is not a 15- or 18-character id`)
  return out
}

/** True for a well-formed 15- or 18-character id (18: the suffix matches). */
export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && normaliseId(id) !== undefined
}

/** The key prefix (first three characters) of an id. */
export function keyPrefixOf(id: string): string {
  return id.slice(0, 3)
}

/** Character codes of the id `makeRecordId` is making: one id at a time, nothing awaits between. */
const ID_CODES = new Uint16Array(18)

/**
 * Builds the 18-character id number `counter` of the object with `keyPrefix`. Every create makes
 * one: its characters are worked out as codes and made into one flat string, where prepending
 * digits, padding and joining made ~0.5 KB of short-lived strings per id.
 */
export function makeRecordId(keyPrefix: string, counter: number, pod: string = REPLICA_POD): string {
  if (!Number.isSafeInteger(counter) || counter < 1 || counter > MAX_COUNTER) {
    throw new RangeError(`Failed to make a record id: counter ${counter} is out of range`)
  }
  if (keyPrefix.length !== 3 || pod.length !== 2) {
    throw new RangeError(`Failed to make a record id: key prefix "${keyPrefix}" or pod "${pod}" is malformed`)
  }
  const c = ID_CODES
  for (let at = 0; at < 3; at++) c[at] = keyPrefix.charCodeAt(at)
  c[3] = pod.charCodeAt(0)
  c[4] = pod.charCodeAt(1)
  c[5] = 0x30 // '0'
  let n = counter
  for (let at = 15 - 1; at >= 15 - COUNTER_LENGTH; at--) {
    c[at] = BASE62.charCodeAt(n % 62)
    n = Math.floor(n / 62)
  }
  for (let chunk = 0; chunk < 3; chunk++) c[15 + chunk] = SUFFIX_ALPHABET.charCodeAt(chunkBits(c, chunk * 5))
  // eighteen arguments (`apply` over the typed array took ~3x as long)
  // biome-ignore format: the eighteen codes in two rows
  return String.fromCharCode(
    c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!, c[7]!, c[8]!,
    c[9]!, c[10]!, c[11]!, c[12]!, c[13]!, c[14]!, c[15]!, c[16]!, c[17]!,
  )
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
