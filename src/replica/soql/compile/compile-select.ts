/**
 * @module
 * The SELECT list of a records query: field paths, FIELDS(...) expanded, parent-to-child
 * subqueries bound to the parent's child relationships, duplicates rejected, and the output tree
 * (parents as nested objects) the executor shapes rows by.
 */
import type { FieldDef } from '../../../schemas/crm-schema.js'
import type { FieldsGroup, QueryNode } from '../ast.js'
import type { SoqlObject } from '../data-source.js'
import { soqlError, unsupported } from '../errors.js'
import type { Mode, Scope } from './compile-context.js'
import type { CompiledQuery, CompiledSubquery, OutputNode, ResolvedPath } from './compiled-query.js'
import { CUSTOM_RELATIONSHIP_HINT, resolvePath } from './paths.js'

/** The fields `FIELDS(ALL | STANDARD | CUSTOM)` stands for, schema order. */
export function expandFields(object: SoqlObject, group: FieldsGroup): FieldDef[] {
  return object.fields.filter((field) =>
    group === 'ALL' ? true : group === 'CUSTOM' ? field.custom : !field.custom,
  )
}

/** SELECT list of a records query: fields, FIELDS(...) and child subqueries, duplicates rejected. */
export function compileSelect(ast: QueryNode, scope: Scope, compiled: CompiledQuery, mode: Mode): void {
  const { text } = scope.cc
  const seen = new Set<string>()
  let expandedNothing = false
  const add = (path: ResolvedPath) => {
    const key = path.text.toLowerCase()
    if (seen.has(key)) throw soqlError('INVALID_FIELD', `duplicate field selected: ${path.text}`)
    seen.add(key)
    compiled.fields.push(path)
    compiled.columns.push(path.text)
    addToTree(compiled.output, path)
  }
  for (const item of ast.select) {
    switch (item.kind) {
      case 'typeof':
        throw unsupported('TYPEOF', text, item.pos)
      case 'field':
        if (item.alias)
          throw soqlError('MALFORMED_QUERY', `unexpected token: '${item.alias.name}'`, text, item.alias.pos)
        add(resolvePath(scope, item.path))
        break
      case 'fields': {
        compiled.fieldsGroups.push(item.group)
        const fields = expandFields(scope.object, item.group)
        if (fields.length === 0) expandedNothing = true
        for (const field of fields)
          add(resolvePath(scope, { kind: 'path', parts: [field.name], pos: item.pos }))
        break
      }
      case 'subquery': {
        if (mode !== 'root') throw unsupported('A parent-to-child subquery inside a subquery', text, item.pos)
        const sub = compileChildSubquery(item.query, scope)
        const key = sub.relationshipName.toLowerCase()
        if (seen.has(key))
          throw soqlError('INVALID_FIELD', `duplicate field selected: ${sub.relationshipName}`)
        seen.add(key)
        compiled.subqueries.push(sub)
        compiled.output.push({ kind: 'child', key: sub.relationshipName, sub })
        break
      }
      case 'aggregate':
        // unreachable: a SELECT list with an aggregate compiles as an aggregate query
        throw soqlError('MALFORMED_QUERY', `unexpected token: '${item.fn}'`, text, item.pos)
    }
  }
  if (compiled.fields.length === 0 && compiled.subqueries.length === 0 && expandedNothing)
    throw soqlError(
      'MALFORMED_QUERY',
      "'FIELDS(...)' expansion function must result in at least one field being selected.",
    )
}

function addToTree(nodes: OutputNode[], path: ResolvedPath): void {
  let level = nodes
  for (const hop of path.hops) {
    let node = level.find(
      (n): n is Extract<OutputNode, { kind: 'parent' }> => n.kind === 'parent' && n.key === hop.name,
    )
    if (!node) {
      node = { kind: 'parent', key: hop.name, hop, children: [] }
      level.push(node)
    }
    level = node.children
  }
  level.push({ kind: 'value', key: path.field.name, field: path.field })
}

function compileChildSubquery(ast: QueryNode, parent: Scope): CompiledSubquery {
  const { text, source } = parent.cc
  const { parts, pos } = ast.from
  const prefix = parts.length === 2 ? parts[0]!.toLowerCase() : undefined
  const prefixOk =
    prefix === undefined ||
    prefix === parent.object.def.name.toLowerCase() ||
    (parent.alias !== undefined && prefix === parent.alias.toLowerCase())
  const name = parts[parts.length - 1]!
  const relationship =
    parts.length <= 2 && prefixOk
      ? parent.object.childRelationships.find(
          (rel) => rel.relationshipName.toLowerCase() === name.toLowerCase(),
        )
      : undefined
  const child = relationship ? source.schema.object(relationship.childObject) : undefined
  if (!relationship || !child)
    throw soqlError(
      'INVALID_TYPE',
      `Didn't understand relationship '${name}' in FROM part of query call. ${CUSTOM_RELATIONSHIP_HINT}`,
      text,
      pos,
    )
  const query = parent.cc.compileNested(ast, child, 'child')
  return { relationshipName: relationship.relationshipName, childField: relationship.field, query }
}
