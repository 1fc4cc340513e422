/**
 * @module
 * Every formula of a CRM schema, compiled once when the schema loads: each object's formula
 * fields (`FieldDef.formula`), default value formulas (`FieldDef.defaultValueFormula`) and active
 * validation rules (`ObjectDef.validationRules`). A formula the replica cannot evaluate fails the
 * load with a schema error naming object, field or rule and the reason: a rule that cannot be
 * evaluated must never let a write pass unnoticed, and a formula field that cannot be computed
 * would answer wrong values.
 */
import type { FieldDef, ObjectDef, ValidationRule } from '../../schemas/crm-schema.js'
import { type CompiledFormula, compileFormula, type FormulaSchema } from './compile-formula.js'
import { returnDataTypeOf } from './formula-values.js'

export interface CompiledField {
  field: FieldDef
  formula: CompiledFormula
}

export interface CompiledRule {
  rule: ValidationRule
  formula: CompiledFormula
}

export interface SchemaFormulas {
  /** The object's formula fields, schema order (empty for most objects). */
  fieldsOf(object: ObjectDef): readonly CompiledField[]
  /** The object's active validation rules, schema order. */
  rulesOf(object: ObjectDef): readonly CompiledRule[]
  /** The object's fields whose default value is a formula (`defaultValueFormula`), schema order. */
  defaultsOf(object: ObjectDef): readonly CompiledField[]
}

export function compileSchemaFormulas(objects: readonly ObjectDef[], schema: FormulaSchema): SchemaFormulas {
  // keyed by lower-case object name: callers hold the metadata's definitions, compared by name
  const fields = new Map<string, CompiledField[]>()
  const rules = new Map<string, CompiledRule[]>()
  const defaults = new Map<string, CompiledField[]>()
  for (const object of objects) {
    const compiledDefaults = object.fields.flatMap((field) => compileDefault(object, field, schema))
    if (compiledDefaults.length > 0) defaults.set(object.name.toLowerCase(), compiledDefaults)
    const compiledFields: CompiledField[] = []
    for (const field of object.fields) {
      if (field.formula === undefined) continue
      const returns = returnDataTypeOf(field.type)
      const compiled = returns
        ? compileFormula(field.formula, { schema, object, returns, readsWrite: false })
        : { unsupported: `a formula cannot return a ${field.type} field` }
      if ('unsupported' in compiled) fail(`formula field ${object.name}.${field.name}`, compiled.unsupported)
      compiledFields.push({ field, formula: compiled })
    }
    if (compiledFields.length > 0) fields.set(object.name.toLowerCase(), compiledFields)
    const compiledRules: CompiledRule[] = []
    for (const rule of object.validationRules) {
      if (!rule.active) continue
      const compiled = compileFormula(rule.errorConditionFormula, {
        schema,
        object,
        returns: 'checkbox',
        readsWrite: true,
      })
      if ('unsupported' in compiled) fail(`validation rule ${object.name}.${rule.name}`, compiled.unsupported)
      if (rule.errorDisplayField !== undefined && !schema.findField(object, rule.errorDisplayField)) {
        fail(
          `validation rule ${object.name}.${rule.name}`,
          `no field ${rule.errorDisplayField} to display the error on`,
        )
      }
      compiledRules.push({ rule, formula: compiled })
    }
    if (compiledRules.length > 0) rules.set(object.name.toLowerCase(), compiledRules)
  }
  return {
    fieldsOf: (object) => fields.get(object.name.toLowerCase()) ?? [],
    rulesOf: (object) => rules.get(object.name.toLowerCase()) ?? [],
    defaultsOf: (object) => defaults.get(object.name.toLowerCase()) ?? [],
  }
}

/** A field's default value formula, compiled (a picklist's default is text). */
function compileDefault(object: ObjectDef, field: FieldDef, schema: FormulaSchema): CompiledField[] {
  if (field.defaultValueFormula === undefined) return []
  const picklist = field.type === 'picklist' || field.type === 'multipicklist'
  const returns = picklist ? 'text' : returnDataTypeOf(field.type)
  const compiled = returns
    ? compileFormula(field.defaultValueFormula, {
        schema,
        object,
        returns,
        readsWrite: false,
        readsRecord: false,
      })
    : { unsupported: `a ${field.type} field takes no default value formula` }
  if ('unsupported' in compiled) fail(`default value of ${object.name}.${field.name}`, compiled.unsupported)
  return [{ field, formula: compiled }]
}

function fail(what: string, reason: string): never {
  throw new TypeError(`Failed to load the CRM schema: ${what} cannot be evaluated: ${reason}`)
}
