/**
 * @module
 * Aggregate queries (GROUP BY, HAVING, aggregate functions): every selected field must be grouped
 * or aggregated; aggregates are registered once each (`SUM(Amount)` in SELECT and HAVING is one
 * computation), and HAVING and ORDER BY compile over the groups rather than the records.
 */
import type { AggregateFunction, OperandNode, PathNode, QueryNode } from '../ast.js'
import { soqlError, unsupported } from '../errors.js'
import type { ValueKind } from '../values.js'
import { compileCondition } from './compile-condition.js'
import type { Scope } from './compile-context.js'
import { expandFields } from './compile-select.js'
import type {
  AggregatePlan,
  AggregateSpec,
  CompiledQuery,
  Getter,
  GroupRow,
  ResolvedPath,
} from './compiled-query.js'
import type { Operand } from './operands.js'
import { sortSpec } from './order-by.js'
import { isLongText, resolvePath } from './paths.js'

const GROUPABLE = new Set([
  'id',
  'reference',
  'string',
  'email',
  'phone',
  'url',
  'picklist',
  'boolean',
  'int',
  'date',
])

/** A selected field's group: its path and its index in GROUP BY. */
type Grouped = (node: PathNode, what?: string) => { path: ResolvedPath; index: number }

export function compileAggregate(ast: QueryNode, scope: Scope, compiled: CompiledQuery): AggregatePlan {
  const { text } = scope.cc
  const groupBy = (ast.groupBy ?? []).map((node) => {
    const path = resolvePath(scope, node)
    if (!GROUPABLE.has(path.field.type))
      throw soqlError(
        'INVALID_FIELD',
        `field '${path.field.name}' can not be grouped in a query call`,
        text,
        node.pos,
      )
    return path
  })
  const plan: AggregatePlan = { groupBy, aggregates: [], output: [], orderBy: [] }
  const grouped: Grouped = (node, what = 'Field') => {
    const path = resolvePath(scope, node)
    const key = path.text.toLowerCase()
    const index = groupBy.findIndex((group) => group.text.toLowerCase() === key)
    if (index < 0)
      throw soqlError(
        'MALFORMED_QUERY',
        `${what} must be grouped or aggregated: ${path.text}`,
        text,
        node.pos,
      )
    return { path, index }
  }
  compileAggregateSelect(ast, scope, compiled, plan, grouped)
  const groupOperand = (operand: OperandNode, what: string): Operand<GroupRow> => {
    if (operand.kind === 'aggregate') {
      const index = addAggregate(plan, scope, operand)
      const spec = plan.aggregates[index]!
      return aggregateOperand(spec, operand.pos, (group) => group.values[index])
    }
    const { path, index } = grouped(operand, what)
    return {
      label: path.field.name,
      kind: path.kind,
      field: path.field,
      pos: operand.pos,
      get: (group) => group.keys[index],
    }
  }
  if (ast.having)
    plan.having = compileCondition(
      ast.having,
      scope,
      {
        semiJoins: undefined,
        noSemiJoin: 'Semi join sub-selects are not allowed in HAVING',
        inOr: false,
        inNot: false,
      },
      (operand) => groupOperand(operand, 'Field'),
    )
  plan.orderBy = (ast.orderBy ?? []).map((item) => {
    const operand = groupOperand(item.operand, 'Ordered field')
    return sortSpec(item, operand.kind, operand.get)
  })
  return plan
}

/** The SELECT list of an aggregate query: grouped fields and aggregates, in output order. */
function compileAggregateSelect(
  ast: QueryNode,
  scope: Scope,
  compiled: CompiledQuery,
  plan: AggregatePlan,
  grouped: Grouped,
): void {
  const { text } = scope.cc
  const keys = new Set<string>()
  const addKey = (key: string, pos: number) => {
    if (keys.has(key.toLowerCase())) throw soqlError('MALFORMED_QUERY', `duplicate alias: ${key}`, text, pos)
    keys.add(key.toLowerCase())
    compiled.columns.push(key)
  }
  let expr = 0
  for (const item of ast.select) {
    switch (item.kind) {
      case 'typeof':
        throw unsupported('TYPEOF', text, item.pos)
      case 'subquery':
        throw soqlError(
          'MALFORMED_QUERY',
          'Parent-to-child subqueries are not allowed in an aggregate query',
          text,
          item.pos,
        )
      case 'fields': {
        compiled.fieldsGroups.push(item.group)
        for (const field of expandFields(scope.object, item.group)) {
          const { path, index } = grouped({ kind: 'path', parts: [field.name], pos: item.pos })
          addKey(path.field.name, item.pos)
          plan.output.push({ key: path.field.name, source: 'group', index })
        }
        break
      }
      case 'field': {
        const { path, index } = grouped(item.path)
        const key = item.alias?.name ?? path.field.name
        addKey(key, item.alias?.pos ?? item.pos)
        plan.output.push({ key, source: 'group', index })
        break
      }
      case 'aggregate': {
        const index = addAggregate(plan, scope, item)
        const key = item.alias?.name ?? `expr${expr++}`
        addKey(key, item.alias?.pos ?? item.pos)
        plan.output.push({ key, source: 'aggregate', index })
        break
      }
    }
  }
}

const NUMERIC_ONLY = new Set<AggregateFunction>(['SUM', 'AVG'])

/** Registers an aggregate (deduplicated) and returns its index in `plan.aggregates`. */
function addAggregate(
  plan: AggregatePlan,
  scope: Scope,
  node: { fn: AggregateFunction; arg?: PathNode; pos: number },
): number {
  const { text } = scope.cc
  const path = node.arg ? resolvePath(scope, node.arg) : undefined
  if (path) {
    const bad =
      path.kind === 'compound' ||
      isLongText(path.field) ||
      (NUMERIC_ONLY.has(node.fn) && path.kind !== 'number') ||
      ((node.fn === 'MIN' || node.fn === 'MAX') && (path.kind === 'boolean' || path.kind === 'multipicklist'))
    if (bad)
      throw soqlError(
        'INVALID_FIELD',
        `field ${path.field.name} does not support aggregate operator ${node.fn}`,
        text,
        node.arg!.pos,
      )
  }
  const existing = plan.aggregates.findIndex(
    (spec) =>
      spec.fn === node.fn && (spec.path?.text.toLowerCase() ?? '') === (path?.text.toLowerCase() ?? ''),
  )
  if (existing >= 0) return existing
  plan.aggregates.push(path ? { fn: node.fn, path } : { fn: node.fn })
  return plan.aggregates.length - 1
}

function aggregateOperand(spec: AggregateSpec, pos: number, get: Getter<GroupRow>): Operand<GroupRow> {
  const counts = spec.fn === 'COUNT' || spec.fn === 'COUNT_DISTINCT'
  const kind: ValueKind =
    counts || !spec.path ? 'number' : spec.fn === 'AVG' || spec.fn === 'SUM' ? 'number' : spec.path.kind
  const label = spec.path ? `${spec.fn}(${spec.path.text})` : `${spec.fn}()`
  return {
    label,
    kind,
    pos,
    get,
    ...(counts ? { intType: true } : spec.path ? { field: spec.path.field } : {}),
  }
}
