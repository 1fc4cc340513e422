/**
 * @module
 * Operators, type-checked as Salesforce does: arithmetic on numbers; a date or datetime plus or
 * minus a number of days; the days between two dates or datetimes; a time plus or minus
 * milliseconds; `&` (and `+`) joining text; comparisons of two values of one type (a picklist only
 * through ISPICKVAL or CASE); `&& || !` on checkboxes. A blank operand makes arithmetic blank and
 * a comparison unknown; `x = NULL` and `x != NULL` test for blank.
 */
import type { BinaryOperator, FormulaNode } from './formula-ast.js'
import { type Compiler, fail, asType } from './function-helpers.js'
import {
  type Expression,
  FormulaEvalError,
  type FormulaType,
  type FormulaValue,
  isBlankValue,
  type Scope,
  typeName,
} from './formula-types.js'
import { DAY_MS, dateOf } from './formula-values.js'
import { finite } from './math-functions.js'

type BinaryNode = Extract<FormulaNode, { kind: 'binary' }>
type UnaryNode = Extract<FormulaNode, { kind: 'unary' }>
type Arithmetic = (a: number, b: number) => number

const ORDERED: ReadonlySet<FormulaType> = new Set(['number', 'text', 'date', 'datetime', 'time'])

/** Result types of `+` and `-` by operand types (`number` arithmetic is handled first). */
const DATE_ARITHMETIC: ReadonlyMap<string, { type: FormulaType; apply: Arithmetic }> = new Map([
  ['date+number', { type: 'date', apply: (d, n) => d + Math.trunc(n) * DAY_MS }],
  ['number+date', { type: 'date', apply: (n, d) => d + Math.trunc(n) * DAY_MS }],
  ['date-number', { type: 'date', apply: (d, n) => d - Math.trunc(n) * DAY_MS }],
  ['date-date', { type: 'number', apply: (a, b) => Math.round((a - b) / DAY_MS) }],
  ['datetime+number', { type: 'datetime', apply: (t, n) => Math.round(t + n * DAY_MS) }],
  ['number+datetime', { type: 'datetime', apply: (n, t) => Math.round(t + n * DAY_MS) }],
  ['datetime-number', { type: 'datetime', apply: (t, n) => Math.round(t - n * DAY_MS) }],
  ['datetime-datetime', { type: 'number', apply: (a, b) => (a - b) / DAY_MS }],
  ['time+number', { type: 'time', apply: (t, n) => wrapTime(t + Math.round(n)) }],
  ['number+time', { type: 'time', apply: (n, t) => wrapTime(t + Math.round(n)) }],
  ['time-number', { type: 'time', apply: (t, n) => wrapTime(t - Math.round(n)) }],
  ['time-time', { type: 'number', apply: (a, b) => a - b }],
])

const NUMBER_ARITHMETIC: ReadonlyMap<BinaryOperator, Arithmetic> = new Map<BinaryOperator, Arithmetic>([
  ['+', (a, b) => a + b],
  ['-', (a, b) => a - b],
  ['*', (a, b) => a * b],
  [
    '/',
    (a, b) => {
      if (b === 0) throw new FormulaEvalError('Division by zero')
      return a / b
    },
  ],
  ['^', (a, b) => finite('^', a ** b)],
])

function wrapTime(time: number): number {
  return time - dateOf(time)
}

export function compileBinary(node: BinaryNode, compiler: Compiler): Expression {
  const left = compiler.compile(node.left)
  const right = compiler.compile(node.right)
  switch (node.op) {
    case '&&':
    case '||':
      return logical(node, left, right)
    case '&':
      return concat(node, left, right)
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(node, left, right)
    default:
      return arithmetic(node, left, right)
  }
}

export function compileUnary(node: UnaryNode, compiler: Compiler): Expression {
  const operand = compiler.compile(node.operand)
  const expected: FormulaType = node.op === '!' ? 'checkbox' : 'number'
  if (operand.type !== expected && operand.type !== 'null') mismatch(node, node.op, operand.type, expected)
  const { run } = operand
  if (node.op === '+') return { type: 'number', run }
  if (node.op === '-') return { type: 'number', run: (scope) => negate(run(scope)) }
  return { type: 'checkbox', run: (scope) => negateTruth(run(scope)) }
}

