/**
 * @module
 * What a Bulk API 2.0 query job refuses (docs/bulk-api.md): grouping, aggregate functions, OFFSET, FOR VIEW / REFERENCE,
 * TYPEOF, parent-to-child subqueries, compound address/location fields, blob (base64) fields,
 * FIELDS(ALL) and FIELDS(CUSTOM).
 * FIELDS(STANDARD) is allowed but expands to the caller's visible standard fields, so it still fails
 * when that set holds a compound field. Errors are `API_ERROR`, as Bulk API 2.0 reports them when the
 * job is created.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/queries.htm
 */
import type { QueryNode } from './ast.js'
import type { SoqlDataSource } from './data-source.js'
import { soqlError } from './errors.js'
import { parseSoql } from './parser.js'
import { compileSoql } from './compile/compile-query.js'
import type { CompiledQuery } from './compile/compiled-query.js'

/**
 * Rejects what bulk query jobs do not support, then compiles the query as REST would (so an unknown
 * field is still INVALID_FIELD). Returns the compiled query; its `columns` are the CSV header.
 */
export function validateForBulk(query: string | QueryNode, source: SoqlDataSource): CompiledQuery {
  const ast = typeof query === 'string' ? parseSoql(query) : query
  const { text } = ast
  const reject = (detail: string, pos: number) => soqlError('API_ERROR', detail, text, pos)
  for (const item of ast.select) {
    switch (item.kind) {
      case 'typeof':
        throw reject('TYPEOF is not supported in Bulk Query', item.pos)
      case 'aggregate':
        throw reject('Aggregate functions are not supported in Bulk Query', item.pos)
      case 'subquery':
        throw reject('Aggregate Relationships not supported in Bulk Query', item.pos)
      case 'fields':
        if (item.group !== 'STANDARD')
          throw reject(`FIELDS(${item.group}) is not supported in Bulk Query`, item.pos)
        break
      case 'field':
        break
    }
  }
  if (ast.groupBy) throw reject('GROUP BY is not supported in Bulk Query', ast.groupBy[0]!.pos)
  if (ast.having) throw reject('HAVING is not supported in Bulk Query', ast.having.pos)
  if (ast.offset) throw reject('OFFSET is not supported in Bulk Query', ast.offset.pos)
  if (ast.forView) throw reject(`FOR ${ast.forView.clause} is not supported in Bulk Query`, ast.forView.pos)
  const compiled = compileSoql(ast, source)
  const compound = compiled.fields.find((path) => path.kind === 'compound')
  if (compound) throw reject('Selecting compound data not supported in Bulk Query', compound.pos)
  const blob = compiled.fields.find((path) => path.field.type === 'base64')
  if (blob) throw reject(`Selecting base64 (blob) field ${blob.text} not supported in Bulk Query`, blob.pos)
  return compiled
}
