/**
 * @module
 * SOQL parser: tokens -> `QueryNode`. Recursive descent over the clause order Salesforce enforces
 * (SELECT, FROM, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, OFFSET). Syntax errors are
 * `MALFORMED_QUERY: unexpected token: 'X'` at the token's Row:Column, like the real API; clauses the
 * replica does not emulate (USING SCOPE, WITH, FOR VIEW, ...) fail here with an error naming them.
 * Names are not checked here: binding to metadata is resolve.ts's job.
 */
import type {
  AggregateFunction,
  AliasNode,
  ComparisonOperator,
  ConditionNode,
  FieldsGroup,
  FromNode,
  Literal,
  OperandNode,
  OrderItem,
  PathNode,
  QueryNode,
  SelectItem,
  TypeofItem,
} from './ast.js'
import { dateLiteralTakesN } from './date-literals.js'
import { soqlError, unsupported } from './errors.js'
import { type Token, tokenize } from './lexer.js'

const AGGREGATES = new Set<string>(['COUNT', 'COUNT_DISTINCT', 'SUM', 'AVG', 'MIN', 'MAX'])

// Salesforce functions the replica knows about but does not emulate: rejected by name.
const UNSUPPORTED_FUNCTIONS = new Set([
  'TOLABEL',
  'FORMAT',
  'CONVERTCURRENCY',
  'CONVERTTIMEZONE',
  'CALENDAR_MONTH',
  'CALENDAR_QUARTER',
  'CALENDAR_YEAR',
  'DAY_IN_MONTH',
  'DAY_IN_WEEK',
  'DAY_IN_YEAR',
  'DAY_ONLY',
  'FISCAL_MONTH',
  'FISCAL_QUARTER',
  'FISCAL_YEAR',
  'HOUR_IN_DAY',
  'WEEK_IN_MONTH',
  'WEEK_IN_YEAR',
  'GROUPING',
  'DISTANCE',
  'GEOLOCATION',
])

// Words that end an item or start a clause, so they are never taken as an alias.
const RESERVED = new Set([
  'AND',
  'ASC',
  'BY',
  'CUBE',
  'DESC',
  'ELSE',
  'END',
  'EXCLUDES',
  'FALSE',
  'FIRST',
  'FOR',
  'FROM',
  'GROUP',
  'HAVING',
  'IN',
  'INCLUDES',
  'LAST',
  'LIKE',
  'LIMIT',
  'NOT',
  'NULL',
  'NULLS',
  'OFFSET',
  'OR',
  'ORDER',
  'ROLLUP',
  'SELECT',
  'THEN',
  'TRUE',
  'TYPEOF',
  'UPDATE',
  'USING',
  'WHEN',
  'WHERE',
  'WITH',
])

// Words that can never start a field path (so `SELECT Id, FROM Account` fails at FROM, like Salesforce).
const NOT_A_FIELD = new Set([
  'AND',
  'ASC',
  'DESC',
  'EXCLUDES',
  'FALSE',
  'FROM',
  'HAVING',
  'IN',
  'INCLUDES',
  'LIKE',
  'LIMIT',
  'NOT',
  'NULL',
  'NULLS',
  'OFFSET',
  'OR',
  'SELECT',
  'TRUE',
  'USING',
  'WHERE',
  'WITH',
])

const MAX_INT = 2_147_483_647

/** Parses a SOQL query. Throws `SoqlError` (MALFORMED_QUERY) with the position of the first bad token. */
export function parseSoql(text: string): QueryNode {
  return new Parser(text).parseTop()
}

class Parser {
  #tokens: Token[]
  #i = 0
  readonly #text: string

  constructor(text: string) {
    this.#text = text
    this.#tokens = tokenize(text)
  }

  parseTop(): QueryNode {
    const query = this.#query()
    const rest = this.#peek()
    if (rest.kind !== 'eof') throw this.#unexpected(rest)
    return query
  }

  // ---- token helpers ----

