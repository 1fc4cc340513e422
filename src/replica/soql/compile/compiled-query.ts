/**
 * @module
 * What compiling a SOQL query produces, consumed by the executor: closures that read a record's
 * values (`Getter`), test a condition and compute sort keys, the output tree of a records query,
 * the plan of an aggregate query and the index hints the executor uses instead of a scan.
 */
import type { FieldDef } from '../../../schemas/crm-schema.js'
import type { AggregateFunction, FieldsGroup, QueryNode } from '../ast.js'
import type { SoqlObject, SoqlRecord, SoqlRecords } from '../data-source.js'
import type { QueryBudget } from '../query-budget.js'
import type { ValueKind } from '../values.js'

/** Per-execution state handed to every compiled closure. */
export interface ExecContext {
  records: SoqlRecords
  includeDeleted: boolean
  /** The work the query may still do; a closure whose cost grows with a value spends from it too. */
  budget: QueryBudget
  /** Values selected by each semi-join subquery, computed once before the outer scan. */
  semiJoinValues: Map<SemiJoin, Set<string>>
}

export type Getter<T> = (row: T, ctx: ExecContext) => unknown

/** One parent relationship step of a field path (`Account` in `Account.Name`). */
export interface Hop {
  /** Canonical relationship name. */
  name: string
  /** The reference field on the child. */
  field: FieldDef
  /** Objects it can point at (several for a polymorphic reference). */
  targets: SoqlObject[]
}

export interface ResolvedPath {
  /** Canonical dotted path (`Account.Owner.Name`). */
  text: string
  hops: Hop[]
  field: FieldDef
  kind: ValueKind
  pos: number
  get: Getter<SoqlRecord>
}

export type IndexHint =
  | { kind: 'values'; field: string; values: string[] }
  | { kind: 'semi'; field: string; semi: SemiJoin }
  | { kind: 'or'; hints: IndexHint[] }

export interface CompiledCondition<T> {
  test: (row: T, ctx: ExecContext) => boolean
  /** Present when the matching records can be found through an index (WHERE of records only). */
  hint?: IndexHint
}

export interface SortSpec<T> {
  key: (row: T, ctx: ExecContext) => string | number | null
  desc: boolean
  nullsFirst: boolean
}

export type OutputNode =
  | { kind: 'value'; key: string; field: FieldDef }
  | { kind: 'parent'; key: string; hop: Hop; children: OutputNode[] }
  | { kind: 'child'; key: string; sub: CompiledSubquery }

export interface CompiledSubquery {
  /** Canonical child relationship name: the key in the parent's output. */
  relationshipName: string
  /** Reference field on the child object pointing at the parent. */
  childField: string
  query: CompiledQuery
}

export interface SemiJoin {
  query: CompiledQuery
  /** The one field the subquery selects. */
  field: FieldDef
}

/** A group of an aggregate query: its GROUP BY values and its computed aggregates. */
export interface GroupRow {
  keys: unknown[]
  values: unknown[]
}

export interface AggregateSpec {
  fn: AggregateFunction
  path?: ResolvedPath
}

export interface AggregatePlan {
  groupBy: ResolvedPath[]
  aggregates: AggregateSpec[]
  /** Output keys in SELECT order (`Name`, `expr0`, aliases). */
  output: { key: string; source: 'group' | 'aggregate'; index: number }[]
  having?: CompiledCondition<GroupRow>
  orderBy: SortSpec<GroupRow>[]
}

export interface CompiledQuery {
  ast: QueryNode
  object: SoqlObject
  /** `records`: rows of the object; `count`: `SELECT COUNT()`; `aggregate`: GROUP BY / aggregate functions. */
  kind: 'records' | 'count' | 'aggregate'
  /** Flattened columns in SELECT order: `Id`, `Account.Name` (records), output keys (aggregate). */
  columns: string[]
  /** Selected fields of a records query (FIELDS() expanded), in SELECT order. */
  fields: ResolvedPath[]
  /** FIELDS(...) groups the SELECT list used. */
  fieldsGroups: FieldsGroup[]
  output: OutputNode[]
  subqueries: CompiledSubquery[]
  where?: CompiledCondition<SoqlRecord>
  semiJoins: SemiJoin[]
  orderBy: SortSpec<SoqlRecord>[]
  limit?: number
  offset?: number
  aggregate?: AggregatePlan
  /** `FOR VIEW` / `FOR REFERENCE` of the main query: the field its returned records get stamped. */
  marks?: 'LastViewedDate' | 'LastReferencedDate'
}
