/**
 * @module
 * The left side of a condition, bound: a field path of the record (WHERE) or, in an aggregate
 * query's HAVING, a group key or an aggregate. Literals are checked against it (literals.ts).
 */
import type { FieldDef } from '../../../schemas/crm-schema.js'
import type { OperandNode } from '../ast.js'
import type { SoqlRecord } from '../data-source.js'
import { soqlError } from '../errors.js'
import type { ValueKind } from '../values.js'
import type { Scope } from './compile-context.js'
import type { Getter, ResolvedPath, SemiJoin } from './compiled-query.js'
import { isLongText, resolvePath } from './paths.js'

/** The left side of a condition, bound. */
export interface Operand<T> {
  /** Field name as messages show it. */
  label: string
  kind: ValueKind
  field?: FieldDef
  /** COUNT(...) compares with integers. */
  intType?: boolean
  pos: number
  get: Getter<T>
}

export interface ConditionOptions {
  /** Where to register semi-joins; `undefined` where they are not allowed (see `noSemiJoin`). */
  semiJoins: SemiJoin[] | undefined
  /** Why a semi-join is not allowed here. */
  noSemiJoin?: string
  inOr: boolean
  inNot: boolean
}

/** A field path of the record as a condition's left side: compound and long text fields refused. */
export function recordOperand(scope: Scope, node: OperandNode): Operand<SoqlRecord> & { path: ResolvedPath } {
  const { text } = scope.cc
  if (node.kind !== 'path')
    throw soqlError(
      'MALFORMED_QUERY',
      'Aggregate functions are only allowed in HAVING and ORDER BY of an aggregate query',
      text,
      node.pos,
    )
  const path = resolvePath(scope, node)
  if (path.kind === 'compound' || isLongText(path.field))
    throw soqlError(
      'INVALID_FIELD',
      `field '${path.field.name}' can not be filtered in a query call`,
      text,
      node.pos,
    )
  return { label: path.field.name, kind: path.kind, field: path.field, pos: node.pos, get: path.get, path }
}
