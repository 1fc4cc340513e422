/**
 * @module
 * WHERE and HAVING conditions: AND/OR (never mixed without parentheses, like Salesforce), NOT,
 * comparisons, LIKE, IN / NOT IN (a literal list or a semi-join sub-select), INCLUDES / EXCLUDES,
 * and the literals they compare with.
 */
import type { ComparisonOperator, ConditionNode, Literal, QueryNode } from './ast.js'
import { dateLiteralTakesN } from './date-literals.js'
import { parseOperand } from './parse-operand.js'
import type { TokenCursor } from './token-cursor.js'

/**
 * Parses a sub-select (`IN (SELECT ...)`); the parser passes its query rule in, so this module
 * needs no import of parser.ts.
 */
export type ParseQuery = (c: TokenCursor) => QueryNode

/** Salesforce requires parentheses when AND and OR are mixed: `a AND b OR c` fails at the OR. */
export function parseCondition(c: TokenCursor, query: ParseQuery): ConditionNode {
  const first = parseUnary(c, query)
  let logical: 'AND' | 'OR' | undefined
  const operands = [first]
  for (;;) {
    const token = c.peek()
    if (!c.isWord(token, 'AND', 'OR')) break
    const word = token.text.toUpperCase() as 'AND' | 'OR'
    if (logical && word !== logical) throw c.unexpected(token)
    logical = word
    c.next()
    operands.push(parseUnary(c, query))
  }
  if (!logical) return first
  return { kind: logical === 'AND' ? 'and' : 'or', operands, pos: first.pos }
}

function parseUnary(c: TokenCursor, query: ParseQuery): ConditionNode {
  const token = c.peek()
  if (c.isWord(token, 'NOT')) {
    c.next()
    return { kind: 'not', operand: c.nested(token, () => parseUnary(c, query)), pos: token.pos }
  }
  if (c.isPunct(token, '(')) {
    c.next()
    const inner = c.nested(token, () => parseCondition(c, query))
    c.expectPunct(')')
    return inner
  }
  return parseSimple(c, query)
}

function parseSimple(c: TokenCursor, query: ParseQuery): ConditionNode {
  const left = parseOperand(c)
  const pos = left.pos
  const token = c.next()
  if (token.kind === 'op') {
    const op = (token.text === '<>' ? '!=' : token.text) as ComparisonOperator
    return { kind: 'compare', left, op, value: parseLiteral(c), pos, opPos: token.pos }
  }
  if (c.isWord(token, 'LIKE'))
    return { kind: 'compare', left, op: 'LIKE', value: parseLiteral(c), pos, opPos: token.pos }
  let negate = false
  let inToken = token
  if (c.isWord(token, 'NOT')) {
    negate = true
    inToken = c.next()
    if (!c.isWord(inToken, 'IN')) throw c.unexpected(inToken)
  }
  if (c.isWord(inToken, 'IN')) {
    c.expectPunct('(')
    if (c.isWord(c.peek(), 'SELECT')) {
      const sub = c.nested(inToken, () => query(c))
      c.expectPunct(')')
      return { kind: 'inQuery', left, negate, query: sub, pos, opPos: token.pos }
    }
    const values = parseLiteralList(c)
    return { kind: 'in', left, negate, values, pos, opPos: token.pos }
  }
  if (c.isWord(token, 'INCLUDES', 'EXCLUDES')) {
    c.expectPunct('(')
    const values = parseLiteralList(c)
    return {
      kind: 'includes',
      left,
      exclude: token.text.toUpperCase() === 'EXCLUDES',
      values,
      pos,
      opPos: token.pos,
    }
  }
  throw c.unexpected(token)
}

/** `a, b, c)` — consumes the closing parenthesis. */
function parseLiteralList(c: TokenCursor): Literal[] {
  const values = [parseLiteral(c)]
  while (c.isPunct(c.peek(), ',')) {
    c.next()
    values.push(parseLiteral(c))
  }
  c.expectPunct(')')
  return values
}

function parseLiteral(c: TokenCursor): Literal {
  const token = c.next()
  switch (token.kind) {
    case 'string':
      return { kind: 'string', value: token.value!, pattern: token.pattern!, pos: token.pos }
    case 'number':
      return { kind: 'number', value: Number(token.text), text: token.text, pos: token.pos }
    case 'date':
      return { kind: 'date', text: token.text, pos: token.pos }
    case 'datetime':
      return { kind: 'datetime', text: token.text, pos: token.pos }
    case 'time':
      return { kind: 'time', text: token.text, pos: token.pos }
    case 'punct': {
      if (token.text === ':') throw c.bindVariable(token)
      if (token.text === '-' || token.text === '+') {
        const number = c.next()
        if (number.kind !== 'number') throw c.unexpected(number)
        const text = token.text === '-' ? `-${number.text}` : number.text
        return { kind: 'number', value: Number(text), text, pos: token.pos }
      }
      throw c.unexpected(token)
    }
    case 'ident': {
      const upper = token.text.toUpperCase()
      if (upper === 'NULL') return { kind: 'null', pos: token.pos }
      if (upper === 'TRUE' || upper === 'FALSE')
        return { kind: 'boolean', value: upper === 'TRUE', pos: token.pos }
      const takesN = dateLiteralTakesN(upper)
      if (takesN === undefined) throw c.unexpected(token)
      if (!takesN) return { kind: 'dateLiteral', name: upper, pos: token.pos }
      const colon = c.next()
      if (!c.isPunct(colon, ':')) throw c.unexpected(colon)
      const n = c.integer()
      return { kind: 'dateLiteral', name: upper, n: n.value, pos: token.pos }
    }
    default:
      throw c.unexpected(token)
  }
}
