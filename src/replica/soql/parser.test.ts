import { expect, it } from 'vitest'
import type { ConditionNode, QueryNode } from './ast.js'
import { SoqlError } from './errors.js'
import { tokenize } from './lexer.js'
import { parseSoql } from './parser.js'
import { MAX_NESTING_DEPTH, MAX_SOQL_LENGTH } from './token-cursor.js'

function parseError(text: string): SoqlError {
  try {
    parseSoql(text)
  } catch (error) {
    if (error instanceof SoqlError) return error
    throw error
  }
  throw new Error(`expected ${text} to fail`)
}

const where = (text: string): ConditionNode => parseSoql(`SELECT Id FROM Account WHERE ${text}`).where!

it('returns the select list, FROM and clauses as nodes with positions', () => {
  const text = "SELECT Id, Account.Owner.Name FROM Contact c WHERE Name = 'x' ORDER BY Name LIMIT 5 OFFSET 2"
  const query = parseSoql(text)
  expect(query.select).toEqual([
    { kind: 'field', path: { kind: 'path', parts: ['Id'], pos: 7 }, pos: 7 },
    { kind: 'field', path: { kind: 'path', parts: ['Account', 'Owner', 'Name'], pos: 11 }, pos: 11 },
  ])
  expect(query.from).toEqual({
    parts: ['Contact'],
    alias: { name: 'c', pos: text.indexOf(' c ') + 1 },
    pos: text.indexOf('Contact'),
  })
  expect(query.limit).toEqual({ value: 5, pos: text.indexOf('5') })
  expect(query.offset).toEqual({ value: 2, pos: text.indexOf('2') })
})

it('reads keywords in any case', () => {
  const query = parseSoql(
    "select id from account where name like 'a%' order by name desc nulls first limit 1",
  )
  expect(query.where).toMatchObject({ kind: 'compare', op: 'LIKE' })
  expect(query.orderBy).toEqual([
    { operand: { kind: 'path', parts: ['name'], pos: 53 }, direction: 'DESC', nulls: 'FIRST', pos: 53 },
  ])
})

it('returns FIELDS(), aggregates with aliases, COUNT() and subqueries as select items', () => {
  const query = parseSoql(
    'SELECT FIELDS(standard), COUNT(), SUM(Amount) total, (SELECT Id FROM Contacts) FROM Account',
  )
  expect(query.select.map((item) => item.kind)).toEqual(['fields', 'aggregate', 'aggregate', 'subquery'])
  expect(query.select[0]).toMatchObject({ group: 'STANDARD' })
  expect(query.select[1]).toEqual({ kind: 'aggregate', fn: 'COUNT', pos: 25 })
  expect(query.select[2]).toMatchObject({ fn: 'SUM', arg: { parts: ['Amount'] }, alias: { name: 'total' } })
  expect((query.select[3] as { query: QueryNode }).query.from.parts).toEqual(['Contacts'])
})

it('parses TYPEOF into a node so later stages can reject it by name', () => {
  const query = parseSoql(
    'SELECT TYPEOF What WHEN Account THEN Phone, Name WHEN Opportunity THEN Amount ELSE Name END FROM Event',
  )
  expect(query.select[0]).toMatchObject({
    kind: 'typeof',
    field: { parts: ['What'] },
    whens: [
      { object: 'Account', fields: [{ parts: ['Phone'] }, { parts: ['Name'] }] },
      { object: 'Opportunity', fields: [{ parts: ['Amount'] }] },
    ],
    elseFields: [{ parts: ['Name'] }],
  })
})

it('decodes string escapes and keeps LIKE wildcards escaped in the pattern', () => {
  const literal = (where("Name = 'a\\nb\\'c\\\\d\\u00e9\\t'") as { value: { value: string } }).value
  expect(literal.value).toBe("a\nb'c\\dé\t")
  const like = (where("Name LIKE '50\\% off\\_x'") as { value: { value: string; pattern: string } }).value
  expect(like.value).toBe('50% off_x')
  expect(like.pattern).toBe('50\\% off\\_x')
})

