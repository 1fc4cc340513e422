/**
 * @module
 * The floor under a create that runs validation rules: formulon alone evaluating the same rules,
 * and the formula fields they read, with the values of the create. formulon parses a formula's
 * text on every evaluation (its API takes text, not a tree), so this is what any replica built on
 * it pays per create before doing anything of its own.
 */
import { extract, type FormulonLiteral, parse } from 'formulon'
import type { CrmSchema, FieldDef, ObjectDef } from '../../src/schemas/crm-schema.js'

/**
 * One create's worth of formulon calls on `objectName`'s active rules (and once each formula field
 * they read), with `values` as the record.
 */
export function formulonFloor(
  schema: CrmSchema,
  objectName: string,
  values: Record<string, unknown>,
): () => void {
  const object = schema.objects.find((o) => o.name === objectName)
  if (!object) throw new Error(`Failed to find ${objectName} in the schema`)
  const calls: { text: string; substitutions: Record<string, FormulonLiteral> }[] = []
  // a formula field several rules read is computed once per write, as the replica does
  const formulasRead = new Set<string>()
  for (const rule of object.validationRules.filter((r) => r.active)) {
    const substitutions: Record<string, FormulonLiteral> = {}
    for (const name of extract(rule.errorConditionFormula)) {
      const field = fieldOf(object, name)
      if (field.formula !== undefined) {
        // the rule reads a formula field: formulon evaluates that formula too
        if (!formulasRead.has(field.name)) {
          formulasRead.add(field.name)
          const inner = Object.fromEntries(
            extract(field.formula).map((n) => [n, literalOf(fieldOf(object, n), values[n])]),
          )
          calls.push({ text: field.formula, substitutions: inner })
        }
        substitutions[name] = literalOf(field, 0)
      } else {
        substitutions[name] = literalOf(field, values[name])
      }
    }
    calls.push({ text: rule.errorConditionFormula, substitutions })
  }
  return () => {
    for (const call of calls) {
      const result = parse(call.text, call.substitutions)
      if (result.type === 'error') throw new Error(`Failed: formulon: ${result.message} (${call.text})`)
    }
  }
}

function fieldOf(object: ObjectDef, name: string): FieldDef {
  const field = object.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())
  if (!field) throw new Error(`Failed to find ${object.name}.${name}`)
  return field
}

function literalOf(field: FieldDef, value: unknown): FormulonLiteral {
  if (field.type === 'double' || field.type === 'currency' || field.type === 'percent') {
    return {
      type: 'literal',
      dataType: 'number',
      value: value ?? null,
      options: { length: field.precision - field.scale, scale: field.scale },
    }
  }
  return { type: 'literal', dataType: 'text', value: value ?? null, options: { length: field.length } }
}
