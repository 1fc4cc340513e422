/**
 * @module
 * The parser's position in the token list, with the checks every clause uses: keywords compared
 * case-insensitively, punctuation, and the `MALFORMED_QUERY: unexpected token: 'X'` error at the
 * token's Row:Column, as the real API reports it.
 */
import { soqlError } from './errors.js'
import { type Token, tokenize } from './lexer.js'

const MAX_INT = 2_147_483_647

/**
 * Longest query text, as in Salesforce.
 * @see https://developer.salesforce.com/docs/atlas.en-us.salesforce_app_limits_cheatsheet.meta/salesforce_app_limits_cheatsheet/salesforce_app_limits_platform_soslsoql.htm
 */
export const MAX_SOQL_LENGTH = 100_000
/**
 * Deepest nesting of parentheses, NOTs and sub-selects. Not a documented Salesforce limit: the
 * parser and the compiled predicate recurse once per level, so without a bound a query of a few
 * thousand `(` overflowed the stack (a 500 instead of an error).
 */
export const MAX_NESTING_DEPTH = 100

export class TokenCursor {
  readonly text: string
  readonly #tokens: Token[]
  #i = 0
  #depth = 0

  constructor(text: string) {
    if (text.length > MAX_SOQL_LENGTH) {
      throw soqlError(
        'MALFORMED_QUERY',
        `SOQL statements cannot be longer than ${MAX_SOQL_LENGTH.toLocaleString('en-US')} characters (this one has ${text.length.toLocaleString('en-US')})`,
      )
    }
    this.text = text
    this.#tokens = tokenize(text)
  }

  /** Runs `parse` one nesting level deeper; past MAX_NESTING_DEPTH fails at `token`. */
  nested<T>(token: Token, parse: () => T): T {
    if (this.#depth >= MAX_NESTING_DEPTH) {
      throw soqlError(
        'MALFORMED_QUERY',
        `the query is nested too deeply (more than ${MAX_NESTING_DEPTH} levels of parentheses, NOT and sub-selects)`,
        this.text,
        token.pos,
      )
    }
    this.#depth++
    try {
      return parse()
    } finally {
      this.#depth--
    }
  }

  peek(ahead = 0): Token {
    return this.#tokens[Math.min(this.#i + ahead, this.#tokens.length - 1)]!
  }

  next(): Token {
    const token = this.peek()
    if (token.kind !== 'eof') this.#i++
    return token
  }

  isWord(token: Token, ...words: string[]): boolean {
    return token.kind === 'ident' && words.includes(token.text.toUpperCase())
  }

  isPunct(token: Token, punct: string): boolean {
    return token.kind === 'punct' && token.text === punct
  }

  unexpected(token: Token) {
    const shown = token.kind === 'eof' ? '<EOF>' : `'${token.text}'`
    return soqlError('MALFORMED_QUERY', `unexpected token: ${shown}`, this.text, token.pos)
  }

  bindVariable(token: Token) {
    return soqlError('MALFORMED_QUERY', 'Bind variables only allowed in Apex code', this.text, token.pos)
  }

  expectWord(word: string): Token {
    const token = this.next()
    if (!this.isWord(token, word)) throw this.unexpected(token)
    return token
  }

  expectPunct(punct: string): Token {
    const token = this.next()
    if (!this.isPunct(token, punct)) throw this.unexpected(token)
    return token
  }

  ident(): Token {
    const token = this.next()
    if (token.kind !== 'ident') throw this.unexpected(token)
    return token
  }

  /** A non-negative integer that fits SOQL's int (LIMIT, OFFSET, date literal N). */
  integer(): { value: number; pos: number } {
    const token = this.next()
    if (token.kind === 'punct' && token.text === ':') throw this.bindVariable(token)
    if (token.kind !== 'number' || token.text.includes('.')) throw this.unexpected(token)
    const value = Number(token.text)
    if (value > MAX_INT)
      throw soqlError('MALFORMED_QUERY', `numeric value out of range: ${token.text}`, this.text, token.pos)
    return { value, pos: token.pos }
  }
}