  #peek(ahead = 0): Token {
    return this.#tokens[Math.min(this.#i + ahead, this.#tokens.length - 1)]!
  }

  #next(): Token {
    const token = this.#peek()
    if (token.kind !== 'eof') this.#i++
    return token
  }

  #isWord(token: Token, ...words: string[]): boolean {
    return token.kind === 'ident' && words.includes(token.text.toUpperCase())
  }

  #isPunct(token: Token, punct: string): boolean {
    return token.kind === 'punct' && token.text === punct
  }

  #unexpected(token: Token) {
    const shown = token.kind === 'eof' ? '<EOF>' : `'${token.text}'`
    return soqlError('MALFORMED_QUERY', `unexpected token: ${shown}`, this.#text, token.pos)
  }

  #expectWord(word: string): Token {
    const token = this.#next()
    if (!this.#isWord(token, word)) throw this.#unexpected(token)
    return token
  }

  #expectPunct(punct: string): Token {
    const token = this.#next()
    if (!this.#isPunct(token, punct)) throw this.#unexpected(token)
    return token
  }

  #ident(): Token {
    const token = this.#next()
    if (token.kind !== 'ident') throw this.#unexpected(token)
    return token
  }

  #optionalAlias(): AliasNode | undefined {
    const token = this.#peek()
    if (token.kind !== 'ident' || RESERVED.has(token.text.toUpperCase())) return undefined
    if (this.#isWord(token, 'ALL') && this.#isWord(this.#peek(1), 'ROWS')) return undefined
    this.#next()
    return { name: token.text, pos: token.pos }
  }

  // ---- query ----

  #query(): QueryNode {
    const start = this.#expectWord('SELECT')
    const select = this.#selectList()
    this.#expectWord('FROM')
    const from = this.#from()
    const query: QueryNode = { kind: 'query', text: this.#text, select, from, pos: start.pos }

    let token = this.#peek()
    if (this.#isWord(token, 'USING')) throw unsupported('USING SCOPE', this.#text, token.pos)
    if (this.#isWord(token, 'WHERE')) {
      this.#next()
      query.where = this.#condition()
      token = this.#peek()
    }
    if (this.#isWord(token, 'WITH')) {
      const what = this.#peek(1)
      const name = what.kind === 'ident' ? `WITH ${what.text.toUpperCase()}` : 'WITH'
      throw unsupported(name === 'WITH DATA' ? 'WITH DATA CATEGORY' : name, this.#text, token.pos)
    }
    if (this.#isWord(token, 'GROUP')) {
      this.#next()
      this.#expectWord('BY')
      query.groupBy = this.#groupBy()
      token = this.#peek()
    }
    if (this.#isWord(token, 'HAVING')) {
      this.#next()
      query.having = this.#condition()
      token = this.#peek()
    }
    if (this.#isWord(token, 'ORDER')) {
      this.#next()
      this.#expectWord('BY')
      query.orderBy = this.#orderBy()
      token = this.#peek()
    }
    if (this.#isWord(token, 'LIMIT')) {
      this.#next()
      query.limit = this.#integer()
      token = this.#peek()
    }
    if (this.#isWord(token, 'OFFSET')) {
      this.#next()
      query.offset = this.#integer()
      token = this.#peek()
    }
    if (this.#isWord(token, 'FOR')) {
      const what = this.#peek(1)
      throw unsupported(
        what.kind === 'ident' ? `FOR ${what.text.toUpperCase()}` : 'FOR',
        this.#text,
        token.pos,
      )
    }
    if (this.#isWord(token, 'UPDATE')) {
      const what = this.#peek(1)
      throw unsupported(
        what.kind === 'ident' ? `UPDATE ${what.text.toUpperCase()}` : 'UPDATE',
        this.#text,
        token.pos,
      )
    }
    if (this.#isWord(token, 'ALL') && this.#isWord(this.#peek(1), 'ROWS'))
      throw unsupported('ALL ROWS (Apex only; use queryAll)', this.#text, token.pos)
    return query
  }

  #integer(): { value: number; pos: number } {
    const token = this.#next()
    if (token.kind === 'punct' && token.text === ':') throw this.#bindVariable(token)
    if (token.kind !== 'number' || token.text.includes('.')) throw this.#unexpected(token)
    const value = Number(token.text)
    if (value > MAX_INT)
      throw soqlError('MALFORMED_QUERY', `numeric value out of range: ${token.text}`, this.#text, token.pos)
    return { value, pos: token.pos }
  }

  #bindVariable(token: Token) {
    return soqlError('MALFORMED_QUERY', 'Bind variables only allowed in Apex code', this.#text, token.pos)
  }

  #from(): FromNode {
    const first = this.#ident()
    const parts = [first.text]
    while (this.#isPunct(this.#peek(), '.')) {
      this.#next()
      parts.push(this.#ident().text)
    }
    const from: FromNode = { parts, pos: first.pos }
    const alias = this.#optionalAlias()
    if (alias) from.alias = alias
    return from
  }

  // ---- SELECT list ----

  #selectList(): SelectItem[] {
    const items = [this.#selectItem()]
    while (this.#isPunct(this.#peek(), ',')) {
      this.#next()
      items.push(this.#selectItem())
    }
    return items
  }

  #selectItem(): SelectItem {
    const token = this.#peek()
    if (this.#isPunct(token, '(')) {
      this.#next()
      const query = this.#query()
      this.#expectPunct(')')
      return { kind: 'subquery', query, pos: token.pos }
    }
    if (token.kind !== 'ident') throw this.#unexpected(token)
    const upper = token.text.toUpperCase()
    if (upper === 'TYPEOF' && this.#peek(1).kind === 'ident') return this.#typeof()
    if (this.#isPunct(this.#peek(1), '(')) {
      if (upper === 'FIELDS') return this.#fields()
      const operand = this.#call()
      const alias = this.#optionalAlias()
      return {
        kind: 'aggregate',
        fn: operand.fn,
        ...(operand.arg ? { arg: operand.arg } : {}),
        ...(alias ? { alias } : {}),
        pos: operand.pos,
      }
    }
    const path = this.#path()
    const alias = this.#optionalAlias()
    return { kind: 'field', path, ...(alias ? { alias } : {}), pos: path.pos }
  }

  #fields(): SelectItem {
    const start = this.#next()
    this.#expectPunct('(')
    const group = this.#ident()
    const upper = group.text.toUpperCase()
    if (upper !== 'ALL' && upper !== 'STANDARD' && upper !== 'CUSTOM') throw this.#unexpected(group)
    this.#expectPunct(')')
    return { kind: 'fields', group: upper as FieldsGroup, pos: start.pos }
  }

  #typeof(): TypeofItem {
    const start = this.#next()
    const field = this.#path()
    const whens: TypeofItem['whens'] = []
    let elseFields: PathNode[] = []
    while (this.#isWord(this.#peek(), 'WHEN')) {
      this.#next()
      const object = this.#ident().text
      this.#expectWord('THEN')
      whens.push({ object, fields: this.#pathList() })
    }
    if (whens.length === 0) throw this.#unexpected(this.#peek())
    if (this.#isWord(this.#peek(), 'ELSE')) {
      this.#next()
      elseFields = this.#pathList()
    }
    this.#expectWord('END')
    return { kind: 'typeof', field, whens, elseFields, pos: start.pos }
  }

  #pathList(): PathNode[] {
    const paths = [this.#path()]
    while (
      this.#isPunct(this.#peek(), ',') &&
      this.#peek(1).kind === 'ident' &&
      !this.#isWord(this.#peek(1), 'WHEN', 'ELSE', 'END')
    ) {
      this.#next()
      paths.push(this.#path())
    }
    return paths
  }

  #path(): PathNode {
    const first = this.#ident()
    if (NOT_A_FIELD.has(first.text.toUpperCase())) throw this.#unexpected(first)
    const parts = [first.text]
    while (this.#isPunct(this.#peek(), '.')) {
      this.#next()
      parts.push(this.#ident().text)
    }
    return { kind: 'path', parts, pos: first.pos }
  }

  /** `FN(...)` where FN is an aggregate; other functions are rejected by name. */
  #call(): { kind: 'aggregate'; fn: AggregateFunction; arg?: PathNode; pos: number } {
    const name = this.#next()
    const upper = name.text.toUpperCase()
    if (!AGGREGATES.has(upper)) {
      if (UNSUPPORTED_FUNCTIONS.has(upper)) throw unsupported(`${upper}()`, this.#text, name.pos)
      throw soqlError('MALFORMED_QUERY', `Unknown function: ${name.text}`, this.#text, name.pos)
    }
    this.#expectPunct('(')
    if (this.#isPunct(this.#peek(), ')')) {
      const close = this.#next()
      if (upper !== 'COUNT') throw this.#unexpected(close)
      return { kind: 'aggregate', fn: 'COUNT', pos: name.pos }
    }
    const arg = this.#path()
    this.#expectPunct(')')
    return { kind: 'aggregate', fn: upper as AggregateFunction, arg, pos: name.pos }
  }

  #operand(): OperandNode {
    const token = this.#peek()
    if (token.kind === 'ident' && this.#isPunct(this.#peek(1), '(')) return this.#call()
    return this.#path()
  }

  // ---- GROUP BY / ORDER BY ----

  #groupBy(): PathNode[] {
    const token = this.#peek()
    if (this.#isWord(token, 'ROLLUP', 'CUBE') && this.#isPunct(this.#peek(1), '('))
      throw unsupported(`GROUP BY ${token.text.toUpperCase()}`, this.#text, token.pos)
    const items: PathNode[] = []
    do {
      if (items.length > 0) this.#next()
      const next = this.#peek()
      if (next.kind === 'ident' && this.#isPunct(this.#peek(1), '(')) {
        const upper = next.text.toUpperCase()
        if (UNSUPPORTED_FUNCTIONS.has(upper))
          throw unsupported(`${upper}() in GROUP BY`, this.#text, next.pos)
        throw this.#unexpected(this.#peek(1))
      }
      items.push(this.#path())
    } while (this.#isPunct(this.#peek(), ','))
    return items
  }

  #orderBy(): OrderItem[] {
    const items: OrderItem[] = []
    do {
      if (items.length > 0) this.#next()
      const start = this.#peek()
      const operand = this.#operand()
      let direction: OrderItem['direction'] = 'ASC'
      if (this.#isWord(this.#peek(), 'ASC', 'DESC'))
        direction = this.#next().text.toUpperCase() as 'ASC' | 'DESC'
      // Salesforce's default: nulls sort as the smallest value
      let nulls: OrderItem['nulls'] = direction === 'ASC' ? 'FIRST' : 'LAST'
      if (this.#isWord(this.#peek(), 'NULLS')) {
        this.#next()
        const which = this.#next()
        if (!this.#isWord(which, 'FIRST', 'LAST')) throw this.#unexpected(which)
        nulls = which.text.toUpperCase() as 'FIRST' | 'LAST'
      }
      items.push({ operand, direction, nulls, pos: start.pos })
    } while (this.#isPunct(this.#peek(), ','))
    return items
  }

  // ---- conditions ----

  /** Salesforce requires parentheses when AND and OR are mixed: `a AND b OR c` fails at the OR. */
  #condition(): ConditionNode {
    const first = this.#unary()
    let logical: 'AND' | 'OR' | undefined
    const operands = [first]
    for (;;) {
      const token = this.#peek()
      if (!this.#isWord(token, 'AND', 'OR')) break
      const word = token.text.toUpperCase() as 'AND' | 'OR'
      if (logical && word !== logical) throw this.#unexpected(token)
      logical = word
      this.#next()
      operands.push(this.#unary())
    }
    if (!logical) return first
    return { kind: logical === 'AND' ? 'and' : 'or', operands, pos: first.pos }
  }

  #unary(): ConditionNode {
    const token = this.#peek()
    if (this.#isWord(token, 'NOT')) {
      this.#next()
      return { kind: 'not', operand: this.#unary(), pos: token.pos }
    }
    if (this.#isPunct(token, '(')) {
      this.#next()
      const inner = this.#condition()
      this.#expectPunct(')')
      return inner
    }
    return this.#simple()
  }

  #simple(): ConditionNode {
    const left = this.#operand()
    const pos = left.pos
    const token = this.#next()
    if (token.kind === 'op') {
      const op = (token.text === '<>' ? '!=' : token.text) as ComparisonOperator
      return { kind: 'compare', left, op, value: this.#literal(), pos, opPos: token.pos }
    }
    if (this.#isWord(token, 'LIKE'))
      return { kind: 'compare', left, op: 'LIKE', value: this.#literal(), pos, opPos: token.pos }
    let negate = false
    let inToken = token
    if (this.#isWord(token, 'NOT')) {
      negate = true
      inToken = this.#next()
      if (!this.#isWord(inToken, 'IN')) throw this.#unexpected(inToken)
    }
    if (this.#isWord(inToken, 'IN')) {
      this.#expectPunct('(')
      if (this.#isWord(this.#peek(), 'SELECT')) {
        const query = this.#query()
        this.#expectPunct(')')
        return { kind: 'inQuery', left, negate, query, pos, opPos: token.pos }
      }
      const values = this.#literalList()
      return { kind: 'in', left, negate, values, pos, opPos: token.pos }
    }
    if (this.#isWord(token, 'INCLUDES', 'EXCLUDES')) {
      this.#expectPunct('(')
      const values = this.#literalList()
      return {
        kind: 'includes',
        left,
        exclude: token.text.toUpperCase() === 'EXCLUDES',
        values,
        pos,
        opPos: token.pos,
      }
    }
    throw this.#unexpected(token)
  }

  /** `a, b, c)` — consumes the closing parenthesis. */
  #literalList(): Literal[] {
    const values = [this.#literal()]
    while (this.#isPunct(this.#peek(), ',')) {
      this.#next()
      values.push(this.#literal())
    }
    this.#expectPunct(')')
    return values
  }

  #literal(): Literal {
    const token = this.#next()
    switch (token.kind) {
      case 'string':
        return { kind: 'string', value: token.value!, pattern: token.pattern!, pos: token.pos }
      case 'number':
        return { kind: 'number', value: Number(token.text), text: token.text, pos: token.pos }
      case 'date':
        return { kind: 'date', text: token.text, pos: token.pos }
      case 'datetime':
        return { kind: 'datetime', text: token.text, pos: token.pos }
      case 'punct': {
        if (token.text === ':') throw this.#bindVariable(token)
        if (token.text === '-' || token.text === '+') {
          const number = this.#next()
          if (number.kind !== 'number') throw this.#unexpected(number)
          const text = token.text === '-' ? `-${number.text}` : number.text
          return { kind: 'number', value: Number(text), text, pos: token.pos }
        }
        throw this.#unexpected(token)
      }
      case 'ident': {
        const upper = token.text.toUpperCase()
        if (upper === 'NULL') return { kind: 'null', pos: token.pos }
        if (upper === 'TRUE' || upper === 'FALSE')
          return { kind: 'boolean', value: upper === 'TRUE', pos: token.pos }
        const takesN = dateLiteralTakesN(upper)
        if (takesN === undefined) throw this.#unexpected(token)
        if (!takesN) return { kind: 'dateLiteral', name: upper, pos: token.pos }
        const colon = this.#next()
        if (!this.#isPunct(colon, ':')) throw this.#unexpected(colon)
        const n = this.#integer()
        return { kind: 'dateLiteral', name: upper, n: n.value, pos: token.pos }
      }
      default:
        throw this.#unexpected(token)
    }
  }
}
