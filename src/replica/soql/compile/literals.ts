/**
 * @module
 * Literals of a condition checked against the field they are compared with and converted to the
 * comparable form of values.ts (date literals become the range they stand for on the clock), and
 * the tests built from them: equality, ordering and LIKE.
 */
import type { Literal } from '../ast.js'
import { type DateRange, dateLiteralRange } from '../date-literals.js'
import { soqlError } from '../errors.js'
import {
  isNull,
  isRealDate,
  multipicklistSet,
  normalizeId,
  toDayMs,
  toEpochMs,
  toTimeMs,
  type ValueKind,
} from '../values.js'
import type { CompileContext } from './compile-context.js'
import type { Operand } from './operands.js'

export interface Coerced {
  /** Comparable form (see values.ts); null for the null literal. */
  value: unknown
  /** A date literal: the range it stands for. */
  range?: DateRange
}

const TYPE_NAMES: Record<ValueKind, string> = {
  text: 'string',
  id: 'id',
  number: 'double',
  boolean: 'boolean',
  date: 'date',
  datetime: 'dateTime',
  time: 'time',
  multipicklist: 'string',
  compound: 'address',
}

export function typeError<T>(operand: Operand<T>, literal: Literal, text: string) {
  const type = operand.intType || operand.field?.type === 'int' ? 'integer' : TYPE_NAMES[operand.kind]
  const quoted = operand.kind === 'text' || operand.kind === 'id' || operand.kind === 'multipicklist'
  return soqlError(
    'INVALID_FIELD',
    `value of filter criterion for field '${operand.label}' must be of type ${type} and should ${quoted ? '' : 'not '}be enclosed in quotes`,
    text,
    literal.pos,
  )
}

export function coerce<T>(operand: Operand<T>, literal: Literal, cc: CompileContext): Coerced {
  const { text } = cc
  if (literal.kind === 'null') return { value: operand.kind === 'boolean' ? false : null }
  switch (operand.kind) {
    case 'text':
      if (literal.kind !== 'string') throw typeError(operand, literal, text)
      return { value: isNull(literal.value) ? null : literal.value.toLowerCase() }
    case 'multipicklist':
      if (literal.kind !== 'string') throw typeError(operand, literal, text)
      return { value: multipicklistSet(literal.value) }
    case 'id': {
      if (literal.kind !== 'string') throw typeError(operand, literal, text)
      if (literal.value === '') return { value: null }
      const id = normalizeId(literal.value)
      if (!id)
        throw soqlError(
          'INVALID_QUERY_FILTER_OPERATOR',
          `invalid ID field: ${literal.value}`,
          text,
          literal.pos,
        )
      return { value: id }
    }
    case 'number':
      if (literal.kind !== 'number') throw typeError(operand, literal, text)
      return { value: literal.value }
    case 'boolean':
      if (literal.kind !== 'boolean') throw typeError(operand, literal, text)
      return { value: literal.value }
    case 'date':
    case 'datetime': {
      if (literal.kind === 'dateLiteral')
        return { value: undefined, range: dateLiteralRange(literal.name, literal.n, cc.now) }
      const expected = operand.kind === 'date' ? 'date' : 'datetime'
      if (literal.kind !== expected) throw typeError(operand, literal, text)
      if (!isRealDate(literal.text))
        throw soqlError('MALFORMED_QUERY', `invalid date: ${literal.text}`, text, literal.pos)
      return { value: expected === 'date' ? toDayMs(literal.text) : toEpochMs(literal.text) }
    }
    case 'time':
      if (literal.kind !== 'time') throw typeError(operand, literal, text)
      if (toTimeMs(literal.text) >= 86_400_000 || !/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d/.test(literal.text))
        throw soqlError('MALFORMED_QUERY', `invalid time: ${literal.text}`, text, literal.pos)
      return { value: toTimeMs(literal.text) }
    case 'compound':
      throw typeError(operand, literal, text)
  }
}

const ORDERED = new Set(['<', '<=', '>', '>='])

export function checkOperator<T>(operand: Operand<T>, op: string, text: string, pos: number): void {
  const bad =
    (op === 'LIKE' && operand.kind !== 'text') ||
    (ORDERED.has(op) && (operand.kind === 'boolean' || operand.kind === 'multipicklist'))
  if (bad) {
    const type = operand.field?.type ?? TYPE_NAMES[operand.kind]
    throw soqlError('INVALID_QUERY_FILTER_OPERATOR', `invalid operator on ${type} field`, text, pos)
  }
}

/** A test on the normalized stored value. Salesforce treats null as a value: `x != 'a'` matches null. */
export function scalarTest(op: string, literal: Coerced, kind: ValueKind): (value: unknown) => boolean {
  const { range } = literal
  const target = literal.value
  let equals: (value: unknown) => boolean
  if (range)
    equals = (value) => value !== null && (value as number) >= range.start && (value as number) < range.end
  else if (target === null) equals = (value) => value === null
  else if (kind === 'multipicklist') {
    const want = target as Set<string>
    equals = (value) => {
      const have = value as Set<string> | null
      return have !== null && have.size === want.size && [...want].every((part) => have.has(part))
    }
  } else equals = (value) => value === target
  switch (op) {
    case '=':
      return equals
    case '!=':
      return (value) => !equals(value)
  }
  if (range) {
    switch (op) {
      case '<':
        return (value) => value !== null && (value as number) < range.start
      case '<=':
        return (value) => value !== null && (value as number) < range.end
      case '>':
        return (value) => value !== null && (value as number) >= range.end
      default:
        return (value) => value !== null && (value as number) >= range.start
    }
  }
  if (target === null) return () => false
  const t = target as string | number
  switch (op) {
    case '<':
      return (value) => value !== null && (value as string | number) < t
    case '<=':
      return (value) => value !== null && (value as string | number) <= t
    case '>':
      return (value) => value !== null && (value as string | number) > t
    default:
      return (value) => value !== null && (value as string | number) >= t
  }
}
