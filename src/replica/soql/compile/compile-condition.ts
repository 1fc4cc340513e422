/**
 * @module
 * WHERE and HAVING compiled into one predicate: AND/OR/NOT, comparisons, LIKE, IN, INCLUDES and
 * EXCLUDES over the comparable form of values.ts, plus the index hint of each indexable
 * equality (id, external id, reference) the executor may use instead of a scan.
 */
import type { ConditionNode, Literal, OperandNode } from '../ast.js'
import { soqlError } from '../errors.js'
import { isNull, multipicklistSet, normalize } from '../values.js'
import type { Scope } from './compile-context.js'
import type { CompiledCondition, ExecContext, IndexHint, ResolvedPath } from './compiled-query.js'
import { type Coerced, checkOperator, coerce, scalarTest, typeError } from './literals.js'
import { likeMatcher } from '../like-matcher.js'
import { type ConditionOptions, type Operand, recordOperand } from './operands.js'
import { compileSemiJoin } from './semi-join.js'

type Bind<T> = (operand: OperandNode) => Operand<T>

/** Compiles a condition; `bind` binds its left sides (record fields unless told otherwise). */
export function compileCondition<T>(
  node: ConditionNode,
  scope: Scope,
  options: ConditionOptions,
  bind: Bind<T> = (operand) => recordOperand(scope, operand) as unknown as Operand<T>,
): CompiledCondition<T> {
  switch (node.kind) {
    case 'and': {
      const parts = node.operands.map((operand) => compileCondition(operand, scope, options, bind))
      const tests = parts.map((part) => part.test)
      const hints = parts.map((part) => part.hint).filter((hint): hint is IndexHint => hint !== undefined)
      // an id lookup narrows most; otherwise any indexed conjunct will do
      const hint = hints.find((h) => h.kind === 'values' && h.field === 'Id') ?? hints[0]
      return { test: (row, ctx) => tests.every((test) => test(row, ctx)), ...(hint ? { hint } : {}) }
    }
    case 'or': {
      const parts = node.operands.map((operand) =>
        compileCondition(operand, scope, { ...options, inOr: true }, bind),
      )
      const tests = parts.map((part) => part.test)
      const hints = parts.map((part) => part.hint)
      const all = hints.every((hint) => hint !== undefined)
      return {
        test: (row, ctx) => tests.some((test) => test(row, ctx)),
        ...(all ? { hint: { kind: 'or', hints: hints as IndexHint[] } } : {}),
      }
    }
    case 'not': {
      const inner = compileCondition(node.operand, scope, { ...options, inNot: true }, bind)
      return { test: (row, ctx) => !inner.test(row, ctx) }
    }
    case 'inQuery':
      return compileSemiJoin(node, scope, options) as unknown as CompiledCondition<T>
    case 'includes':
      return compileIncludes(node, bind(node.left), scope.cc.text)
    case 'in':
      return compileIn(node, bind(node.left), scope)
    case 'compare':
      return compileCompare(node, bind(node.left), scope)
  }
}

/** `INCLUDES ('a;b', 'c')`: some group's values all selected (EXCLUDES: none does). */
function compileIncludes<T>(
  node: Extract<ConditionNode, { kind: 'includes' }>,
  operand: Operand<T>,
  text: string,
): CompiledCondition<T> {
  if (operand.kind !== 'multipicklist')
    throw soqlError(
      'INVALID_QUERY_FILTER_OPERATOR',
      'includes or excludes operator only valid on multipicklist field',
      text,
      node.opPos,
    )
  const groups = node.values.map((value) => {
    if (value.kind !== 'string') throw typeError(operand, value, text)
    return [...multipicklistSet(value.value)]
  })
  const includes = (raw: unknown) => {
    const set = normalize('multipicklist', raw) as Set<string> | null
    return set !== null && groups.some((group) => group.every((part) => set.has(part)))
  }
  const { get } = operand
  return {
    test: node.exclude ? (row, ctx) => !includes(get(row, ctx)) : (row, ctx) => includes(get(row, ctx)),
  }
}

function compileIn<T>(
  node: Extract<ConditionNode, { kind: 'in' }>,
  operand: Operand<T>,
  scope: Scope,
): CompiledCondition<T> {
  checkOperator(operand, '=', scope.cc.text, node.opPos)
  const values = node.values.map((value) => coerce(operand, value, scope.cc))
  const { get, kind } = operand
  let matches: (normalized: unknown) => boolean
  if (values.every((value) => !value.range && kind !== 'multipicklist')) {
    const set = new Set(values.map((value) => value.value))
    matches = (normalized) => set.has(normalized)
  } else {
    const tests = values.map((value) => scalarTest('=', value, kind))
    matches = (normalized) => tests.some((test) => test(normalized))
  }
  const test = node.negate
    ? (row: T, ctx: ExecContext) => !matches(normalize(kind, get(row, ctx)))
    : (row: T, ctx: ExecContext) => matches(normalize(kind, get(row, ctx)))
  const hint = node.negate ? undefined : indexHint(operand, node.values, values)
  return { test, ...(hint ? { hint } : {}) }
}

function compileCompare<T>(
  node: Extract<ConditionNode, { kind: 'compare' }>,
  operand: Operand<T>,
  scope: Scope,
): CompiledCondition<T> {
  const { text } = scope.cc
  checkOperator(operand, node.op, text, node.opPos)
  const { get, kind } = operand
  if (node.op === 'LIKE') {
    if (node.value.kind !== 'string') throw typeError(operand, node.value, text)
    const matches = likeMatcher(node.value.pattern)
    const patternLength = node.value.pattern.length
    return {
      test: (row, ctx) => {
        const raw = get(row, ctx)
        if (isNull(raw)) return false
        const value = String(raw)
        // a match costs up to value x pattern length: a long one counts as more rows visited
        ctx.budget.spend((value.length * patternLength) >>> 12)
        return matches(value)
      },
    }
  }
  const value = coerce(operand, node.value, scope.cc)
  const matches = scalarTest(node.op, value, kind)
  const hint = node.op === '=' ? indexHint(operand, [node.value], [value]) : undefined
  return { test: (row, ctx) => matches(normalize(kind, get(row, ctx))), ...(hint ? { hint } : {}) }
}

/** Equality on a field of the queried object that an index may cover: id, reference, external id. */
function indexHint<T>(operand: Operand<T>, literals: Literal[], values: Coerced[]): IndexHint | undefined {
  const path = (operand as Partial<{ path: ResolvedPath }>).path
  if (!path || path.hops.length > 0) return undefined
  const field = path.field
  const indexable = path.kind === 'id' || field.externalId || field.idLookup || field.unique
  if (!indexable) return undefined
  if (values.some((value) => value.value === null || value.range)) return undefined
  const raw = literals.map((literal, i) =>
    path.kind === 'id' ? String(values[i]!.value) : String((literal as { value: unknown }).value),
  )
  return { kind: 'values', field: field.name, values: raw }
}
