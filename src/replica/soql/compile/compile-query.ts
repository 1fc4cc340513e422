/**
 * @module
 * Binds a parsed query to the caller's metadata and compiles it once into closures the executor runs
 * per record: names resolved case-insensitively to canonical spelling, field visibility applied (a
 * field the caller cannot see is `INVALID_FIELD`, exactly like one that does not exist), literals
 * type-checked and converted against their field, date literals evaluated on the clock, WHERE turned
 * into one predicate, and the index hints (`Id = ...`, external id, reference equality, semi-joins)
 * the executor uses instead of a scan. Each clause compiles in its own module beside this one.
 */
import type { ConditionNode, OperandNode, QueryNode } from '../ast.js'
import type { SoqlDataSource, SoqlObject } from '../data-source.js'
import { soqlError, unsupported } from '../errors.js'
import { parseSoql } from '../parser.js'
import { compileAggregate } from './compile-aggregate.js'
import { compileCondition } from './compile-condition.js'
import type { CompileContext, Mode, Scope } from './compile-context.js'
import { compileSelect } from './compile-select.js'
import type { CompiledQuery } from './compiled-query.js'
import { compileOrderBy } from './order-by.js'
import { resolveObject } from './paths.js'

/**
 * Parses (when given text) and compiles a query against the caller's view of the schema. Date literals
 * are evaluated on `source.now()` here, so compile right before executing.
 */
export function compileSoql(query: string | QueryNode, source: SoqlDataSource): CompiledQuery {
  const ast = typeof query === 'string' ? parseSoql(query) : query
  const root = resolveObject(ast, source.schema)
  const cc: CompileContext = {
    source,
    now: source.now(),
    text: ast.text,
    compileNested: (nested, object, mode) => compileQuery(nested, object, cc, mode),
  }
  return compileQuery(ast, root, cc, 'root')
}

const FIELDS_LIMIT = 200
const MAX_OFFSET = 2000

function compileQuery(ast: QueryNode, object: SoqlObject, cc: CompileContext, mode: Mode): CompiledQuery {
  const { text } = cc
  const scope: Scope = { object, cc, ...(ast.from.alias ? { alias: ast.from.alias.name } : {}) }
  const kind = queryKind(ast, mode, text)
  const compiled: CompiledQuery = {
    ast,
    object,
    kind,
    columns: [],
    fields: [],
    fieldsGroups: [],
    output: [],
    subqueries: [],
    semiJoins: [],
    orderBy: [],
  }

  if (kind === 'aggregate') compiled.aggregate = compileAggregate(ast, scope, compiled)
  else if (kind === 'records') compileSelect(ast, scope, compiled, mode)
  if (compiled.fieldsGroups.length > 0 && kind === 'count')
    throw soqlError('MALFORMED_QUERY', 'FIELDS() cannot be used with COUNT()', text, ast.pos)

  if (ast.where) {
    compiled.where = compileCondition(ast.where, scope, {
      semiJoins: mode === 'root' ? compiled.semiJoins : undefined,
      noSemiJoin:
        mode === 'semi'
          ? 'Nesting of semi join sub-selects is not supported'
          : 'Semi join sub-selects are only allowed in the WHERE clause of the main query',
      inOr: false,
      inNot: false,
    })
  }
  if (ast.orderBy && kind !== 'aggregate') compiled.orderBy = compileOrderBy(ast.orderBy, scope)
  compilePaging(ast, compiled, text)
  if (ast.forView) compiled.marks = compileForView(ast, compiled, mode, text)
  return compiled
}

/**
 * `FOR VIEW` stamps `LastViewedDate`, `FOR REFERENCE` `LastReferencedDate`, of the records a
 * records query returns: only the main query's, and only of an object that has the field (the
 * objects Salesforce keeps recently viewed records of).
 */
function compileForView(
  ast: QueryNode,
  compiled: CompiledQuery,
  mode: Mode,
  text: string,
): CompiledQuery['marks'] {
  const { clause, pos } = ast.forView!
  const fail = (detail: string) => soqlError('MALFORMED_QUERY', detail, text, pos)
  if (mode !== 'root') throw fail(`FOR ${clause} is only allowed on the main query`)
  if (compiled.kind !== 'records') throw fail(`FOR ${clause} is not allowed in an aggregate query`)
  const field = clause === 'VIEW' ? 'LastViewedDate' : 'LastReferencedDate'
  const object = compiled.object
  if (!object.fields.some((candidate) => candidate.name === field))
    throw fail(`FOR ${clause} is not supported for ${object.def.name}: it keeps no ${field}`)
  return field
}

/** `count` (`SELECT COUNT()`), `aggregate` (GROUP BY, HAVING, aggregate functions) or `records`. */
function queryKind(ast: QueryNode, mode: Mode, text: string): CompiledQuery['kind'] {
  const countItem = ast.select.find((item) => item.kind === 'aggregate' && item.fn === 'COUNT' && !item.arg)
  const hasAggregate = ast.select.some((item) => item.kind === 'aggregate')
  if (countItem && ast.select.length > 1)
    throw soqlError(
      'MALFORMED_QUERY',
      'COUNT() must be the only element in the SELECT list',
      text,
      countItem.pos,
    )
  if (countItem && (ast.groupBy || ast.having))
    throw unsupported('COUNT() with GROUP BY or HAVING', text, countItem.pos)
  const kind: CompiledQuery['kind'] = countItem
    ? 'count'
    : hasAggregate || ast.groupBy || ast.having
      ? 'aggregate'
      : 'records'
  if (mode !== 'root' && kind !== 'records') {
    const where =
      ast.select.find((item) => item.kind === 'aggregate')?.pos ?? ast.groupBy?.[0]?.pos ?? ast.pos
    throw soqlError(
      'MALFORMED_QUERY',
      'Aggregate functions and GROUP BY are not allowed in a subquery',
      text,
      where,
    )
  }
  return kind
}

/** LIMIT and OFFSET, and the bound unbounded FIELDS() needs (like Salesforce's REST and SOAP APIs). */
function compilePaging(ast: QueryNode, compiled: CompiledQuery, text: string): void {
  if (ast.limit) compiled.limit = ast.limit.value
  if (ast.offset) {
    if (ast.offset.value > MAX_OFFSET)
      throw soqlError(
        'NUMBER_OUTSIDE_VALID_RANGE',
        `Maximum SOQL offset allowed is ${MAX_OFFSET}`,
        text,
        ast.offset.pos,
      )
    compiled.offset = ast.offset.value
  }
  if (compiled.fieldsGroups.some((group) => group !== 'STANDARD')) {
    const bounded = (ast.limit && ast.limit.value <= FIELDS_LIMIT) || (ast.where && boundedById(ast.where))
    if (!bounded)
      throw soqlError(
        'MALFORMED_QUERY',
        `The SOQL FIELDS function must have a LIMIT of at most ${FIELDS_LIMIT}`,
        text,
        ast.pos,
      )
  }
}

/** `WHERE Id = '...'`, `Id IN (at most 200 ids)`, or those joined by OR: a FIELDS() bound. */
function boundedById(node: ConditionNode): boolean {
  const isId = (operand: OperandNode) =>
    operand.kind === 'path' && operand.parts.length === 1 && operand.parts[0]!.toLowerCase() === 'id'
  switch (node.kind) {
    case 'compare':
      return node.op === '=' && isId(node.left)
    case 'in':
      return !node.negate && isId(node.left) && node.values.length <= FIELDS_LIMIT
    case 'or':
      return node.operands.every(boundedById)
    default:
      return false
  }
}
