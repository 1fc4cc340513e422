/**
 * @module
 * ORDER BY: sort keys of the comparable form of values.ts, direction and where nulls go. A records
 * query sorts by field paths; an aggregate query's ORDER BY is compiled with its groups
 * (compile-aggregate.ts) through `sortSpec`.
 */
import type { OrderItem } from '../ast.js'
import { soqlError } from '../errors.js'
import { sortKey, type ValueKind } from '../values.js'
import type { Scope } from './compile-context.js'
import type { Getter, ResolvedPath, SortSpec } from './compiled-query.js'
import type { SoqlRecord } from '../data-source.js'
import { isLongText, resolvePath } from './paths.js'

/** ORDER BY of a records query: field paths only (aggregate functions need an aggregate query). */
export function compileOrderBy(items: OrderItem[], scope: Scope): SortSpec<SoqlRecord>[] {
  const { text } = scope.cc
  return items.map((item) => {
    if (item.operand.kind !== 'path')
      throw soqlError(
        'MALFORMED_QUERY',
        'Aggregate functions can only be ordered by in an aggregate query',
        text,
        item.pos,
      )
    const path = resolvePath(scope, item.operand)
    checkSortable(path, text)
    return sortSpec(item, path.kind, path.get)
  })
}

function checkSortable(path: ResolvedPath, text: string): void {
  if (path.kind === 'multipicklist' || path.kind === 'compound' || isLongText(path.field))
    throw soqlError(
      'INVALID_FIELD',
      `field '${path.field.name}' can not be sorted in a query call`,
      text,
      path.pos,
    )
}

export function sortSpec<T>(item: OrderItem, kind: ValueKind, get: Getter<T>): SortSpec<T> {
  return {
    key: (row, ctx) => sortKey(kind, get(row, ctx)),
    desc: item.direction === 'DESC',
    nullsFirst: item.nulls === 'FIRST',
  }
}
