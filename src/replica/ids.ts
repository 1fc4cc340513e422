/**
 * @module
 * Salesforce-style record ids. A 15-character id is case-sensitive: key prefix (3, the object)
 * + pod (2) + reserved (1) + counter (9, base 62). The 18-character form appends a 3-character
 * suffix that encodes which of the 15 characters are upper case, so the 18-character id can be
 * compared case-insensitively and its exact case recovered from the suffix.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/field_types.htm#i1435616
 */
import { checksum, ID15, ID18, isCanonicalId18, SUFFIX_ALPHABET } from '../store/salesforce-ids.js'

// the id maker lives in the store layer so fixtures (seed data) assign the same ids
export { checksum, counterOf, makeRecordId, REPLICA_POD } from '../store/salesforce-ids.js'

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
