/**
 * @module
 * One formula compiled once (decision 0052): parsed (formula-grammar.ts), type-checked and turned
 * into closures in one walk of the tree, its result fitted to what it is for (a field's stored
 * value, or a rule's truth). A write or a read then only calls the closures. What cannot compile
 * is answered as `{ unsupported, position }` with Salesforce-style wording, never as a formula that
 * silently yields nothing. Deploy-time coercions Salesforce makes are made: a number formula on a
 * currency or percent field, a datetime default on a Date field (its date), a date default on a
 * DateTime field (its midnight).
 */
import type { FieldType } from '../../schemas/crm-schema.js'
import { DATE_FUNCTIONS } from './date-functions.js'
import type { FormulaNode } from './formula-ast.js'
import { parseFormula, positionOf, type TextPosition } from './formula-grammar.js'
import { compileBinary, compileUnary } from './formula-operators.js'
import { compileReference } from './formula-references.js'
import {
  type Expression,
  type FieldValue,
  FormulaCompileError,
  type FormulaEnv,
  FormulaEvalError,
  type FormulaRecord,
  type FormulaType,
  type FormulaValue,
  typeName,
} from './formula-types.js'
import { dateOf, resultTypeOf, toStored } from './formula-values.js'
import { type CompileContext, type Compiler, fail, type FormulaFunction } from './function-helpers.js'
import { LOGICAL_FUNCTIONS } from './logical-functions.js'
import { MATH_FUNCTIONS } from './math-functions.js'
import { TEXT_FUNCTIONS } from './text-functions.js'
import { WRITE_FUNCTIONS } from './write-functions.js'

/** Every function the replica evaluates, by upper-case name. */
const FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map([
  ...LOGICAL_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...TEXT_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...WRITE_FUNCTIONS,
])

/** What a formula's result becomes: a field of this type, or (`rule`) a validation rule's truth. */
export type FormulaTarget = { field: FieldType; scale: number } | 'rule'

export type FormulaResult = { value: FieldValue } | { error: string }

export interface CompiledFormula {
  /** The type the formula evaluates to (before it is fitted to its target). */
  readonly type: FormulaType
  /** The result as the target's value: a stored field value, or true when a rule's condition holds. */
  evaluate(record: FormulaRecord, env: FormulaEnv): FormulaResult
}

export interface UnsupportedFormula {
  unsupported: string
  /** Where in the formula text, when the reason points at a place. */
  position?: TextPosition
}

export function compileFormula(
  text: string,
  context: CompileContext,
  target: FormulaTarget,
): CompiledFormula | UnsupportedFormula {
  const parsed = parseFormula(text)
  if ('error' in parsed) return { unsupported: parsed.error, position: parsed.position }
  try {
    return compileTree(parsed.tree, context, target)
  } catch (error) {
    if (!(error instanceof FormulaCompileError)) throw error
    return { unsupported: error.message, position: positionOf(text, error.at) }
  }
}

function compileTree(tree: FormulaNode, context: CompileContext, target: FormulaTarget): CompiledFormula {
  const compiler: Compiler = { context, compile: (node) => compileNode(node, compiler) }
  const expression = compiler.compile(tree)
  const finish = fitResult(expression, context, target, tree)
  const { run } = expression
  return {
    type: expression.type,
    evaluate(record, env) {
      try {
        return { value: finish(run({ record, env })) }
      } catch (error) {
        if (error instanceof FormulaEvalError) return { error: error.message }
        throw error
      }
    },
  }
}

function compileNode(node: FormulaNode, compiler: Compiler): Expression {
  switch (node.kind) {
    case 'number':
      return constant('number', node.value)
    case 'text':
      return constant('text', node.value)
    case 'boolean':
      return constant('checkbox', node.value)
    case 'null':
      return constant('null', null)
    case 'field':
      return compileReference(node, compiler)
    case 'unary':
      return compileUnary(node, compiler)
    case 'binary':
      return compileBinary(node, compiler)
    case 'call': {
      const fn = FUNCTIONS.get(node.name)
      if (!fn) fail(`Unknown function ${node.name}. Check spelling.`, node)
      return fn(node, compiler)
    }
  }
}

function constant(type: FormulaType, value: FormulaValue): Expression {
  return { type, run: () => value }
}

/** The closure turning the formula's value into its target's, after checking the types fit. */
function fitResult(
  expression: Expression,
  context: CompileContext,
  target: FormulaTarget,
  at: { at: number },
): (value: FormulaValue) => FieldValue {
  if (target === 'rule') {
    expect(expression.type, 'checkbox', at)
    return (value) => value === true
  }
  const { field, scale } = target
  // a picklist's default value is its text
  const picklist = field === 'picklist' || field === 'multipicklist'
  const wanted = picklist ? 'text' : resultTypeOf(field)
  if (!wanted) fail(`a formula cannot return a ${field} field`, at)
  const { type } = expression
  if (context.kind === 'default' && type === 'datetime' && wanted === 'date') {
    return (value) => toStored(field, scale, typeof value === 'number' ? dateOf(value) : null)
  }
  if (context.kind === 'default' && type === 'date' && wanted === 'datetime') {
    return (value) => toStored(field, scale, value)
  }
  expect(type, wanted, at)
  if (picklist) return (value) => (typeof value === 'string' && value !== '' ? value : null)
  return (value) => toStored(field, scale, value)
}

function expect(type: FormulaType, wanted: FormulaType, at: { at: number }): void {
  if (type === wanted || type === 'null') return
  fail(
    `Formula result is data type (${typeName(type)}), incompatible with expected data type (${typeName(wanted)}).`,
    at,
  )
}
