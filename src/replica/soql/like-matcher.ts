/**
 * @module
 * SOQL `LIKE` without regular expressions: `%` any run, `_` one character, `\` escapes,
 * case-insensitive, over the whole value.
 *
 * @note A `LIKE` pattern used to become a regular expression (`.*` for each `%`), and a backtracking
 * engine takes exponential time on `'%a%a%a%a%b'` against a long value (seconds per row, the whole
 * server frozen). Here the pattern is cut at its `%`s into segments; the first must match at the
 * start, the last at the end, and each one between is matched at its leftmost place after the
 * previous one. Leftmost is always right when the only wildcard between segments is `%`, so
 * nothing is ever tried twice: a segment without `_` is one `indexOf`, one with `_` at most
 * value length x segment length comparisons. Same semantics as the regular expression it replaces
 * (one `_` = one UTF-16 code unit, `%` and `_` match line breaks).
 */

/** One segment between `%`s: its characters, case-folded, with `ANY` where the pattern has `_`. */
interface Segment {
  chars: string[]
  /** The segment as one string when it has no `_` (native `indexOf` finds it). */
  literal: string | undefined
}

const ANY = ''

/** A test of values against `pattern` (a LIKE pattern as the lexer keeps it: `\\`, `\_`, `\%` escaped). */
export function likeMatcher(pattern: string): (value: string) => boolean {
  const segments: Segment[] = []
  let chars: string[] = []
  const close = () => {
    segments.push({ chars, literal: chars.includes(ANY) ? undefined : chars.join('') })
    chars = []
  }
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\' && i + 1 < pattern.length) chars.push(fold(pattern[++i]!))
    else if (ch === '%') close()
    else if (ch === '_') chars.push(ANY)
    else chars.push(fold(ch))
  }
  close()
  if (segments.length === 1) {
    const only = segments[0]!
    return (value) => {
      const text = fold(value)
      return text.length === only.chars.length && matchesAt(text, only, 0)
    }
  }
  const first = segments[0]!
  const last = segments[segments.length - 1]!
  const middle = segments.slice(1, -1)
  const fixed = segments.reduce((total, segment) => total + segment.chars.length, 0)
  return (value) => {
    const text = fold(value)
    if (text.length < fixed || !matchesAt(text, first, 0)) return false
    const lastAt = text.length - last.chars.length
    if (!matchesAt(text, last, lastAt)) return false
    let at = first.chars.length
    for (const segment of middle) {
      const found = findFrom(text, segment, at, lastAt)
      if (found < 0) return false
      at = found + segment.chars.length
    }
    return at <= lastAt
  }
}

/** Whether `segment` matches `text` starting at `at`. */
function matchesAt(text: string, segment: Segment, at: number): boolean {
  const { chars } = segment
  if (at < 0 || at + chars.length > text.length) return false
  for (let i = 0; i < chars.length; i++) {
    const want = chars[i]!
    if (want !== ANY && text[at + i] !== want) return false
  }
  return true
}

/** Leftmost start >= `from` where `segment` matches and ends by `end`; -1 when there is none. */
function findFrom(text: string, segment: Segment, from: number, end: number): number {
  const length = segment.chars.length
  if (segment.literal !== undefined) {
    const found = text.indexOf(segment.literal, from)
    return found >= 0 && found + length <= end ? found : -1
  }
  for (let at = from; at + length <= end; at++) if (matchesAt(text, segment, at)) return at
  return -1
}

/**
 * Case folding that keeps every character in its place (so `_` still counts one each): upper
 * case, except where that would change the length (`ß` -> `SS`), where the character stays.
 */
function fold(text: string): string {
  const upper = text.toUpperCase()
  if (upper.length === text.length) return upper
  let out = ''
  for (const ch of text) {
    const one = ch.toUpperCase()
    out += one.length === ch.length ? one : ch
  }
  return out
}
