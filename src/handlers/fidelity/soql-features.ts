/**
 * @module
 * The SOQL features one query uses, by name (`WHERE`, `LIKE`, `semi-join`, `date literal`, ...),
 * read off its syntax tree: the fidelity report says which of them a run exercised.
 */
import type { ConditionNode, Literal, QueryNode, SelectItem } from '../../replica/soql/index.js'
import { parseSoql } from '../../replica/soql/index.js'

/** A query the parser refuses is counted under this name. */
export const UNPARSABLE = 'unparsable query'

export function soqlFeatures(text: string): Set<string> {
  const features = new Set<string>()
  let query: QueryNode
  try {
    query = parseSoql(text)
  } catch {
    features.add(UNPARSABLE)
    return features
  }
  addQuery(query, features)
  return features
}

function addQuery(query: QueryNode, features: Set<string>): void {
  for (const item of query.select) addSelectItem(item, features)
  if (query.from.alias) features.add('object alias')
  if (query.where) {
    features.add('WHERE')
    addCondition(query.where, features)
  }
  if (query.groupBy) features.add('GROUP BY')
  if (query.having) {
    features.add('HAVING')
    addCondition(query.having, features)
  }
  for (const order of query.orderBy ?? []) {
    features.add('ORDER BY')
    if (order.direction === 'DESC') features.add('ORDER BY DESC')
    if (order.operand.kind === 'path' && order.operand.parts.length > 1)
      features.add('parent relationship path')
  }
  if (query.limit) features.add('LIMIT')
  if (query.offset) features.add('OFFSET')
  if (query.forView) features.add(`FOR ${query.forView.clause}`)
}

function addSelectItem(item: SelectItem, features: Set<string>): void {
  switch (item.kind) {
    case 'field':
      if (item.path.parts.length > 1) features.add('parent relationship path')
      if (item.alias) features.add('field alias')
      return
    case 'fields':
      features.add(`FIELDS(${item.group})`)
      return
    case 'aggregate':
      features.add(item.arg ? `${item.fn}()` : 'COUNT() without field')
      return
    case 'subquery':
      features.add('child subquery')
      addQuery(item.query, features)
      return
    case 'typeof':
      features.add('TYPEOF')
      return
  }
}

function addCondition(condition: ConditionNode, features: Set<string>): void {
  switch (condition.kind) {
    case 'and':
    case 'or':
      features.add(condition.kind.toUpperCase())
      for (const operand of condition.operands) addCondition(operand, features)
      return
    case 'not':
      features.add('NOT')
      addCondition(condition.operand, features)
      return
    case 'compare':
      features.add(condition.op === 'LIKE' ? 'LIKE' : `comparison ${condition.op}`)
      addLiteral(condition.value, features)
      return
    case 'in':
      features.add(condition.negate ? 'NOT IN list' : 'IN list')
      for (const value of condition.values) addLiteral(value, features)
      return
    case 'inQuery':
      features.add(condition.negate ? 'anti-join (NOT IN subquery)' : 'semi-join (IN subquery)')
      addQuery(condition.query, features)
      return
    case 'includes':
      features.add(condition.exclude ? 'EXCLUDES' : 'INCLUDES')
      return
  }
}

function addLiteral(literal: Literal, features: Set<string>): void {
  if (literal.kind === 'dateLiteral')
    features.add(literal.n === undefined ? 'date literal' : 'date literal :n')
  else if (literal.kind === 'date' || literal.kind === 'datetime') features.add(`${literal.kind} value`)
  else if (literal.kind === 'null') features.add('null comparison')
}
