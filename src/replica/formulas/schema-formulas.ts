/**
 * @module
 * Every formula of a CRM schema, compiled once when the schema loads: each object's formula
 * fields (`FieldDef.formula`), default value formulas (`FieldDef.defaultValueFormula`) and active
 * validation rules (`ObjectDef.validationRules`). One that cannot compile is skipped and listed
 * with the reason (the start reports it, or fails on it when asked to be strict): a skipped formula
 * field reads null, a skipped rule does not run, a skipped default leaves its field blank.
 */
import type { FieldDef, ObjectDef, ValidationRule } from '../../schemas/crm-schema.js'
import { type CompiledFormula, compileFormula, type FormulaTarget } from './compile-formula.js'
import type { TextPosition } from './formula-grammar.js'
import type { FormulaKind, FormulaSchema } from './function-helpers.js'

export interface CompiledField {
  field: FieldDef
  formula: CompiledFormula
}

export interface CompiledRule {
  rule: ValidationRule
  formula: CompiledFormula
}

/** A formula, rule or default that did not compile, and why. */
export interface SkippedFormula {
  kind: 'formula' | 'validation-rule' | 'default'
  object: string
  /** The field, or the rule. */
  name: string
  reason: string
  /** Where in the formula's text the reason points, when it points at a place. */
  position?: TextPosition
}

export interface SchemaFormulas {
  /** The object's formula fields, schema order (empty for most objects). */
  fieldsOf(object: ObjectDef): readonly CompiledField[]
  /** The object's active validation rules, schema order. */
  rulesOf(object: ObjectDef): readonly CompiledRule[]
  /** The object's fields whose default value is a formula (`defaultValueFormula`), schema order. */
  defaultsOf(object: ObjectDef): readonly CompiledField[]
  /** What did not compile, schema order. */
  readonly skipped: readonly SkippedFormula[]
}

export function compileSchemaFormulas(objects: readonly ObjectDef[], schema: FormulaSchema): SchemaFormulas {
  // keyed by lower-case object name: callers hold the metadata's definitions, compared by name
  const fields = new Map<string, CompiledField[]>()
  const rules = new Map<string, CompiledRule[]>()
  const defaults = new Map<string, CompiledField[]>()
  const skipped: SkippedFormula[] = []
  for (const object of objects) {
    const compile = (
      kind: SkippedFormula['kind'],
      name: string,
      text: string,
      target: FormulaTarget,
      blankAsZero = false,
    ): CompiledFormula | undefined => {
      const formulaKind: FormulaKind = kind === 'validation-rule' ? 'rule' : kind
      const compiled = compileFormula(text, { schema, object, kind: formulaKind, blankAsZero }, target)
      if ('evaluate' in compiled) return compiled
      skipped.push({ kind, object: object.name, name, reason: compiled.unsupported, ...positionOf(compiled) })
      return undefined
    }
    const compiledFields: CompiledField[] = []
    const compiledDefaults: CompiledField[] = []
    for (const field of object.fields) {
      const target = { field: field.type, scale: field.scale }
      if (field.formula !== undefined) {
        const formula = compile(
          'formula',
          field.name,
          field.formula,
          target,
          field.formulaTreatNullNumberAsZero,
        )
        if (formula) compiledFields.push({ field, formula })
      }
      if (field.defaultValueFormula !== undefined) {
        const formula = compile('default', field.name, field.defaultValueFormula, target)
        if (formula) compiledDefaults.push({ field, formula })
      }
    }
    const compiledRules: CompiledRule[] = []
    for (const rule of object.validationRules) {
      if (!rule.active) continue
      if (rule.errorDisplayField !== undefined && !schema.findField(object, rule.errorDisplayField)) {
        skipped.push({
          kind: 'validation-rule',
          object: object.name,
          name: rule.name,
          reason: `no field ${rule.errorDisplayField} to display the error on`,
        })
        continue
      }
      const formula = compile('validation-rule', rule.name, rule.errorConditionFormula, 'rule')
      if (formula) compiledRules.push({ rule, formula })
    }
    const key = object.name.toLowerCase()
    if (compiledFields.length > 0) fields.set(key, compiledFields)
    if (compiledDefaults.length > 0) defaults.set(key, compiledDefaults)
    if (compiledRules.length > 0) rules.set(key, compiledRules)
  }
  return {
    fieldsOf: (object) => fields.get(object.name.toLowerCase()) ?? [],
    rulesOf: (object) => rules.get(object.name.toLowerCase()) ?? [],
    defaultsOf: (object) => defaults.get(object.name.toLowerCase()) ?? [],
    skipped,
  }
}

function positionOf(compiled: { position?: TextPosition }): { position?: TextPosition } {
  return compiled.position ? { position: compiled.position } : {}
}
