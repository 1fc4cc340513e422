/**
 * @module
 * Text functions: BEGINS, CONTAINS, FIND, LEFT, RIGHT, MID, LEN, LOWER, UPPER, INITCAP, TRIM,
 * LPAD, RPAD, SUBSTITUTE, REGEX, ISNUMBER, VALUE, TEXT, ISPICKVAL, INCLUDES, CASESAFEID, and the
 * HTML ones (HYPERLINK, IMAGE, BR) as the API answers them. Positions are 1-based.
 * @see https://help.salesforce.com/s/articleView?id=sf.customize_functions.htm
 */
import { normaliseId } from '../ids.js'
import {
  allArguments,
  argument,
  type CallNode,
  type Compiler,
  checkArity,
  fail,
  type FormulaFunction,
  literalText,
  number,
  text,
} from './function-helpers.js'
import { type Expression, FormulaEvalError } from './formula-types.js'
import { formatDate, formatTime } from './formula-values.js'

type Read<T> = (scope: Parameters<Expression['run']>[0]) => T

/** A function of text arguments (and numbers after them) returning text or a number. */
function textFunction(
  name: string,
  arity: [number, number],
  types: readonly ('text' | 'number')[],
  returns: 'text' | 'number' | 'checkbox',
  apply: (...args: (string | number | null)[]) => string | number | boolean | null,
): [string, FormulaFunction] {
  const fn: FormulaFunction = (call, compiler) => {
    checkArity(call, arity[0], arity[1])
    const reads = call.args.map((_, index): Read<string | number | null> => {
      const type = types[Math.min(index, types.length - 1)]!
      const expression = argument(call, compiler, index, type === 'text' ? ['text'] : ['number'])
      return type === 'text' ? text(expression) : number(expression)
    })
    return { type: returns, run: (scope) => apply(...reads.map((read) => read(scope))) }
  }
  return [name, fn]
}

/** `count` characters wanted: a blank or negative count is none. */
const count = (value: string | number | null): number =>
  typeof value === 'number' ? Math.max(0, Math.trunc(value)) : 0

function pad(side: 'start' | 'end') {
  return (value: string | number | null, length: string | number | null, filler?: string | number | null) => {
    const source = String(value ?? '')
    const size = count(length)
    if (source.length >= size) return source.slice(0, size)
    const padding = filler === undefined ? ' ' : String(filler ?? '')
    if (padding === '') return source
    return side === 'start' ? source.padStart(size, padding) : source.padEnd(size, padding)
  }
}

/** Salesforce's number form for ISNUMBER and VALUE: sign, digits, decimals, exponent. */
const NUMBER_FORM = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/** A Java-style whole-text match (`matches()`), as Salesforce's REGEX does. */
function wholeMatch(pattern: string, at: { at: number } | undefined): RegExp {
  try {
    return new RegExp(`^(?:${pattern})$`, 'su')
  } catch (error) {
    if (at) fail(`REGEX(): invalid pattern: ${(error as Error).message}`, at)
    throw new FormulaEvalError(`REGEX(): invalid pattern: ${(error as Error).message}`)
  }
}

const REGEX: FormulaFunction = (call, compiler) => {
  checkArity(call, 2)
  const read = text(argument(call, compiler, 0, ['text']))
  const patternNode = call.args[1]!
  const constant = literalText(patternNode)
  if (constant !== undefined) {
    const pattern = wholeMatch(constant, patternNode)
    return { type: 'checkbox', run: (scope) => pattern.test(read(scope)) }
  }
  const readPattern = text(argument(call, compiler, 1, ['text']))
  return { type: 'checkbox', run: (scope) => wholeMatch(readPattern(scope), undefined).test(read(scope)) }
}

const VALUE: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const read = text(argument(call, compiler, 0, ['text']))
  return {
    type: 'number',
    run(scope) {
      const value = read(scope).trim()
      if (value === '') return null
      if (!NUMBER_FORM.test(value)) throw new FormulaEvalError(`VALUE(): "${value}" is not a number`)
      return Number(value)
    },
  }
}

/** TEXT of a number: plain decimal notation, no trailing zeros, no exponent. */
export function numberText(value: number): string {
  if (Number.isInteger(value) || Math.abs(value) >= 1e-6) {
    return Math.abs(value) < 1e21 ? String(value) : BigInt(Math.round(value)).toString()
  }
  return value.toFixed(20).replace(/0+$/, '')
}

const TEXT: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const value = argument(call, compiler, 0, ['number', 'text', 'picklist', 'date', 'datetime', 'time'])
  const { run } = value
  const format: (raw: number) => string =
    value.type === 'date'
      ? formatDate
      : value.type === 'datetime'
        ? (time) =>
            new Date(time)
              .toISOString()
              .replace('T', ' ')
              .replace(/\.\d{3}Z$/, 'Z')
        : value.type === 'time'
          ? formatTime
          : numberText
  return {
    type: 'text',
    run(scope) {
      const raw = run(scope)
      if (raw === null) return ''
      return typeof raw === 'number' ? format(raw) : String(raw)
    },
  }
}

