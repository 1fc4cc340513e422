import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { likeMatcher } from './like-matcher.js'

/** The regular expression LIKE used to be: the reference semantics on short inputs. */
function referenceRegex(pattern: string): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\' && i + 1 < pattern.length) source += escapeChar(pattern[++i]!)
    else if (ch === '%') source += '.*'
    else if (ch === '_') source += '.'
    else source += escapeChar(ch)
  }
  return new RegExp(`^${source}$`, 'is')
}

function escapeChar(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch
}

describe('likeMatcher', () => {
  it.each([
    ['Acme%', 'Acme Corporation', true],
    ['acme%', 'ACME', true],
    ['%corp%', 'Acme Corporation', true],
    ['%corp', 'Acme Corporation', false],
    ['A_me', 'Acme', true],
    ['A_me', 'Acmee', false],
    ['%', '', true],
    ['', '', true],
    ['', 'a', false],
    ['a%b%c', 'abc', true],
    ['a%b%c', 'acb', false],
    ['%ab%ab%', 'xabyab', true],
    ['%aa', 'aaa', true],
    ['50\\%', '50%', true],
    ['50\\%', '500', false],
    ['a\\_b', 'a_b', true],
    ['a\\_b', 'axb', false],
    ['%\\\\%', 'back\\slash', true],
    ['line%end', 'line\nend', true],
    ['stra_e', 'STRAßE', true],
    ['%ß%', 'STRASSE', false],
  ])('matches %j against %j: %s', (pattern, value, expected) => {
    expect(likeMatcher(pattern)(value)).toBe(expected)
  })

  it('answers a pathological pattern at once', () => {
    // a backtracking regular expression takes seconds on 200 characters (the test would time out)
    const value = 'a'.repeat(100_000)
    expect(likeMatcher('%a%a%a%a%a%b')(value)).toBe(false)
    expect(likeMatcher('%a_a%a_a%a_a%b')(value)).toBe(false)
    expect(likeMatcher(`%${'a%'.repeat(50)}`)(value)).toBe(true)
  })

  it('agrees with the regular expression it replaces', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', '%', '_', '\\', 'ß', '\n')
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, maxLength: 8 }),
        fc.string({ unit: alphabet, maxLength: 12 }),
        (pattern, value) => {
          expect(likeMatcher(pattern)(value)).toBe(referenceRegex(pattern).test(value))
        },
      ),
      { numRuns: 3000, seed: 15 },
    )
  })
})
