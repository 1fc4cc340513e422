import { describe, expect, it } from 'vitest'
import { checksum, counterOf, keyPrefixOf, makeRecordId, normaliseId } from './ids.js'

// real ids published with their 18-character form
const KNOWN: Array<[string, string]> = [
  // Salesforce REST API guide, "Insert or Update (Upsert) a Record Using an External ID"
  ['00190000001pPvH', '00190000001pPvHAAU'],
  // Salesforce REST API guide examples
  ['001D000000IqhSL', '001D000000IqhSLIAZ'],
  // gammone.com, "How to convert Salesforce ID from 15 to 18 chars"
  ['a0D30000001n7Pi', 'a0D30000001n7PiEAI'],
]

describe('checksum', () => {
  it.each(KNOWN)('returns the published suffix of %s', (id15, id18) => {
    expect(checksum(id15)).toBe(id18.slice(15))
    expect(normaliseId(id15)).toBe(id18)
  })

  it('returns AAA for an id without upper-case letters', () => {
    expect(checksum('001000000000000')).toBe('AAA')
  })

  it('returns 555 when every letter is upper case', () => {
    expect(checksum('ABCDEFGHIJKLMNO')).toBe('555')
  })
})

describe('normaliseId', () => {
  it('returns an 18-character id unchanged', () => {
    expect(normaliseId('001D000000IqhSLIAZ')).toBe('001D000000IqhSLIAZ')
  })

  it('recovers the case of an 18-character id sent in another case', () => {
    expect(normaliseId('001d000000iqhsliaz')).toBe('001D000000IqhSLIAZ')
    expect(normaliseId('00190000001PPVHAAU')).toBe('00190000001pPvHAAU')
  })

  it('reads the suffix as the case of the letters: another suffix is another id', () => {
    expect(normaliseId('001D000000IqhSLAAA')).toBe('001d000000iqhslAAA')
  })

  it('returns undefined for a suffix that marks a digit as upper case', () => {
    // B = bit 0 of the first chunk: character 0 is the digit '0'
    expect(normaliseId('001000000000000BAA')).toBeUndefined()
  })

  it('returns every issued id unchanged, and recovers it from any case of its letters', () => {
    for (const counter of [1, 61, 3844, 999_983, 1_000_000_007]) {
      for (const prefix of ['001', '003', 'a0Z']) {
        const id = makeRecordId(prefix, counter)
        expect(normaliseId(id)).toBe(id)
        expect(normaliseId(id.toLowerCase())).toBe(id)
        expect(normaliseId(id.toUpperCase())).toBe(id)
        expect(normaliseId(id.slice(0, 15))).toBe(id)
      }
    }
  })

  it('refuses a character outside the alphabet even where the suffix would match', () => {
    // '-' is not upper case, so the suffix of the body with it is the one of the body with '0'
    expect(normaliseId('001D000000IqhSLIAZ'.replace('0000', '00-0'))).toBeUndefined()
    expect(normaliseId('001D00000 IqhSLIAZ')).toBeUndefined()
    expect(normaliseId('001D000000IqhSLIA\u00c9')).toBeUndefined()
  })

  it('returns undefined for ids of the wrong length or alphabet', () => {
    expect(normaliseId('001D000000IqhS')).toBeUndefined()
    expect(normaliseId('001D000000IqhSLIA')).toBeUndefined()
    expect(normaliseId('001D000000IqhSLIAZ1')).toBeUndefined()
    expect(normaliseId('001D00000-IqhSL')).toBeUndefined()
    expect(normaliseId('')).toBeUndefined()
  })
})

describe('makeRecordId', () => {
  it('returns an 18-character id with the key prefix and a valid suffix', () => {
    const id = makeRecordId('001', 1)
    expect(id).toHaveLength(18)
    expect(keyPrefixOf(id)).toBe('001')
    expect(id.slice(0, 15)).toBe('001Rm0000000001')
    expect(normaliseId(id)).toBe(id)
  })

  it('refuses a key prefix that is not three characters or a pod that is not two', () => {
    expect(() => makeRecordId('01', 1)).toThrow(RangeError)
    expect(() => makeRecordId('0011', 1)).toThrow(RangeError)
    expect(() => makeRecordId('001', 1, 'R')).toThrow(RangeError)
    expect(makeRecordId('001', 1, 'Zz').slice(0, 6)).toBe('001Zz0')
  })

  it('returns distinct ids for distinct counters, in base 62', () => {
    expect(makeRecordId('003', 61).slice(6, 15)).toBe('00000000z')
    expect(makeRecordId('003', 62).slice(6, 15)).toBe('000000010')
  })

  it('round-trips the counter', () => {
    for (const n of [1, 61, 62, 3844, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(counterOf(makeRecordId('a00', n), 'a00')).toBe(n)
    }
  })

  it('returns 0 as the counter of an id it did not issue', () => {
    expect(counterOf('001D000000IqhSLIAZ', '001')).toBe(0)
    expect(counterOf(makeRecordId('001', 5), '003')).toBe(0)
  })

  it('errors on a counter out of range', () => {
    expect(() => makeRecordId('001', 0)).toThrow(RangeError)
    expect(() => makeRecordId('001', 1.5)).toThrow(RangeError)
    expect(() => makeRecordId('001', Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError)
  })
})
