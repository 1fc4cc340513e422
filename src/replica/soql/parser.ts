/**
 * @module
 * SOQL parser: tokens -> `QueryNode`. Recursive descent over the clause order Salesforce enforces
 * (SELECT, FROM, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, OFFSET, FOR VIEW | FOR REFERENCE). Syntax errors are
 * `MALFORMED_QUERY: unexpected token: 'X'` at the token's Row:Column, like the real API; clauses the
 * replica does not emulate (USING SCOPE, WITH, FOR UPDATE, ...) fail here with an error naming them.
 * Names are not checked here: binding to metadata is the compiler's job (compile/). Conditions
 * (parse-condition.ts) and paths, calls and aliases (parse-operand.ts) have modules of their own.
 */
import type { FieldsGroup, FromNode, OrderItem, PathNode, QueryNode, SelectItem, TypeofItem } from './ast.js'
import { unsupported } from './errors.js'
import { parseCondition } from './parse-condition.js'
import { parseCall, parseOperand, parseOptionalAlias, parsePath } from './parse-operand.js'
import { UNSUPPORTED_FUNCTIONS } from './parser-words.js'
import { TokenCursor } from './token-cursor.js'

/** Parses a SOQL query. Throws `SoqlError` (MALFORMED_QUERY) with the position of the first bad token. */
export function parseSoql(text: string): QueryNode {
  const c = new TokenCursor(text)
  const query = parseQuery(c)
  const rest = c.peek()
  if (rest.kind !== 'eof') throw c.unexpected(rest)
  return query
}

// ---- query ----

function parseQuery(c: TokenCursor): QueryNode {
  const start = c.expectWord('SELECT')
  const select = parseSelectList(c)
  c.expectWord('FROM')
  const from = parseFrom(c)
  const query: QueryNode = { kind: 'query', text: c.text, select, from, pos: start.pos }

  let token = c.peek()
  if (c.isWord(token, 'USING')) throw unsupported('USING SCOPE', c.text, token.pos)
  if (c.isWord(token, 'WHERE')) {
    c.next()
    query.where = parseCondition(c, parseQuery)
    token = c.peek()
  }
  if (c.isWord(token, 'WITH')) {
    const what = c.peek(1)
    const name = what.kind === 'ident' ? `WITH ${what.text.toUpperCase()}` : 'WITH'
    throw unsupported(name === 'WITH DATA' ? 'WITH DATA CATEGORY' : name, c.text, token.pos)
  }
  if (c.isWord(token, 'GROUP')) {
    c.next()
    c.expectWord('BY')
    query.groupBy = parseGroupBy(c)
    token = c.peek()
  }
  if (c.isWord(token, 'HAVING')) {
    c.next()
    query.having = parseCondition(c, parseQuery)
    token = c.peek()
  }
  if (c.isWord(token, 'ORDER')) {
    c.next()
    c.expectWord('BY')
    query.orderBy = parseOrderBy(c)
    token = c.peek()
  }
  if (c.isWord(token, 'LIMIT')) {
    c.next()
    query.limit = c.integer()
    token = c.peek()
  }
  if (c.isWord(token, 'OFFSET')) {
    c.next()
    query.offset = c.integer()
    token = c.peek()
  }
  if (c.isWord(token, 'FOR')) {
    const what = c.peek(1)
    const clause = what.kind === 'ident' ? what.text.toUpperCase() : ''
    if (clause === 'VIEW' || clause === 'REFERENCE') {
      query.forView = { clause, pos: token.pos }
      c.next()
      c.next()
      token = c.peek()
    }
  }
  if (c.isWord(token, 'FOR', 'UPDATE')) {
    const what = c.peek(1)
    const word = token.text.toUpperCase()
    throw unsupported(what.kind === 'ident' ? `${word} ${what.text.toUpperCase()}` : word, c.text, token.pos)
  }
  if (c.isWord(token, 'ALL') && c.isWord(c.peek(1), 'ROWS'))
    throw unsupported('ALL ROWS (Apex only; use queryAll)', c.text, token.pos)
  return query
}

function parseFrom(c: TokenCursor): FromNode {
  const first = c.ident()
  const parts = [first.text]
  while (c.isPunct(c.peek(), '.')) {
    c.next()
    parts.push(c.ident().text)
  }
  const from: FromNode = { parts, pos: first.pos }
  const alias = parseOptionalAlias(c)
  if (alias) from.alias = alias
  return from
}

// ---- SELECT list ----

function parseSelectList(c: TokenCursor): SelectItem[] {
  const items = [parseSelectItem(c)]
  while (c.isPunct(c.peek(), ',')) {
    c.next()
    items.push(parseSelectItem(c))
  }
  return items
}

