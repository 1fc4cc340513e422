/**
 * @module
 * The SOQL syntax tree the parser produces. Plain TypeScript types: there is no zod schema for an AST
 * (nothing outside the process sends one). Every node keeps `pos`, the offset of its first character in
 * the query text, so later stages can report `Row:Column` like the real API.
 */

export type AggregateFunction = 'COUNT' | 'COUNT_DISTINCT' | 'SUM' | 'AVG' | 'MIN' | 'MAX'
export type FieldsGroup = 'ALL' | 'STANDARD' | 'CUSTOM'

/** A dotted name as written (`Account.Owner.Name`), not yet bound to metadata. */
export interface PathNode {
  kind: 'path'
  parts: string[]
  pos: number
}

export interface AliasNode {
  name: string
  pos: number
}

export interface FieldItem {
  kind: 'field'
  path: PathNode
  alias?: AliasNode
  pos: number
}

export interface FieldsItem {
  kind: 'fields'
  group: FieldsGroup
  pos: number
}

/** `COUNT()` has no `arg`. */
export interface AggregateItem {
  kind: 'aggregate'
  fn: AggregateFunction
  arg?: PathNode
  alias?: AliasNode
  pos: number
}

/** A parent-to-child subquery in the SELECT list: `(SELECT Id FROM Contacts)`. */
export interface SubqueryItem {
  kind: 'subquery'
  query: QueryNode
  pos: number
}

/** Parsed so it can be rejected with a clear error (the replica has no polymorphic TYPEOF). */
export interface TypeofItem {
  kind: 'typeof'
  field: PathNode
  whens: { object: string; fields: PathNode[] }[]
  elseFields: PathNode[]
  pos: number
}

export type SelectItem = FieldItem | FieldsItem | AggregateItem | SubqueryItem | TypeofItem

export type Literal =
  | { kind: 'string'; value: string; pattern: string; pos: number }
  | { kind: 'number'; value: number; text: string; pos: number }
  | { kind: 'boolean'; value: boolean; pos: number }
  | { kind: 'null'; pos: number }
  /** `2026-01-31` */
  | { kind: 'date'; text: string; pos: number }
  /** `2026-01-31T10:00:00Z`, `2026-01-31T10:00:00+02:00` */
  | { kind: 'datetime'; text: string; pos: number }
  | { kind: 'time'; text: string; pos: number }
  /** `TODAY`, `LAST_N_DAYS:7` (name upper-cased) */
  | { kind: 'dateLiteral'; name: string; n?: number; pos: number }

/** Left side of a condition: a field, or an aggregate (HAVING, ORDER BY of an aggregate query). */
export type OperandNode = PathNode | { kind: 'aggregate'; fn: AggregateFunction; arg?: PathNode; pos: number }

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'LIKE'

export type ConditionNode =
  | { kind: 'and'; operands: ConditionNode[]; pos: number }
  | { kind: 'or'; operands: ConditionNode[]; pos: number }
  | { kind: 'not'; operand: ConditionNode; pos: number }
  | { kind: 'compare'; left: OperandNode; op: ComparisonOperator; value: Literal; pos: number; opPos: number }
  | { kind: 'in'; left: OperandNode; negate: boolean; values: Literal[]; pos: number; opPos: number }
  /** Semi-join (`IN (SELECT ...)`) or anti-join (`NOT IN (SELECT ...)`). */
  | { kind: 'inQuery'; left: OperandNode; negate: boolean; query: QueryNode; pos: number; opPos: number }
  /** INCLUDES / EXCLUDES on a multi-select picklist. */
  | { kind: 'includes'; left: OperandNode; exclude: boolean; values: Literal[]; pos: number; opPos: number }

export interface OrderItem {
  operand: OperandNode
  direction: 'ASC' | 'DESC'
  nulls: 'FIRST' | 'LAST'
  pos: number
}

export interface FromNode {
  /** `Account`, or for a child subquery `Contacts` / `Account.Contacts`. */
  parts: string[]
  alias?: AliasNode
  pos: number
}

export interface QueryNode {
  kind: 'query'
  /** The query text the positions refer to (the whole text, also for subqueries). */
  text: string
  select: SelectItem[]
  from: FromNode
  where?: ConditionNode
  groupBy?: PathNode[]
  having?: ConditionNode
  orderBy?: OrderItem[]
  limit?: { value: number; pos: number }
  offset?: { value: number; pos: number }
  /** `FOR VIEW` / `FOR REFERENCE`: the query marks the records it returns as viewed or referenced. */
  forView?: { clause: 'VIEW' | 'REFERENCE'; pos: number }
  pos: number
}
