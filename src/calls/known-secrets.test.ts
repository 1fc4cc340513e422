import { describe, expect, it } from 'vitest'
import { KnownSecrets, replaceRanges, ALTERNATION_FROM } from './known-secrets.js'
import { seededDraw } from '../../test/support/seeded-draw.js'

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

describe('KnownSecrets.find skipping ahead', () => {
  // every occurrence a plain scan of every position finds
  function naive(text: string, secrets: readonly string[]): [number, number][] {
    const out: [number, number][] = []
    for (let at = 0; at < text.length; at++) {
      for (const secret of secrets) if (text.startsWith(secret, at)) out.push([at, at + secret.length])
    }
    out.sort((a, b) => a[0] - b[0])
    const merged: [number, number][] = []
    for (const range of out) {
      const last = merged.at(-1)
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1])
      else merged.push([...range])
    }
    return merged
  }

  // up to 32 secrets in a long text are searched for with one expression, else in one scan: rounds
  // take turns; the alphabet holds characters an expression would read as operators
  it('finds every secret a scan of every position finds: at the edges, overlapping, sharing prefixes', () => {
    const random = seededDraw(7)
    const alphabet = 'ab0!_-,".*(|\\$'
    const word = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('')
    for (let round = 0; round < 240; round++) {
      const secrets = new KnownSecrets()
      const shared = word(4)
      // 0: few secrets, short text; 1: many, short; 2: few, long; 3: up to 32 or past it, long
      const mode = round % 4
      const count = mode % 2 === 1 ? 17 + random(20) : 1 + random(5)
      const length = mode >= 2 ? ALTERNATION_FROM : 300
      const list = Array.from({ length: count }, () =>
        random(2) === 0 ? shared + word(2 + random(6)) : word(6 + random(6)),
      )
      for (const secret of list) secrets.add(secret)
      let text = ''
      while (text.length < length) text += random(4) === 0 ? list[random(list.length)] : word(1 + random(8))
      // every other round, a secret starts the text and one ends it
      if (round % 2 === 0) text = `${list[0]}${text}${list.at(-1)}`
      const found = secrets.find(text).map(([start, end]) => [start, end])
      expect(found, `round ${round}: ${JSON.stringify({ list, text })}`).toEqual(naive(text, list))
    }
  })

  it('finds a secret overlapping itself one character on, searched alone or in a scan', () => {
    const padding = '-'.repeat(ALTERNATION_FROM)
    for (const [others, pad] of [
      [0, ''],
      [0, padding],
      [20, padding],
    ] as const) {
      const secrets = new KnownSecrets()
      secrets.add('aaaaaa')
      for (let n = 0; n < others; n++) secrets.add(`other_secret_${n}`)
      const at = pad.length + 1
      expect(secrets.find(`${pad}xaaaaaaax`), `${others} other secrets`).toEqual([[at, at + 7]])
    }
  })

  it('finds the longer of two secrets starting at one place, and one starting inside another, in a long text', () => {
    const padding = '-'.repeat(ALTERNATION_FROM)
    const at = padding.length
    for (const [list, written] of [
      [['tok_short', 'tok_shortened_more'], 'tok_shortened_more'],
      [['tok_shortened', 'ened_more_and_on'], 'tok_shortened_more_and_on'],
    ] as const) {
      const secrets = new KnownSecrets()
      for (const secret of list) secrets.add(secret)
      expect(secrets.find(`${padding}${written}!`), list.join(' ')).toEqual([[at, at + written.length]])
    }
  })

  it("finds a secret parameter's value written in any case, in a long text and a short one", () => {
    const secrets = new KnownSecrets()
    for (const pad of ['', ' '.repeat(ALTERNATION_FROM)]) {
      const text = `${pad}ACCESS_TOKEN=abc123&x=1&"SessionId": "s-9"`
      const hidden = replaceRanges(text, secrets.find(text), '*')
      expect(hidden).toBe(`${pad}ACCESS_TOKEN=*&x=1&"SessionId": "*"`)
      // the words alone, without a parameter's shape, hide nothing
      expect(secrets.find(`${pad}a token, a secret and a session`)).toEqual([])
    }
  })

  it('finds a presented token that is also a known one once', () => {
    const text = `x${TOKEN}${' '.repeat(ALTERNATION_FROM)}${TOKEN}y`
    expect(known().find(text, [TOKEN])).toEqual([
      [1, 1 + TOKEN.length],
      [text.length - 1 - TOKEN.length, text.length - 1],
    ])
  })

  it('finds a secret added after a clear, and nothing of the secrets cleared', () => {
    const secrets = known()
    secrets.clear()
    expect(secrets.find(`x${TOKEN}`)).toEqual([])
    secrets.add('other_secret_1')
    expect(secrets.find(`x${TOKEN}other_secret_1`)).toEqual([[16, 30]])
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