function parseSelectItem(c: TokenCursor): SelectItem {
  const token = c.peek()
  if (c.isPunct(token, '(')) {
    c.next()
    const query = c.nested(token, () => parseQuery(c))
    c.expectPunct(')')
    return { kind: 'subquery', query, pos: token.pos }
  }
  if (token.kind !== 'ident') throw c.unexpected(token)
  const upper = token.text.toUpperCase()
  if (upper === 'TYPEOF' && c.peek(1).kind === 'ident') return parseTypeof(c)
  if (c.isPunct(c.peek(1), '(')) {
    if (upper === 'FIELDS') return parseFields(c)
    const operand = parseCall(c)
    const alias = parseOptionalAlias(c)
    return {
      kind: 'aggregate',
      fn: operand.fn,
      ...(operand.arg ? { arg: operand.arg } : {}),
      ...(alias ? { alias } : {}),
      pos: operand.pos,
    }
  }
  const path = parsePath(c)
  const alias = parseOptionalAlias(c)
  return { kind: 'field', path, ...(alias ? { alias } : {}), pos: path.pos }
}

function parseFields(c: TokenCursor): SelectItem {
  const start = c.next()
  c.expectPunct('(')
  const group = c.ident()
  const upper = group.text.toUpperCase()
  if (upper !== 'ALL' && upper !== 'STANDARD' && upper !== 'CUSTOM') throw c.unexpected(group)
  c.expectPunct(')')
  return { kind: 'fields', group: upper as FieldsGroup, pos: start.pos }
}

function parseTypeof(c: TokenCursor): TypeofItem {
  const start = c.next()
  const field = parsePath(c)
  const whens: TypeofItem['whens'] = []
  let elseFields: PathNode[] = []
  while (c.isWord(c.peek(), 'WHEN')) {
    c.next()
    const object = c.ident().text
    c.expectWord('THEN')
    whens.push({ object, fields: parsePathList(c) })
  }
  if (whens.length === 0) throw c.unexpected(c.peek())
  if (c.isWord(c.peek(), 'ELSE')) {
    c.next()
    elseFields = parsePathList(c)
  }
  c.expectWord('END')
  return { kind: 'typeof', field, whens, elseFields, pos: start.pos }
}

function parsePathList(c: TokenCursor): PathNode[] {
  const paths = [parsePath(c)]
  while (
    c.isPunct(c.peek(), ',') &&
    c.peek(1).kind === 'ident' &&
    !c.isWord(c.peek(1), 'WHEN', 'ELSE', 'END')
  ) {
    c.next()
    paths.push(parsePath(c))
  }
  return paths
}

// ---- GROUP BY / ORDER BY ----

function parseGroupBy(c: TokenCursor): PathNode[] {
  const token = c.peek()
  if (c.isWord(token, 'ROLLUP', 'CUBE') && c.isPunct(c.peek(1), '('))
    throw unsupported(`GROUP BY ${token.text.toUpperCase()}`, c.text, token.pos)
  const items: PathNode[] = []
  do {
    if (items.length > 0) c.next()
    const next = c.peek()
    if (next.kind === 'ident' && c.isPunct(c.peek(1), '(')) {
      const upper = next.text.toUpperCase()
      if (UNSUPPORTED_FUNCTIONS.has(upper)) throw unsupported(`${upper}() in GROUP BY`, c.text, next.pos)
      throw c.unexpected(c.peek(1))
    }
    items.push(parsePath(c))
  } while (c.isPunct(c.peek(), ','))
  return items
}

function parseOrderBy(c: TokenCursor): OrderItem[] {
  const items: OrderItem[] = []
  do {
    if (items.length > 0) c.next()
    const start = c.peek()
    const operand = parseOperand(c)
    let direction: OrderItem['direction'] = 'ASC'
    if (c.isWord(c.peek(), 'ASC', 'DESC')) direction = c.next().text.toUpperCase() as 'ASC' | 'DESC'
    // Salesforce's default: nulls sort as the smallest value
    let nulls: OrderItem['nulls'] = direction === 'ASC' ? 'FIRST' : 'LAST'
    if (c.isWord(c.peek(), 'NULLS')) {
      c.next()
      const which = c.next()
      if (!c.isWord(which, 'FIRST', 'LAST')) throw c.unexpected(which)
      nulls = which.text.toUpperCase() as 'FIRST' | 'LAST'
    }
    items.push({ operand, direction, nulls, pos: start.pos })
  } while (c.isPunct(c.peek(), ','))
  return items
}
