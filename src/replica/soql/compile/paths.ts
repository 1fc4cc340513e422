/**
 * @module
 * Names bound to metadata: the FROM object and field paths (`Account.Owner.Name`), resolved
 * case-insensitively to their canonical spelling through at most five parent relationships. A
 * field or object the caller cannot see fails exactly like one that does not exist.
 */
import type { FieldDef } from '../../../schemas/crm-schema.js'
import type { PathNode, QueryNode } from '../ast.js'
import type { SoqlObject, SoqlRecord, SoqlSchema } from '../data-source.js'
import { soqlError } from '../errors.js'
import { isNull, kindOf, readField } from '../values.js'
import type { Scope } from './compile-context.js'
import type { ExecContext, Getter, Hop, ResolvedPath } from './compiled-query.js'

/** A field of `object` by its name in any case. */
function fieldOf(object: SoqlObject, name: string): FieldDef | undefined {
  const lower = name.toLowerCase()
  return object.fields.find((field) => field.name.toLowerCase() === lower)
}

/** A reference field of `object` by its relationship name in any case. */
function relationshipOf(object: SoqlObject, name: string): FieldDef | undefined {
  const lower = name.toLowerCase()
  return object.fields.find(
    (field) => field.type === 'reference' && field.relationshipName?.toLowerCase() === lower,
  )
}

const CUSTOM_SUFFIX_HINT =
  "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."
const CUSTOM_OBJECT_HINT =
  "If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names."
export const CUSTOM_RELATIONSHIP_HINT =
  "If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names."

/** The FROM object of a query: it must exist for the caller and be queryable. */
export function resolveObject(ast: QueryNode, schema: SoqlSchema): SoqlObject {
  const { parts, pos } = ast.from
  if (parts.length > 1)
    throw soqlError('MALFORMED_QUERY', `unexpected token: '.'`, ast.text, pos + parts[0]!.length)
  const object = schema.object(parts[0]!)
  if (!object)
    throw soqlError(
      'INVALID_TYPE',
      `sObject type '${parts[0]}' is not supported. ${CUSTOM_OBJECT_HINT}`,
      ast.text,
      pos,
    )
  if (!object.def.queryable)
    throw soqlError('INVALID_TYPE', `entity type ${object.def.name} does not support query`, ast.text, pos)
  return object
}

// ---- paths ----

/** SOQL's own limit on parent relationship hops in one path. */
const MAX_HOPS = 5

export interface ParentRef {
  object: SoqlObject
  record: SoqlRecord
}

/** The parent record a reference points at (by key prefix for a polymorphic reference). */
export function fetchParent(hop: Hop, record: SoqlRecord, ctx: ExecContext): ParentRef | undefined {
  const id = record[hop.field.name]
  if (isNull(id)) return undefined
  const text = String(id)
  const target =
    hop.targets.length === 1
      ? hop.targets[0]!
      : hop.targets.find((object) => text.startsWith(object.def.keyPrefix))
  if (!target) return undefined
  const parent = ctx.records.get(target.def.name, text, { includeDeleted: ctx.includeDeleted })
  return parent ? { object: target, record: parent } : undefined
}

/** A field path of the query's object, its parent hops resolved and its value getter built. */
export function resolvePath(scope: Scope, path: PathNode): ResolvedPath {
  let parts = path.parts
  if (parts.length > 1) {
    const first = parts[0]!.toLowerCase()
    if (scope.alias && first === scope.alias.toLowerCase()) parts = parts.slice(1)
    else if (first === scope.object.def.name.toLowerCase() && !relationshipOf(scope.object, first))
      parts = parts.slice(1)
  }
  const { text } = scope.cc
  let current = [scope.object]
  const hops: Hop[] = []
  for (const name of parts.slice(0, -1)) {
    let reference: FieldDef | undefined
    for (const object of current) {
      reference = relationshipOf(object, name)
      if (reference) break
    }
    const targets = (reference?.referenceTo ?? [])
      .map((target) => scope.cc.source.schema.object(target))
      .filter((target): target is SoqlObject => target !== undefined)
    if (!reference || targets.length === 0)
      throw soqlError(
        'INVALID_FIELD',
        `Didn't understand relationship '${name}' in field path. ${CUSTOM_RELATIONSHIP_HINT}`,
        text,
        path.pos,
      )
    hops.push({ name: reference.relationshipName!, field: reference, targets })
    if (hops.length > MAX_HOPS)
      throw soqlError(
        'MALFORMED_QUERY',
        `SOQL statements cannot query more than ${MAX_HOPS} levels of parent relationships`,
        text,
        path.pos,
      )
    current = targets
  }
  const last = parts[parts.length - 1]!
  let field: FieldDef | undefined
  for (const object of current) {
    field = fieldOf(object, last)
    if (field) break
  }
  if (!field)
    throw soqlError(
      'INVALID_FIELD',
      `No such column '${last}' on entity '${current[0]!.def.name}'. ${CUSTOM_SUFFIX_HINT}`,
      text,
      path.pos,
    )
  const found = field
  const get: Getter<SoqlRecord> = (record, ctx) => {
    let at: SoqlRecord = record
    for (const hop of hops) {
      const parent = fetchParent(hop, at, ctx)
      if (!parent) return null
      at = parent.record
    }
    return readField(at, found)
  }
  return {
    text: [...hops.map((hop) => hop.name), found.name].join('.'),
    hops,
    field: found,
    kind: kindOf(found.type),
    pos: path.pos,
    get,
  }
}

/** A long text area (or a blob): never filtered, sorted, grouped or aggregated. */
export function isLongText(field: FieldDef): boolean {
  return (field.type === 'textarea' && field.length > 255) || field.type === 'base64'
}
