import { describe, expect, it } from 'vitest'
import { blankSecrets, findSecrets, KnownSecrets, SecretList } from './known-secrets.js'
import { escapeEvery } from '../../test/support/escape-every.js'
import { seededDraw } from '../../test/support/seeded-draw.js'

const TOKEN = 'tok_abcdefgh123'

describe('findSecrets', () => {
  it('gives the ranges of the text as written, for plain and encoded occurrences alike', () => {
    const text = `a=${TOKEN}&b=${escapeEvery(TOKEN, 'percent')}&c=%zz&d=${escapeEvery(TOKEN, 'unicode')}&e=%4`
    expect(blankSecrets(text, [TOKEN], '*')).toBe('a=*&b=*&c=%zz&d=*&e=%4')
  })

  it('finds a token mixing escapes and plain characters', () => {
    expect(blankSecrets(`x%74ok_\\u0061bcdefgh123y`, [TOKEN], '*')).toBe('x*y')
  })

  it("finds a token whose '!' a form wrote as %21, as it was written", () => {
    const token = '00DRm0000000001!AQ4AQHf2k3j4'
    const text = `grant=x&token=${token.replace('!', '%21')}&next=1`
    expect(blankSecrets(text, [token], '*')).toBe('grant=x&token=*&next=1')
  })

  it('finds an encoded token at the end of a body of several MiB full of escapes', () => {
    const filler = '"Name":"%zz \\u00e9",'.repeat(200_000)
    const text = `{${filler}"t":"${escapeEvery(TOKEN, 'percent')}"}`
    expect(findSecrets(text, [TOKEN])).toEqual([[text.length - 2 - TOKEN.length * 3, text.length - 2]])
  })

  it('finds every occurrence a look at every position finds: at the edges, overlapping, sharing prefixes', () => {
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
    const random = seededDraw(7)
    const alphabet = 'ab0!_-,".*(|\\$'
    const word = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('')
    for (let round = 0; round < 100; round++) {
      const shared = word(4)
      const list = Array.from({ length: 1 + random(8) }, () =>
        random(2) === 0 ? shared + word(2 + random(6)) : word(6 + random(6)),
      )
      let text = ''
      while (text.length < 300) text += random(4) === 0 ? list[random(list.length)] : word(1 + random(8))
      if (round % 2 === 0) text = `${list[0]}${text}${list.at(-1)}`
      const found = findSecrets(text, list).map(([start, end]) => [start, end])
      expect(found, `round ${round}: ${JSON.stringify({ list, text })}`).toEqual(naive(text, list))
    }
  })

  it('finds a secret overlapping itself one character on', () => {
    expect(findSecrets('xaaaaaaax', ['aaaaaa'])).toEqual([[1, 8]])
  })

  it("finds a secret parameter's value written in any case", () => {
    const text = `ACCESS_TOKEN=abc123&x=1&"SessionId": "s-9"`
    expect(blankSecrets(text, [], '*')).toBe(`ACCESS_TOKEN=*&x=1&"SessionId": "*"`)
    // the words alone, without a parameter's shape, hide nothing
    expect(findSecrets('a token, a secret and a session', [])).toEqual([])
  })

  it('does not look for secrets shorter than 6 characters', () => {
    expect(findSecrets('/services/abc', ['abc'])).toEqual([])
  })
})

describe('KnownSecrets', () => {
  it("gives an environment's own secrets and those of every environment, no other's", () => {
    const secrets = new KnownSecrets()
    secrets.add('test-member-token')
    secrets.add('tok_of_env_a', 'env_a')
    secrets.add('tok_of_env_b', 'env_b')
    secrets.add('short', 'env_a')
    expect(secrets.of('env_a')).toEqual(['test-member-token', 'tok_of_env_a'])
    expect(secrets.of('env_c')).toEqual(['test-member-token'])
    secrets.clear()
    expect(secrets.of('env_a')).toEqual([])
  })
})

describe('SecretList', () => {
  const list = new SecretList(['tok_abcdefgh123', 'short'])

  it('tells a text that holds no secret without searching it, and finds one written any way', () => {
    expect(list.mayHold('{"Name":"Acme","Industry":"Banking"}')).toBe(false)
    expect(list.find('{"Name":"Acme"}')).toEqual([])
    expect(list.find('a=tok_abcdefgh123')).toEqual([[2, 17]])
    expect(list.find('a=%74ok_abcdefgh123')).toEqual([[2, 19]])
    expect(list.find('{"access_token":"x1"}')).toEqual([[17, 19]])
    // too short to be looked for
    expect(list.secrets).toEqual(['tok_abcdefgh123'])
  })

  it('is itself with secrets it holds, and a new list with others', () => {
    expect(list.with(['tok_abcdefgh123', 'x'])).toBe(list)
    const more = list.with(['tok_other_123456'])
    expect(more.secrets).toEqual(['tok_abcdefgh123', 'tok_other_123456'])
    expect(more.find('tok_other_123456')).toEqual([[0, 16]])
  })
})

it('compiles an environment list once, and anew once a secret is added', () => {
  const secrets = new KnownSecrets()
  secrets.add('tok_of_env_a', 'env_a')
  const first = secrets.listOf('env_a')
  expect(secrets.listOf('env_a')).toBe(first)
  secrets.add('tok_second_a', 'env_a')
  expect(secrets.listOf('env_a').secrets).toEqual(['tok_of_env_a', 'tok_second_a'])
  expect(secrets.allList().find('x tok_second_a')).toEqual([[2, 14]])
})
