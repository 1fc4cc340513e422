/**
 * @module
 * The parser's position in the token list, with the checks every clause uses: keywords compared
 * case-insensitively, punctuation, and the `MALFORMED_QUERY: unexpected token: 'X'` error at the
 * token's Row:Column, as the real API reports it.
 */
import { soqlError } from './errors.js'
import { type Token, tokenize } from './lexer.js'

const MAX_INT = 2_147_483_647

export class TokenCursor {
  readonly text: string
  readonly #tokens: Token[]
  #i = 0

  constructor(text: string) {
    this.text = text
    this.#tokens = tokenize(text)
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
