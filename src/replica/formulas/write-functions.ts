/**
 * @module
 * The functions that read the write rather than a record, for validation rules only (a formula
 * field or a default value using one does not compile, as in Salesforce): ISNEW() is true on
 * create; ISCHANGED(field) on an update that changes the field; PRIORVALUE(field) is the value
 * before the update (on create, the value being written); ISCLONE() is false (the API has no
 * clone). Their argument must be a field of the record itself.
 */
import { type CallNode, type Compiler, checkArity, fail, type FormulaFunction } from './function-helpers.js'
import type { Expression, FieldValue } from './formula-types.js'
import { storedReader } from './formula-values.js'

function ruleOnly(call: CallNode, compiler: Compiler): void {
  if (compiler.context.kind !== 'rule') fail(`${call.name}() is for validation rules only`, call)
}

/** The record's own field the call names (compiled, with its type). */
function ownField(call: CallNode, compiler: Compiler): Required<Pick<Expression, 'ownField'>> & Expression {
  checkArity(call, 1)
  const expression = compiler.compile(call.args[0]!)
  if (!expression.ownField) fail(`${call.name}() takes a field of the record itself`, call.args[0]!)
  return expression as Required<Pick<Expression, 'ownField'>> & Expression
}

const ISNEW: FormulaFunction = (call, compiler) => {
  ruleOnly(call, compiler)
  checkArity(call, 0)
  return { type: 'checkbox', run: (scope) => scope.env.prior === undefined }
}

const ISCLONE: FormulaFunction = (call, compiler) => {
  ruleOnly(call, compiler)
  checkArity(call, 0)
  return { type: 'checkbox', run: () => false }
}

const ISCHANGED: FormulaFunction = (call, compiler) => {
  ruleOnly(call, compiler)
  const { ownField: field } = ownField(call, compiler)
  const { object } = compiler.context
  return {
    type: 'checkbox',
    run(scope) {
      const { prior } = scope.env
      if (prior === undefined) return false
      const before: FieldValue = scope.env.value(object, field, prior) ?? null
      const after: FieldValue = scope.env.value(object, field, scope.record) ?? null
      return before !== after
    },
  }
}

const PRIORVALUE: FormulaFunction = (call, compiler) => {
  ruleOnly(call, compiler)
  const { ownField: field, type } = ownField(call, compiler)
  const { object, blankAsZero } = compiler.context
  const convert = storedReader(field, blankAsZero)
  return {
    type,
    run: (scope) => convert(scope.env.value(object, field, scope.env.prior ?? scope.record)),
  }
}

export const WRITE_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map([
  ['ISNEW', ISNEW],
  ['ISCLONE', ISCLONE],
  ['ISCHANGED', ISCHANGED],
  ['PRIORVALUE', PRIORVALUE],
])
