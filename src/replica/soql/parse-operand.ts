/**
 * @module
 * The smallest pieces of SOQL syntax the clauses share: field paths (`Account.Owner.Name`),
 * aggregate calls (`COUNT(Id)`; other Salesforce functions refused by name) and aliases.
 */
import type { AggregateFunction, AliasNode, OperandNode, PathNode } from './ast.js'
import { soqlError, unsupported } from './errors.js'
import { AGGREGATES, NOT_A_FIELD, RESERVED, UNSUPPORTED_FUNCTIONS } from './parser-words.js'
import type { TokenCursor } from './token-cursor.js'

type CallNode = Extract<OperandNode, { kind: 'aggregate' }>

/** An alias after an item: an identifier that is not a reserved word (nor `ALL ROWS`). */
export function parseOptionalAlias(c: TokenCursor): AliasNode | undefined {
  const token = c.peek()
  if (token.kind !== 'ident' || RESERVED.has(token.text.toUpperCase())) return undefined
  if (c.isWord(token, 'ALL') && c.isWord(c.peek(1), 'ROWS')) return undefined
  c.next()
  return { name: token.text, pos: token.pos }
}

export function parsePath(c: TokenCursor): PathNode {
  const first = c.ident()
  if (NOT_A_FIELD.has(first.text.toUpperCase())) throw c.unexpected(first)
  const parts = [first.text]
  while (c.isPunct(c.peek(), '.')) {
    c.next()
    parts.push(c.ident().text)
  }
  return { kind: 'path', parts, pos: first.pos }
}

/** `FN(...)` where FN is an aggregate; other functions are rejected by name. */
export function parseCall(c: TokenCursor): CallNode {
  const name = c.next()
  const upper = name.text.toUpperCase()
  if (!AGGREGATES.has(upper)) {
    if (UNSUPPORTED_FUNCTIONS.has(upper)) throw unsupported(`${upper}()`, c.text, name.pos)
    throw soqlError('MALFORMED_QUERY', `Unknown function: ${name.text}`, c.text, name.pos)
  }
  c.expectPunct('(')
  if (c.isPunct(c.peek(), ')')) {
    const close = c.next()
    if (upper !== 'COUNT') throw c.unexpected(close)
    return { kind: 'aggregate', fn: 'COUNT', pos: name.pos }
  }
  const arg = parsePath(c)
  c.expectPunct(')')
  return { kind: 'aggregate', fn: upper as AggregateFunction, arg, pos: name.pos }
}

/** A field path or an aggregate call (the left side of a condition, an ORDER BY item). */
export function parseOperand(c: TokenCursor): OperandNode {
  const token = c.peek()
  if (token.kind === 'ident' && c.isPunct(c.peek(1), '(')) return parseCall(c)
  return parsePath(c)
}
