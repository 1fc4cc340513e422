/**
 * @module
 * Semi-joins (`WHERE AccountId IN (SELECT Id FROM Account WHERE ...)`): allowed only in the main
 * query's WHERE and never under OR or NOT, like Salesforce. The sub-select is compiled here and run
 * once before the outer scan; its values then serve as a test and as an index hint.
 */
import type { ConditionNode, QueryNode, SelectItem } from '../ast.js'
import type { SoqlObject, SoqlRecord } from '../data-source.js'
import { soqlError } from '../errors.js'
import { isNull } from '../values.js'
import type { Scope } from './compile-context.js'
import type { CompiledCondition, ExecContext, ResolvedPath, SemiJoin } from './compiled-query.js'
import { type ConditionOptions, recordOperand } from './operands.js'
import { resolveObject } from './paths.js'

/** `left [NOT] IN (SELECT ...)`: the sub-select registered in `options.semiJoins` and its test. */
export function compileSemiJoin(
  node: Extract<ConditionNode, { kind: 'inQuery' }>,
  scope: Scope,
  options: ConditionOptions,
): CompiledCondition<SoqlRecord> {
  const { text, source } = scope.cc
  checkSemiJoinAllowed(node, options, text)
  const operand = recordOperand(scope, node.left)
  if (operand.kind !== 'id' || operand.path.hops.length > 0)
    throw soqlError(
      'MALFORMED_QUERY',
      `The left operand of a semi join must be an id or reference field of ${scope.object.def.name}`,
      text,
      node.pos,
    )
  const inner = node.query
  const object = resolveObject(inner, source.schema)
  if (object.def.name === scope.object.def.name)
    throw soqlError(
      'INVALID_TYPE',
      'The inner and outer selects should not be on the same object type',
      text,
      inner.from.pos,
    )
  const item = checkSubSelect(inner, text)
  const query = scope.cc.compileNested(inner, object, 'semi')
  const selected = query.fields[0]!
  if (selected.kind !== 'id' || selected.hops.length > 0)
    throw soqlError(
      'MALFORMED_QUERY',
      `A semi join sub-select can only select an id or reference field, not ${selected.text}`,
      text,
      item.pos,
    )
  // the ids the subquery selects must be able to equal the left operand's
  const targetsOf = (path: ResolvedPath, object: SoqlObject) =>
    path.field.type === 'id' ? [object.def.name] : path.field.referenceTo
  const outerTargets = targetsOf(operand.path, scope.object)
  const innerTargets = targetsOf(selected, object)
  if (!innerTargets.some((target) => outerTargets.includes(target)))
    throw soqlError(
      'MALFORMED_QUERY',
      `Semi join sub-select field '${selected.text}' holds ${innerTargets.join('/')} ids, but '${operand.path.text}' holds ${outerTargets.join('/')} ids`,
      text,
      item.pos,
    )
  const semi: SemiJoin = { query, field: selected.field }
  options.semiJoins.push(semi)
  const { get } = operand
  const has = (row: SoqlRecord, ctx: ExecContext) => {
    const value = get(row, ctx)
    return !isNull(value) && ctx.semiJoinValues.get(semi)!.has(String(value))
  }
  if (node.negate) return { test: (row, ctx) => !has(row, ctx) }
  return { test: has, hint: { kind: 'semi', field: operand.path.field.name, semi } }
}

/** A semi-join only in the main query's WHERE, never under OR or NOT. */
function checkSemiJoinAllowed(
  node: Extract<ConditionNode, { kind: 'inQuery' }>,
  options: ConditionOptions,
  text: string,
): asserts options is ConditionOptions & { semiJoins: SemiJoin[] } {
  if (!options.semiJoins)
    throw soqlError(
      'MALFORMED_QUERY',
      options.noSemiJoin ?? 'Semi join sub-selects are not allowed here',
      text,
      node.query.pos,
    )
  if (options.inOr)
    throw soqlError(
      'MALFORMED_QUERY',
      "Semi join sub-selects are not allowed with the 'OR' operator",
      text,
      node.query.pos,
    )
  if (options.inNot)
    throw soqlError(
      'MALFORMED_QUERY',
      "Semi join sub-selects are not allowed with the 'NOT' operator; use NOT IN",
      text,
      node.pos,
    )
}

/** The sub-select selects one plain field and has no ORDER BY, LIMIT or OFFSET; returns that item. */
function checkSubSelect(inner: QueryNode, text: string): Extract<SelectItem, { kind: 'field' }> {
  const [item, extra] = inner.select
  if (extra || item?.kind !== 'field' || item.alias)
    throw soqlError(
      'MALFORMED_QUERY',
      'A semi join sub-select must select exactly one id or reference field',
      text,
      inner.pos,
    )
  if (inner.orderBy || inner.limit || inner.offset) {
    const at = inner.orderBy?.[0]?.pos ?? inner.limit?.pos ?? inner.offset!.pos
    throw soqlError(
      'MALFORMED_QUERY',
      'ORDER BY, LIMIT and OFFSET are not supported in a semi join sub-select',
      text,
      at,
    )
  }
  return item
}
