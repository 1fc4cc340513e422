/**
 * @module
 * Logical functions: IF, CASE, AND, OR, NOT, ISBLANK, ISNULL, BLANKVALUE, NULLVALUE. A checkbox
 * may be unknown (null: a comparison with a blank): AND is false when any argument is false, OR
 * true when any is true, otherwise unknown propagates; IF takes an unknown condition as false.
 * @see https://help.salesforce.com/s/articleView?id=sf.customize_functions.htm
 */
import {
  ANY,
  allArguments,
  argument,
  type CallNode,
  checkArity,
  fail,
  type FormulaFunction,
  asType,
} from './function-helpers.js'
import { type Expression, type FormulaType, isBlankValue, typeName, unify } from './formula-types.js'

/** The one type of several results (NULL fits any), or a type error at the call. */
function commonType(call: CallNode, results: readonly Expression[]): FormulaType {
  let type: FormulaType = 'null'
  for (const result of results) {
    const next = unify(type, result.type)
    if (next === undefined) {
      fail(
        `Incorrect parameter type for function '${call.name}()'. Expected ${typeName(type)}, received ${typeName(result.type)}`,
        call,
      )
    }
    type = next
  }
  return type
}

const IF: FormulaFunction = (call, compiler) => {
  checkArity(call, 3)
  const condition = argument(call, compiler, 0, ['checkbox']).run
  const [whenTrue, whenFalse] = [1, 2].map((index) => compiler.compile(call.args[index]!)) as [
    Expression,
    Expression,
  ]
  const type = commonType(call, [whenTrue, whenFalse])
  const [yes, no] = [asType(whenTrue, type), asType(whenFalse, type)]
  return { type, run: (scope) => (condition(scope) === true ? yes(scope) : no(scope)) }
}

const CASE: FormulaFunction = (call, compiler) => {
  checkArity(call, 4, Number.POSITIVE_INFINITY)
  if (call.args.length % 2 !== 0) fail(`Incorrect number of parameters for function 'CASE()'`, call)
  const subject = argument(call, compiler, 0, [
    'number',
    'text',
    'picklist',
    'date',
    'datetime',
    'time',
    'checkbox',
  ])
  // a picklist is matched against text values
  const keyType = subject.type === 'picklist' ? 'text' : subject.type
  const keys: Expression[] = []
  const results: Expression[] = []
  for (let index = 1; index < call.args.length - 1; index += 2) {
    keys.push(argument(call, compiler, index, keyType === 'null' ? ANY : [keyType]))
    results.push(compiler.compile(call.args[index + 1]!))
  }
  const fallback = compiler.compile(call.args.at(-1)!)
  const type = commonType(call, [...results, fallback])
  const read = asType(subject, subject.type)
  const matchers = keys.map((key) => key.run)
  const outcomes = results.map((result) => asType(result, type))
  const otherwise = asType(fallback, type)
  return {
    type,
    run(scope) {
      const value = read(scope)
      for (const [index, key] of matchers.entries()) {
        if (value !== null && key(scope) === value) return outcomes[index]!(scope)
      }
      return otherwise(scope)
    },
  }
}

function junction(all: boolean): FormulaFunction {
  return (call, compiler) => {
    checkArity(call, 1, Number.POSITIVE_INFINITY)
    const parts = allArguments(call, compiler, ['checkbox']).map((part) => part.run)
    return {
      type: 'checkbox',
      run(scope) {
        let unknown = false
        for (const part of parts) {
          const value = part(scope)
          if (value === null) unknown = true
          else if (value === !all) return !all
        }
        return unknown ? null : all
      },
    }
  }
}

const NOT: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const { run } = argument(call, compiler, 0, ['checkbox'])
  return {
    type: 'checkbox',
    run: (scope) => {
      const value = run(scope)
      return value === null ? null : !value
    },
  }
}

const ISBLANK: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const { run } = argument(call, compiler, 0, ANY)
  return { type: 'checkbox', run: (scope) => isBlankValue(run(scope)) }
}

/** ISNULL: text is never null (Salesforce's rule), so it is false for any text. */
const ISNULL: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const value = argument(call, compiler, 0, ANY)
  if (value.type === 'text' || value.type === 'picklist') return { type: 'checkbox', run: () => false }
  const { run } = value
  return { type: 'checkbox', run: (scope) => isBlankValue(run(scope)) }
}

/** BLANKVALUE (blank: null or empty text) and NULLVALUE (null only; text never is). */
function substitute(blankText: boolean): FormulaFunction {
  return (call, compiler) => {
    checkArity(call, 2)
    const [value, replacement] = allArguments(call, compiler, ANY) as [Expression, Expression]
    const type = commonType(call, [value, replacement])
    const [read, otherwise] = [asType(value, type), asType(replacement, type)]
    const textual = type === 'text' || type === 'picklist'
    if (textual && !blankText) return { type, run: read }
    return {
      type,
      run(scope) {
        const result = read(scope)
        return isBlankValue(result) ? otherwise(scope) : result
      },
    }
  }
}

export const LOGICAL_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map([
  ['IF', IF],
  ['CASE', CASE],
  ['AND', junction(true)],
  ['OR', junction(false)],
  ['NOT', NOT],
  ['ISBLANK', ISBLANK],
  ['ISNULL', ISNULL],
  ['BLANKVALUE', substitute(true)],
  ['NULLVALUE', substitute(false)],
])
