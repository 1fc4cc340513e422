/**
 * @module
 * The SOQL engine: parse -> compile (bind to the caller's metadata) -> execute over a data source.
 * Shared by the REST query resources and bulk query jobs.
 */
export type * from './ast.js'
export type {
  SoqlChildRelationship,
  SoqlDataSource,
  SoqlObject,
  SoqlRecord,
  SoqlRecords,
  SoqlScanOptions,
  SoqlSchema,
} from './data-source.js'
export { createSoqlSchema } from './data-source.js'
export type { SoqlErrorCode, SoqlPosition } from './errors.js'
export { SoqlError } from './errors.js'
export type { ExecuteOptions, SoqlResult, SoqlRow, SoqlRows } from './executor.js'
export { openSoql, querySoql, selectSoqlValues } from './executor.js'
export type { QueryBudgetOptions } from './query-budget.js'
export { parseSoql } from './parser.js'
export type { CompiledQuery } from './compile/compiled-query.js'
export { compileSoql } from './compile/compile-query.js'
export { validateForBulk } from './validate-for-bulk.js'
export type { QueryColumn, QueryColumns } from './column-metadata.js'
export { queryColumns } from './column-metadata.js'