const negate = (value: FormulaValue) => (typeof value === 'number' ? -value : null)
const negateTruth = (value: FormulaValue) => (value === null ? null : !value)

function mismatch(node: { at: number }, op: string, received: FormulaType, expected: string): never {
  fail(
    `Incorrect parameter type for operator '${op}'. Expected ${expected}, received ${typeName(received)}`,
    node,
  )
}

function logical(node: BinaryNode, left: Expression, right: Expression): Expression {
  for (const side of [left, right]) {
    if (side.type !== 'checkbox' && side.type !== 'null') mismatch(node, node.op, side.type, 'Checkbox')
  }
  const [a, b] = [left.run, right.run]
  const all = node.op === '&&'
  return {
    type: 'checkbox',
    run(scope) {
      const first = a(scope)
      if (first === !all) return !all
      const second = b(scope)
      if (second === !all) return !all
      return first === null || second === null ? null : all
    },
  }
}

function concat(node: BinaryNode, left: Expression, right: Expression): Expression {
  for (const side of [left, right]) {
    if (side.type !== 'text' && side.type !== 'null') mismatch(node, node.op, side.type, 'Text')
  }
  const [a, b] = [asType(left, 'text'), asType(right, 'text')]
  return { type: 'text', run: (scope) => `${a(scope) ?? ''}${b(scope) ?? ''}` }
}

function arithmetic(node: BinaryNode, left: Expression, right: Expression): Expression {
  const [a, b] = [left.run, right.run]
  const types = [left.type, right.type]
  if (
    node.op === '+' &&
    types.every((type) => type === 'text' || type === 'null') &&
    types.includes('text')
  ) {
    return concat(node, left, right)
  }
  const known = types.map((type) => (type === 'null' ? 'number' : type)) as [FormulaType, FormulaType]
  const numeric = NUMBER_ARITHMETIC.get(node.op)
  let type: FormulaType
  let apply: Arithmetic
  if (known[0] === 'number' && known[1] === 'number' && numeric) {
    type = 'number'
    apply = numeric
  } else {
    const dated =
      (node.op === '+' || node.op === '-') && DATE_ARITHMETIC.get(`${known[0]}${node.op}${known[1]}`)
    if (!dated) {
      const odd = left.type === 'number' || left.type === 'null' ? right.type : left.type
      mismatch(node, node.op, odd, 'Number, Date, DateTime or Time')
    }
    type = dated.type
    apply = dated.apply
  }
  return {
    type,
    run(scope) {
      const x = a(scope)
      const y = b(scope)
      return typeof x === 'number' && typeof y === 'number' ? apply(x, y) : null
    },
  }
}

function compare(node: BinaryNode, left: Expression, right: Expression): Expression {
  const equality = node.op === '=' || node.op === '!='
  // `x = NULL`: a test for blank, as authors write it
  if (equality && (node.left.kind === 'null' || node.right.kind === 'null')) {
    const value = node.left.kind === 'null' ? right.run : left.run
    const blank = node.op === '='
    return { type: 'checkbox', run: (scope) => isBlankValue(value(scope)) === blank }
  }
  const type = left.type === 'null' ? right.type : left.type
  const other = left.type === 'null' ? left.type : right.type
  if ([type, other].some((each) => each === 'picklist' || each === 'multipicklist')) {
    fail(
      `Field is a picklist field. Picklist fields are only supported in certain functions (ISPICKVAL, CASE, TEXT)`,
      node,
    )
  }
  if (other !== type && other !== 'null') mismatch(node, node.op, other, typeName(type))
  if (!equality && !ORDERED.has(type) && type !== 'null')
    mismatch(node, node.op, type, 'Number, Text, Date, DateTime or Time')
  if (type === 'geolocation') mismatch(node, node.op, type, 'Number, Text, Checkbox, Date, DateTime or Time')
  const [a, b] = [asType(left, type), asType(right, type)]
  const test = COMPARISONS[node.op as ComparisonOperator]
  return {
    type: 'checkbox',
    run(scope: Scope) {
      const x = a(scope)
      const y = b(scope)
      if (x === null || y === null) return null
      return test(x as number | string | boolean, y as number | string | boolean)
    },
  }
}

type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>='
type Primitive = number | string | boolean

const COMPARISONS: Readonly<Record<ComparisonOperator, (a: Primitive, b: Primitive) => boolean>> = {
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
}
