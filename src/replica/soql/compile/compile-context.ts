/**
 * @module
 * What every step of compiling one query shares: the data source, the clock reading date literals
 * are evaluated on, the query text (for error positions), and the scope names resolve in.
 */
import type { QueryNode } from '../ast.js'
import type { SoqlDataSource, SoqlObject } from '../data-source.js'
import type { CompiledQuery } from './compiled-query.js'

/** Where a query sits: the main query, a parent-to-child subquery or a semi-join sub-select. */
export type Mode = 'root' | 'child' | 'semi'

export interface CompileContext {
  source: SoqlDataSource
  now: Date
  text: string
  /**
   * Compiles a query nested in this one (a child subquery or a semi-join sub-select).
   * @note Passed in rather than imported: compile-query.ts imports the steps that meet nested
   * queries, so they reach it through here without an import cycle.
   */
  compileNested(ast: QueryNode, object: SoqlObject, mode: Exclude<Mode, 'root'>): CompiledQuery
}

/** The object names resolve against, and the alias the FROM clause gave it. */
export interface Scope {
  object: SoqlObject
  alias?: string
  cc: CompileContext
}
