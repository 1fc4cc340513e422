import { describe, expect, it } from 'vitest'
import { KnownSecrets, replaceRanges } from './known-secrets.js'

const TOKEN = 'tok_abcdefgh123'

function known(): KnownSecrets {
  const secrets = new KnownSecrets()
  secrets.add(TOKEN)
  return secrets
}

function encode(text: string, as: 'percent' | 'unicode'): string {
  return [...text]
    .map((ch) => {
      const hex = ch.charCodeAt(0).toString(16)
      return as === 'percent' ? `%${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`
    })
    .join('')
}

describe('KnownSecrets.find', () => {
  it('gives the ranges of the text as written, for plain and encoded occurrences alike', () => {
    const text = `a=${TOKEN}&b=${encode(TOKEN, 'percent')}&c=%zz&d=${encode(TOKEN, 'unicode')}&e=%4`
    const hidden = replaceRanges(text, known().find(text), '*')
    expect(hidden).toBe('a=*&b=*&c=%zz&d=*&e=%4')
  })

  it('finds a token mixing escapes and plain characters', () => {
    const text = `x%74ok_\\u0061bcdefgh123y`
    expect(replaceRanges(text, known().find(text), '*')).toBe('x*y')
  })

  it("finds a presented token whose '!' a form wrote as %21, as it was written", () => {
    const presented = '00DRm0000000001!AQ4AQHf2k3j4'
    const text = `grant=x&token=${presented.replace('!', '%21')}&next=1`
    expect(replaceRanges(text, new KnownSecrets().find(text, [presented]), '*')).toBe(
      'grant=x&token=*&next=1',
    )
  })

  it('finds an encoded token at the end of a body of several MiB full of escapes', () => {
    const filler = '"Name":"%zz \\u00e9",'.repeat(200_000)
    const text = `{${filler}"t":"${encode(TOKEN, 'percent')}"}`
    const ranges = known().find(text)
    expect(ranges).toEqual([[text.length - 2 - TOKEN.length * 3, text.length - 2]])
  })
})

describe('KnownSecrets.blank', () => {
  it('blanks a text again after a secret in it became known, and after the secrets were cleared', () => {
    const secrets = new KnownSecrets()
    const path = `/t/${TOKEN}/services/data`
    expect(secrets.blank(path, [], '*')).toBe(path)
    secrets.add(TOKEN)
    expect(secrets.blank(path, [], '*')).toBe('/t/*/services/data')
    secrets.clear()
    expect(secrets.blank(path, [], '*')).toBe(path)
  })

  it('answers the same text blanked against other presented tokens by those tokens', () => {
    const secrets = new KnownSecrets()
    const path = '/services/data/presented_one/presented_two'
    expect(secrets.blank(path, ['presented_one'], '*')).toBe('/services/data/*/presented_two')
    expect(secrets.blank(path, ['presented_two'], '*')).toBe('/services/data/presented_one/*')
    expect(secrets.blank(path, ['presented_one'], '#')).toBe('/services/data/#/presented_two')
  })
})
