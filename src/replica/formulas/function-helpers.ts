/**
 * @module
 * What every formula function shares: the compiler it is given, argument count and type checks
 * with Salesforce's wording, and the conversions of NULL to a typed blank.
 */
import type { FieldDef, FormulaGlobals, ObjectDef } from '../../schemas/crm-schema.js'
import type { FormulaNode } from './formula-ast.js'
import {
  type Evaluate,
  type Expression,
  FormulaCompileError,
  type FormulaType,
  type FormulaValue,
  typeName,
} from './formula-types.js'

/** The schema lookups a formula needs (the metadata service answers them). */
export interface FormulaSchema {
  findObject(name: string): ObjectDef | undefined
  findField(object: ObjectDef, name: string): FieldDef | undefined
  /** The reference field behind a parent relationship name (`Account` -> Contact.AccountId). */
  parentRelationship(object: ObjectDef, relationshipName: string): FieldDef | undefined
  /** Values of the `$` globals the user set (`$Label`, `$Api`, `$Setup`, ...). */
  globals?: FormulaGlobals | undefined
}

/** What is being compiled: a formula field, a validation rule or a default value. */
export type FormulaKind = 'formula' | 'rule' | 'default'

export interface CompileContext {
  schema: FormulaSchema
  /** The object whose records the formula reads. */
  object: ObjectDef
  kind: FormulaKind
  /** Blank number fields read 0 (a formula field set to treat blank fields as zeroes). */
  blankAsZero: boolean
}

export interface Compiler {
  readonly context: CompileContext
  compile(node: FormulaNode): Expression
}

/** Every type a value can have. */
export const ANY: readonly FormulaType[] = [
  'number',
  'text',
  'checkbox',
  'date',
  'datetime',
  'time',
  'picklist',
  'multipicklist',
  'geolocation',
]

export type CallNode = Extract<FormulaNode, { kind: 'call' }>

/** A function: checks its arguments' types and count, and compiles the call. */
export type FormulaFunction = (call: CallNode, compiler: Compiler) => Expression

export function fail(message: string, node: { at: number }): never {
  throw new FormulaCompileError(message, node.at)
}

/** Refuses a call with fewer than `min` or more than `max` arguments. */
export function checkArity(call: CallNode, min: number, max = min): void {
  const count = call.args.length
  if (count >= min && count <= max) return
  const expected =
    min === max ? `${min}` : max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min} to ${max}`
  fail(
    `Incorrect number of parameters for function '${call.name}()'. Expected ${expected}, received ${count}`,
    call,
  )
}

/** The argument compiled, refused unless it has one of `types` (NULL fits any). */
export function argument(
  call: CallNode,
  compiler: Compiler,
  index: number,
  types: readonly FormulaType[],
): Expression {
  const node = call.args[index]!
  const expression = compiler.compile(node)
  if (expression.type !== 'null' && !types.includes(expression.type)) {
    fail(
      `Incorrect parameter type for function '${call.name}()'. Expected ${types.map(typeName).join(', ')}, received ${typeName(expression.type)}`,
      node,
    )
  }
  return expression
}

/** Every argument compiled and checked against `types`. */
export function allArguments(
  call: CallNode,
  compiler: Compiler,
  types: readonly FormulaType[],
): Expression[] {
  return call.args.map((_, index) => argument(call, compiler, index, types))
}

/** An expression evaluated as `type`: NULL as that type's blank (`""` for text, no values selected). */
export function asType(expression: Expression, type: FormulaType): Evaluate {
  const { run } = expression
  if (expression.type !== 'null') return run
  if (type === 'text' || type === 'picklist') return () => ''
  if (type === 'multipicklist') return () => []
  return run
}

/** A text argument's value (blank text is `""`). */
export function text(expression: Expression): (scope: Parameters<Evaluate>[0]) => string {
  const { run } = expression
  return (scope) => {
    const value = run(scope)
    return typeof value === 'string' ? value : ''
  }
}

/** A number argument's value, or null when blank. */
export function number(expression: Expression): (scope: Parameters<Evaluate>[0]) => number | null {
  const { run } = expression
  return (scope) => {
    const value = run(scope)
    return typeof value === 'number' ? value : null
  }
}

/** A constant text argument (ISPICKVAL's and INCLUDES' value, REGEX's pattern), if it is one. */
export function literalText(node: FormulaNode): string | undefined {
  return node.kind === 'text' ? node.value : undefined
}

export function isTrue(value: FormulaValue): boolean {
  return value === true
}
