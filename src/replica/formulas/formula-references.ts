/**
 * @module
 * Field references, resolved against the schema when the formula compiles: a field of the record
 * (any case), a parent path through relationship names any number of lookups deep
 * (`Account__r.Owner.Username`), the polymorphic form `Owner:User.Email` (blank when the reference
 * points to another object), `$User.<field>` (the acting user's record) and the fixed globals
 * (formula-globals.ts). A blank reference on the way reads blank. A custom geolocation field reads
 * as a geolocation (for DISTANCE); an address cannot be read, as in Salesforce.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import type { PathSegment } from './formula-ast.js'
import { globalConstant } from './formula-globals.js'
import { type Compiler, fail } from './function-helpers.js'
import type { Expression, FieldValue, FormulaRecord, FormulaValue, Scope } from './formula-types.js'
import { formulaTypeOf, storedReader } from './formula-values.js'

/** One lookup of a path: the reference field, the parent object, and whether the step named it. */
interface Step {
  reference: FieldDef
  parent: ObjectDef
  typed: boolean
}

type FieldNode = { kind: 'field'; path: PathSegment[]; at: number }

export function compileReference(node: FieldNode, compiler: Compiler): Expression {
  const { schema, object: own, kind, blankAsZero } = compiler.context
  const names = node.path.map((segment) => segment.name)
  let start: (scope: Scope) => FormulaRecord | undefined = (scope) => scope.record
  let object = own
  let segments = node.path
  if (names[0]!.startsWith('$')) {
    const fixed = globalConstant(names, schema, node)
    if (fixed) return fixed
    if (names[0]!.toLowerCase() !== '$user')
      fail(`${names.join('.')} is not a global the replica knows`, node)
    const user = schema.findObject('User')
    if (!user) fail('$User needs a User object in the schema', node)
    object = user
    start = (scope) => scope.env.user
    segments = segments.slice(1)
  } else if (kind === 'default') {
    fail(`a default value cannot read the record's field ${names.join('.')}`, node)
  }
  const steps: Step[] = []
  for (const segment of segments.slice(0, -1)) {
    const step = stepOf(compiler, object, segment, node)
    steps.push(step)
    object = step.parent
  }
  const last = segments.at(-1)!
  if (last.type !== undefined) fail(`${last.name}:${last.type} names no field`, node)
  const field = schema.findField(object, last.name)
  if (!field) fail(`Field ${last.name} does not exist on ${object.name} (in ${names.join('.')})`, node)
  const read = fieldReader(compiler, object, field, node)
  const source = steps.length === 0 ? start : parentOf(start, steps)
  const expression: Expression = {
    type: read.type,
    run(scope) {
      const record = source(scope)
      return read.value(scope, record)
    },
  }
  // ISCHANGED and PRIORVALUE take a field of the record itself
  return names[0]!.startsWith('$') || steps.length > 0 ? expression : { ...expression, ownField: field }

  function fieldReader(
    c: Compiler,
    holder: ObjectDef,
    target: FieldDef,
    at: { at: number },
  ): { type: Expression['type']; value(scope: Scope, record: FormulaRecord | undefined): FormulaValue } {
    if (target.type === 'location') return geolocationReader(c, holder, target, at)
    const type = formulaTypeOf(target.type)
    if (!type) fail(`a ${target.type} field (${target.name}) cannot be read by a formula`, at)
    const convert = storedReader(target, blankAsZero)
    return {
      type,
      value: (scope, record) =>
        convert(record === undefined ? null : scope.env.value(holder, target, record)),
    }
  }
}

function stepOf(compiler: Compiler, object: ObjectDef, segment: PathSegment, at: { at: number }): Step {
  const { schema } = compiler.context
  const reference = schema.parentRelationship(object, segment.name)
  if (!reference) fail(`${object.name} has no parent relationship ${segment.name}`, at)
  const targets = reference.referenceTo
  const target =
    segment.type === undefined
      ? targets.length === 1
        ? targets[0]
        : undefined
      : targets.find((to) => to.toLowerCase() === segment.type!.toLowerCase())
  if (target === undefined) {
    fail(
      segment.type === undefined
        ? `${object.name}.${segment.name} is polymorphic; name the object, as ${segment.name}:${targets[0]}.Field`
        : `${object.name}.${segment.name} cannot point to ${segment.type}`,
      at,
    )
  }
  const parent = schema.findObject(target)
  if (!parent) fail(`${object.name}.${segment.name} refers to no known object ${target}`, at)
  return { reference, parent, typed: segment.type !== undefined }
}

/** The record at the end of the lookups from `start`, or undefined when a reference is blank. */
function parentOf(
  start: (scope: Scope) => FormulaRecord | undefined,
  steps: readonly Step[],
): (scope: Scope) => FormulaRecord | undefined {
  return (scope) => {
    let current = start(scope)
    for (const step of steps) {
      if (current === undefined) return undefined
      const id: FieldValue | undefined = current[step.reference.name]
      if (typeof id !== 'string' || id === '') return undefined
      // a step naming its object (`Owner:User`) reads blank when the reference points to another
      if (step.typed && !id.startsWith(step.parent.keyPrefix)) return undefined
      current = scope.env.record(id)
    }
    return current
  }
}

/** A custom geolocation field `Loc__c` as a point, from its `Loc__Latitude__s` / `Loc__Longitude__s`. */
function geolocationReader(compiler: Compiler, object: ObjectDef, field: FieldDef, at: { at: number }) {
  const { schema } = compiler.context
  const stem = field.name.replace(/__c$/i, '')
  const [latitude, longitude] = ['Latitude', 'Longitude'].map((part) =>
    schema.findField(object, `${stem}__${part}__s`),
  )
  if (!latitude || !longitude) fail(`the geolocation field ${field.name} has no latitude and longitude`, at)
  return {
    type: 'geolocation' as const,
    value(scope: Scope, record: FormulaRecord | undefined): FormulaValue {
      if (record === undefined) return null
      const [lat, lon] = [latitude, longitude].map((part) => scope.env.value(object, part, record))
      return typeof lat === 'number' && typeof lon === 'number' ? { latitude: lat, longitude: lon } : null
    },
  }
}