it('reads numbers, signs, booleans, null, dates, datetimes with offsets and date literals', () => {
  const condition =
    'Amount IN (1, -2.5, +3) AND IsWon = TRUE AND X = null AND D = 2026-01-31 AND T > 2026-01-31T10:00:00.5+02:00 AND T < LAST_N_DAYS:30 AND T = today'
  const at = (part: string) => 'SELECT Id FROM Account WHERE '.length + condition.indexOf(part)
  const values = (where(condition) as { operands: { value?: unknown; values?: unknown }[] }).operands
  expect(values[0]!.values).toEqual([
    { kind: 'number', value: 1, text: '1', pos: at('1,') },
    { kind: 'number', value: -2.5, text: '-2.5', pos: at('-2.5') },
    { kind: 'number', value: 3, text: '3', pos: at('+3') },
  ])
  expect(values.slice(1).map((operand) => operand.value)).toEqual([
    { kind: 'boolean', value: true, pos: at('TRUE') },
    { kind: 'null', pos: at('null') },
    { kind: 'date', text: '2026-01-31', pos: at('2026-01-31 ') },
    { kind: 'datetime', text: '2026-01-31T10:00:00.5+02:00', pos: at('2026-01-31T') },
    { kind: 'dateLiteral', name: 'LAST_N_DAYS', n: 30, pos: at('LAST_N_DAYS') },
    { kind: 'dateLiteral', name: 'TODAY', pos: at('today') },
  ])
})

it('flattens runs of one logical operator and keeps parentheses as nesting', () => {
  expect(where("A = 'a' AND B = 'b' AND C = 'c'")).toMatchObject({ kind: 'and', operands: [{}, {}, {}] })
  expect(where("(A = 'a' OR B = 'b') AND NOT C = 'c'")).toMatchObject({
    kind: 'and',
    operands: [{ kind: 'or' }, { kind: 'not', operand: { kind: 'compare' } }],
  })
})

it('errors on AND and OR mixed without parentheses, at the second operator', () => {
  const error = parseError("SELECT Id FROM Account WHERE A = 'a' OR B = 'b' AND C = 'c'")
  expect(error.code).toBe('MALFORMED_QUERY')
  expect(error.detail).toBe("unexpected token: 'AND'")
  expect(error.position).toEqual({ row: 1, column: 49, offset: 48 })
})

it('returns IN, NOT IN, semi-joins, INCLUDES and EXCLUDES conditions', () => {
  expect(where("Name IN ('a', 'b')")).toMatchObject({
    kind: 'in',
    negate: false,
    values: [{ value: 'a' }, { value: 'b' }],
  })
  expect(where("Name NOT IN ('a')")).toMatchObject({ kind: 'in', negate: true })
  expect(where('Id IN (SELECT AccountId FROM Contact)')).toMatchObject({
    kind: 'inQuery',
    negate: false,
    query: { from: { parts: ['Contact'] } },
  })
  expect(where('Id NOT IN (SELECT AccountId FROM Contact)')).toMatchObject({ kind: 'inQuery', negate: true })
  expect(where("Tags__c INCLUDES ('a;b', 'c')")).toMatchObject({ kind: 'includes', exclude: false })
  expect(where("Tags__c excludes ('a')")).toMatchObject({ kind: 'includes', exclude: true })
})

it('reads <> as != and aggregates as condition operands', () => {
  expect(where("Name <> 'x'")).toMatchObject({ op: '!=' })
  const query = parseSoql(
    'SELECT Name FROM Account GROUP BY Name HAVING COUNT(Id) > 1 ORDER BY COUNT(Id) DESC',
  )
  expect(query.having).toMatchObject({
    kind: 'compare',
    left: { kind: 'aggregate', fn: 'COUNT', arg: { parts: ['Id'] } },
  })
  expect(query.orderBy![0]).toMatchObject({
    operand: { kind: 'aggregate' },
    direction: 'DESC',
    nulls: 'LAST',
  })
})

it('sorts nulls first by default for ASC and last for DESC', () => {
  const query = parseSoql(
    'SELECT Id FROM Account ORDER BY A, B ASC, C DESC, D DESC NULLS FIRST, E NULLS LAST',
  )
  expect(query.orderBy!.map((item) => [item.direction, item.nulls])).toEqual([
    ['ASC', 'FIRST'],
    ['ASC', 'FIRST'],
    ['DESC', 'LAST'],
    ['DESC', 'FIRST'],
    ['ASC', 'LAST'],
  ])
})

it('errors on an unexpected token with its row and column', () => {
  const error = parseError('SELECT Id\nFROM Account\nWHERE Name = = 1')
  expect(error.detail).toBe("unexpected token: '='")
  expect(error.position).toEqual({ row: 3, column: 14, offset: 36 })
  expect(error.message).toBe(
    "\nWHERE Name = = 1\n             ^\nERROR at Row:3:Column:14\nunexpected token: '='",
  )
})

it('errors on input after the end of the query and on a missing FROM', () => {
  expect(parseError('SELECT Id FROM Account a b').detail).toBe("unexpected token: 'b'")
  expect(parseError('SELECT Id').detail).toBe('unexpected token: <EOF>')
  expect(parseError('SELECT FROM Account').detail).toBe("unexpected token: 'FROM'")
  expect(parseError('DELETE FROM Account').detail).toBe("unexpected token: 'DELETE'")
})

