/**
 * @module
 * Every roll-up summary field of a CRM schema, checked and compiled once when the schema loads:
 * the child object and its master-detail field, the summarised field, the filter items as one
 * predicate, and the type the field must have. A roll-up that cannot be computed fails the load
 * with a schema error naming the field and the reason, as a formula that cannot be evaluated does
 * (src/replica/formulas/schema-formulas.ts).
 */
import { rollupProblem, rollupResultType, type RollupDef } from '../../schemas/crm-rollup.js'
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { fieldPathsOf } from '../formulas/formula-ast.js'
import { parseFormula } from '../formulas/formula-grammar.js'
import { type ChildPredicate, compileRollupFilter } from './rollup-filter.js'

export interface CompiledRollup {
  /** The roll-up field of the parent. */
  field: FieldDef
  rollup: RollupDef
  child: ObjectDef
  /** The child's master-detail field to the parent. */
  foreignKey: FieldDef
  /** The child's field summarised (none for COUNT). */
  summarized: FieldDef | undefined
  matches: ChildPredicate
}

export interface SchemaRollups {
  /** The object's roll-up fields, schema order (empty for most objects). */
  fieldsOf(object: ObjectDef): readonly CompiledRollup[]
  /** The compiled roll-up behind `field` of `object`, if it is one. */
  of(object: ObjectDef, field: FieldDef): CompiledRollup | undefined
  /** The parents whose roll-ups summarise `child`, each with the child's master-detail field (once each). */
  summarisedBy(child: ObjectDef): readonly SummarisingParent[]
}

export interface SummarisingParent {
  parent: ObjectDef
  foreignKey: FieldDef
}

export interface RollupSchema {
  findObject(name: string): ObjectDef | undefined
  findField(object: ObjectDef, name: string): FieldDef | undefined
}

export function compileSchemaRollups(objects: readonly ObjectDef[], schema: RollupSchema): SchemaRollups {
  // keyed by lower-case object name, then the field itself
  const byObject = new Map<string, CompiledRollup[]>()
  const byChild = new Map<string, SummarisingParent[]>()
  for (const object of objects) {
    const compiled: CompiledRollup[] = []
    for (const field of object.fields) {
      if (!field.rollup) continue
      const rollup = compileRollup(object, field, field.rollup, schema)
      compiled.push(rollup)
      const key = rollup.child.name.toLowerCase()
      const parents = byChild.get(key) ?? []
      if (!parents.some((each) => each.parent === object && each.foreignKey === rollup.foreignKey)) {
        parents.push({ parent: object, foreignKey: rollup.foreignKey })
      }
      byChild.set(key, parents)
    }
    if (compiled.length > 0) byObject.set(object.name.toLowerCase(), compiled)
  }
  const fieldsOf = (object: ObjectDef) => byObject.get(object.name.toLowerCase()) ?? []
  return {
    fieldsOf,
    of: (object, field) => fieldsOf(object).find((entry) => entry.field.name === field.name),
    summarisedBy: (child) => byChild.get(child.name.toLowerCase()) ?? [],
  }
}

function compileRollup(
  object: ObjectDef,
  field: FieldDef,
  rollup: RollupDef,
  schema: RollupSchema,
): CompiledRollup {
  const what = `${object.name}.${field.name}`
  if (field.formula !== undefined) fail(what, 'a field is a formula or a roll-up, not both')
  const problem = rollupProblem(object.name, rollup, schema.findObject)
  if (problem) fail(what, problem)
  const child = schema.findObject(rollup.childObject)!
  const fieldOf = (name: string) => schema.findField(child, name)!
  const summarized = rollup.summarizedField === undefined ? undefined : fieldOf(rollup.summarizedField)
  for (const read of [summarized, ...rollup.filterItems.map((item) => fieldOf(item.field))]) {
    // as in Salesforce: a child formula reading other records could read this roll-up again
    if (read && readsOtherRecords(child, read, schema, new Set()))
      fail(what, `${child.name}.${read.name} is a cross-object formula (it reads other records)`)
  }
  const expected = rollupResultType(rollup.operation, summarized)
  if (field.type !== expected.type) {
    fail(
      what,
      `a ${rollup.operation} roll-up of ${summarized ? `a ${summarized.type}` : 'records'} is a ${expected.type} field, not ${field.type}`,
    )
  }
  return {
    field,
    rollup,
    child,
    foreignKey: fieldOf(rollup.foreignKey),
    summarized,
    matches: compileRollupFilter(rollup.filterItems, fieldOf),
  }
}

/** True when a formula field reads a parent path or `$User`, itself or through formulas it reads. */
function readsOtherRecords(
  object: ObjectDef,
  field: FieldDef,
  schema: RollupSchema,
  seen: Set<FieldDef>,
): boolean {
  if (field.formula === undefined || seen.has(field)) return false
  seen.add(field)
  const parsed = parseFormula(field.formula)
  // a formula that does not parse is skipped when formulas compile
  if ('error' in parsed) return false
  return fieldPathsOf(parsed.tree).some((path) => {
    if (path.length > 1 || path[0]!.name.startsWith('$')) return true
    const read = schema.findField(object, path[0]!.name)
    return read !== undefined && readsOtherRecords(object, read, schema, seen)
  })
}

function fail(what: string, reason: string): never {
  throw new TypeError(`Failed to load the CRM schema: roll-up ${what} cannot be computed: ${reason}`)
}
