/**
 * @module
 * SOQL lexer: query text -> tokens with their offsets (for `Row:Column` errors). Keywords are not
 * special here: they are identifiers that the parser compares case-insensitively, because SOQL lets
 * many of them double as field names.
 */
import { soqlError } from './errors.js'

export type TokenKind = 'ident' | 'string' | 'number' | 'date' | 'datetime' | 'time' | 'op' | 'punct' | 'eof'

export interface Token {
  kind: TokenKind
  /** Source text of the token (a string token keeps its quotes). */
  text: string
  /** Decoded value of a string token. */
  value?: string
  /**
   * A string token as a LIKE pattern: decoded, except that `\\`, `\_` and `\%` stay escaped so LIKE
   * can tell a literal `%` from a wildcard.
   */
  pattern?: string
  /** Offset of the first character. */
  pos: number
}

const IDENT_START = /[A-Za-z_]/
const IDENT_PART = /[A-Za-z0-9_]/
const DIGIT = /[0-9]/
// A date or datetime literal; the zone is required on a datetime (Z or +hh:mm / -hh:mm).
// A time literal for a time field, as Salesforce writes times (`10:30:00.000Z`)
const TIME_RE = /\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z/y
const DATE_RE = /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?)?/y

// @see https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select_quotedstringescapes.htm
const ESCAPES: Record<string, string> = {
  n: '\n',
  N: '\n',
  r: '\r',
  R: '\r',
  t: '\t',
  T: '\t',
  b: '\b',
  B: '\b',
  f: '\f',
  F: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
  _: '_',
  '%': '%',
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++
      continue
    }
    const start = i
    if (IDENT_START.test(ch)) {
      while (i < text.length && IDENT_PART.test(text[i]!)) i++
      tokens.push({ kind: 'ident', text: text.slice(start, i), pos: start })
      continue
    }
    if (DIGIT.test(ch)) {
      TIME_RE.lastIndex = i
      const time = TIME_RE.exec(text)
      if (time) {
        i += time[0].length
        tokens.push({ kind: 'time', text: time[0], pos: start })
        continue
      }
      DATE_RE.lastIndex = i
      const date = DATE_RE.exec(text)
      if (date) {
        const raw = date[0]
        if (raw.includes('T') && !/(Z|[+-]\d{2}:?\d{2})$/.test(raw))
          throw soqlError(
            'MALFORMED_QUERY',
            `invalid date/time literal: '${raw}' needs a time zone (Z or ±hh:mm)`,
            text,
            start,
          )
        i += raw.length
        tokens.push({ kind: raw.includes('T') ? 'datetime' : 'date', text: raw, pos: start })
        continue
      }
      while (i < text.length && DIGIT.test(text[i]!)) i++
      if (text[i] === '.' && DIGIT.test(text[i + 1] ?? '')) {
        i++
        while (i < text.length && DIGIT.test(text[i]!)) i++
      }
      tokens.push({ kind: 'number', text: text.slice(start, i), pos: start })
      continue
    }
    if (ch === "'") {
      i++
      let value = ''
      let pattern = ''
      let closed = false
      while (i < text.length) {
        const c = text[i]!
        if (c === "'") {
          closed = true
          i++
          break
        }
        if (c === '\\') {
          const next = text[i + 1]
          if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            const decoded = String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16))
            value += decoded
            pattern += decoded
            i += 6
            continue
          }
          const decoded = next === undefined ? undefined : ESCAPES[next]
          if (decoded === undefined) {
            const seq = `\\${next ?? ''}`
            throw soqlError(
              'MALFORMED_QUERY',
              `Invalid string literal '${text.slice(start, Math.min(text.length, i + 2))}'. Illegal character sequence '${seq}' in string literal.`,
              text,
              start,
            )
          }
          value += decoded
          pattern += next === '\\' || next === '_' || next === '%' ? `\\${next}` : decoded
          i += 2
          continue
        }
        value += c
        pattern += c
        i++
      }
      if (!closed) throw soqlError('MALFORMED_QUERY', `unexpected token: '${text.slice(start)}'`, text, start)
      tokens.push({ kind: 'string', text: text.slice(start, i), value, pattern, pos: start })
      continue
    }
    const two = text.slice(i, i + 2)
    if (two === '!=' || two === '<>' || two === '<=' || two === '>=') {
      tokens.push({ kind: 'op', text: two, pos: start })
      i += 2
      continue
    }
    if (ch === '=' || ch === '<' || ch === '>') {
      tokens.push({ kind: 'op', text: ch, pos: start })
      i++
      continue
    }
    if (ch === '(' || ch === ')' || ch === ',' || ch === '.' || ch === ':' || ch === '-' || ch === '+') {
      tokens.push({ kind: 'punct', text: ch, pos: start })
      i++
      continue
    }
    throw soqlError('MALFORMED_QUERY', `unexpected token: '${ch}'`, text, start)
  }
  tokens.push({ kind: 'eof', text: '<EOF>', pos: text.length })
  return tokens
}