/** ISPICKVAL(picklist, text) and INCLUDES(multi-select picklist, text). */
function picklistTest(kind: 'picklist' | 'multipicklist'): FormulaFunction {
  return (call, compiler) => {
    checkArity(call, 2)
    const { run } = argument(call, compiler, 0, [kind])
    const wanted = text(argument(call, compiler, 1, ['text']))
    return {
      type: 'checkbox',
      run(scope) {
        const value = run(scope)
        const expected = wanted(scope)
        if (Array.isArray(value)) return expected !== '' && value.includes(expected)
        return (value ?? '') === expected
      },
    }
  }
}

const CASESAFEID: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const read = text(argument(call, compiler, 0, ['text']))
  return {
    type: 'text',
    run(scope) {
      const id = read(scope)
      return id === '' ? '' : (normaliseId(id) ?? id)
    },
  }
}

function html(call: CallNode, compiler: Compiler, render: (values: string[]) => string): Expression {
  const reads = allArguments(call, compiler, ['text']).map(text)
  return { type: 'text', run: (scope) => render(reads.map((read) => read(scope))) }
}

const HYPERLINK: FormulaFunction = (call, compiler) => {
  checkArity(call, 2, 3)
  return html(
    call,
    compiler,
    ([url, label, target]) => `<a href="${url}" target="${target || '_blank'}">${label}</a>`,
  )
}

const IMAGE: FormulaFunction = (call, compiler) => {
  checkArity(call, 2, 4)
  const reads = call.args.map((_, index) =>
    index < 2
      ? text(argument(call, compiler, index, ['text']))
      : number(argument(call, compiler, index, ['number'])),
  )
  return {
    type: 'text',
    run(scope) {
      const [url, alt, height, width] = reads.map((read) => read(scope))
      const size = `${height == null ? '' : ` height="${height}"`}${width == null ? '' : ` width="${width}"`}`
      return `<img src="${url}" alt="${alt}"${size} border="0"/>`
    },
  }
}

const BR: FormulaFunction = (call) => {
  checkArity(call, 0)
  return { type: 'text', run: () => '<br>' }
}

const ISNUMBER_FN: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const read = text(argument(call, compiler, 0, ['text']))
  return { type: 'checkbox', run: (scope) => NUMBER_FORM.test(read(scope)) }
}

const T = 'text'
const N = 'number'

export const TEXT_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map([
  textFunction('BEGINS', [2, 2], [T], 'checkbox', (a, b) => String(a).startsWith(String(b))),
  textFunction('CONTAINS', [2, 2], [T], 'checkbox', (a, b) => String(a).includes(String(b))),
  textFunction('FIND', [2, 3], [T, T, N], N, (search, within, start = 1) => {
    const from = typeof start === 'number' ? Math.trunc(start) : 1
    if (search === '' || from < 1) return 0
    return String(within).indexOf(String(search), from - 1) + 1
  }),
  textFunction('LEFT', [2, 2], [T, N], T, (value, n) => String(value).slice(0, count(n))),
  textFunction('RIGHT', [2, 2], [T, N], T, (value, n) => {
    const size = count(n)
    return size === 0 ? '' : String(value).slice(-size)
  }),
  textFunction('MID', [3, 3], [T, N, N], T, (value, start, n) => {
    const from = Math.max(1, typeof start === 'number' ? Math.trunc(start) : 1)
    return String(value).substr(from - 1, count(n))
  }),
  textFunction('LEN', [1, 1], [T], N, (value) => String(value).length),
  textFunction('LOWER', [1, 2], [T], T, (value) => String(value).toLowerCase()),
  textFunction('UPPER', [1, 2], [T], T, (value) => String(value).toUpperCase()),
  textFunction('INITCAP', [1, 1], [T], T, (value) =>
    String(value)
      .toLowerCase()
      .replace(
        /(^|[^\p{L}\p{N}'])(\p{L})/gu,
        (_, before: string, letter: string) => before + letter.toUpperCase(),
      ),
  ),
  textFunction('TRIM', [1, 1], [T], T, (value) => String(value).trim()),
  textFunction('LPAD', [2, 3], [T, N, T], T, pad('start')),
  textFunction('RPAD', [2, 3], [T, N, T], T, pad('end')),
  textFunction('SUBSTITUTE', [3, 3], [T], T, (value, old, replacement) =>
    old === '' ? String(value) : String(value).split(String(old)).join(String(replacement)),
  ),
  ['REGEX', REGEX],
  ['ISNUMBER', ISNUMBER_FN],
  ['VALUE', VALUE],
  ['TEXT', TEXT],
  ['ISPICKVAL', picklistTest('picklist')],
  ['INCLUDES', picklistTest('multipicklist')],
  ['CASESAFEID', CASESAFEID],
  ['HYPERLINK', HYPERLINK],
  ['IMAGE', IMAGE],
  ['BR', BR],
])