it('errors on a FIELDS() group other than ALL, STANDARD or CUSTOM', () => {
  expect(parseError('SELECT FIELDS(SOME) FROM Account').detail).toBe("unexpected token: 'SOME'")
})

it('errors on a date literal given a count it does not take, or missing one it needs', () => {
  expect(parseError('SELECT Id FROM Account WHERE CreatedDate = TODAY:3').detail).toBe(
    "unexpected token: ':'",
  )
  expect(parseError('SELECT Id FROM Account WHERE CreatedDate = NEXT_N_DAYS:x').detail).toBe(
    "unexpected token: 'x'",
  )
  expect(parseError('SELECT Id FROM Account WHERE CreatedDate = SOMEDAY').detail).toBe(
    "unexpected token: 'SOMEDAY'",
  )
})

it('errors on clauses the replica does not emulate, naming them', () => {
  expect(parseError('SELECT Id FROM Account FOR UPDATE').code).toBe('FEATURE_NOT_ENABLED')
  expect(parseError('SELECT Id FROM Account ALL ROWS').detail).toBe(
    'ALL ROWS (Apex only; use queryAll) is not supported by the replica',
  )
  expect(parseError('SELECT Id FROM Account UPDATE TRACKING').detail).toBe(
    'UPDATE TRACKING is not supported by the replica',
  )
  expect(parseError('SELECT Id FROM Account WITH DATA CATEGORY Geography__c AT usa__c').detail).toBe(
    'WITH DATA CATEGORY is not supported by the replica',
  )
  expect(parseError("SELECT Id FROM Account ORDER BY DISTANCE(Loc__c, GEOLOCATION(1, 2), 'mi')").detail).toBe(
    'DISTANCE() is not supported by the replica',
  )
  expect(parseError('SELECT FOO(Name) FROM Account').detail).toBe('Unknown function: FOO')
})

it('tokenizes operators, punctuation and literals with their offsets', () => {
  expect(
    tokenize("a!=b<>c<=d>=e<f>g=(1.5,'x').:-+").map((token) => [token.kind, token.text, token.pos]),
  ).toEqual([
    ['ident', 'a', 0],
    ['op', '!=', 1],
    ['ident', 'b', 3],
    ['op', '<>', 4],
    ['ident', 'c', 6],
    ['op', '<=', 7],
    ['ident', 'd', 9],
    ['op', '>=', 10],
    ['ident', 'e', 12],
    ['op', '<', 13],
    ['ident', 'f', 14],
    ['op', '>', 15],
    ['ident', 'g', 16],
    ['op', '=', 17],
    ['punct', '(', 18],
    ['number', '1.5', 19],
    ['punct', ',', 22],
    ['string', "'x'", 23],
    ['punct', ')', 26],
    ['punct', '.', 27],
    ['punct', ':', 28],
    ['punct', '-', 29],
    ['punct', '+', 30],
    ['eof', '<EOF>', 31],
  ])
})

it('accepts conditions nested up to the limit and refuses deeper ones (no stack overflow)', () => {
  const nest = (depth: number) =>
    `SELECT Id FROM Account WHERE ${'('.repeat(depth)}Name = 'a'${')'.repeat(depth)}`
  expect(parseSoql(nest(MAX_NESTING_DEPTH)).where).toMatchObject({ kind: 'compare' })
  const deeper = parseError(nest(MAX_NESTING_DEPTH + 1))
  expect(deeper.code).toBe('MALFORMED_QUERY')
  expect(deeper.detail).toMatch(/nested too deeply/)
  expect(parseError(nest(5000)).detail).toMatch(/nested too deeply/)
  expect(parseError(`SELECT Id FROM Account WHERE ${'NOT '.repeat(5000)}Name = 'a'`).detail).toMatch(
    /nested too deeply/,
  )
  const semi = (depth: number) =>
    `SELECT Id FROM Account WHERE ${'Id IN (SELECT AccountId FROM Contact WHERE '.repeat(depth)}Name = 'a'${')'.repeat(depth)}`
  expect(parseError(semi(2000)).detail).toMatch(/nested too deeply/)
})

it('refuses a query longer than 100,000 characters', () => {
  const padding = ' '.repeat(MAX_SOQL_LENGTH - 'SELECT Id FROM Account'.length)
  expect(parseSoql(`SELECT Id FROM Account${padding}`).from.parts).toEqual(['Account'])
  const error = parseError(`SELECT Id FROM Account${padding} `)
  expect(error.code).toBe('MALFORMED_QUERY')
  expect(error.message).toMatch(/cannot be longer than 100,000 characters/)
})
