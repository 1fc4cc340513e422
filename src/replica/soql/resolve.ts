/**
 * @module
 * Binds a parsed query to the caller's metadata and compiles it once into closures the executor runs
 * per record: names resolved case-insensitively to canonical spelling, field visibility applied (a
 * field the caller cannot see is `INVALID_FIELD`, exactly like one that does not exist), literals
 * type-checked and converted against their field, date literals evaluated on the clock, WHERE turned
 * into one predicate, and the index hints (`Id = ...`, external id, reference equality, semi-joins)
 * the executor uses instead of a scan.
 */
import type { FieldDef } from '../../schemas/crm-schema.js'
import type {
  AggregateFunction,
  ConditionNode,
  FieldsGroup,
  Literal,
  OperandNode,
  OrderItem,
  PathNode,
  QueryNode,
} from './ast.js'
import type { SoqlDataSource, SoqlObject, SoqlRecord, SoqlRecords, SoqlSchema } from './data-source.js'
import { type DateRange, dateLiteralRange } from './date-literals.js'
import { soqlError, unsupported } from './errors.js'
import { parseSoql } from './parser.js'
import {
  isNull,
  isRealDate,
  kindOf,
  multipicklistSet,
  normalize,
  normalizeId,
  readField,
  sortKey,
  toDayMs,
  toEpochMs,
  type ValueKind,
} from './values.js'

// ---- compiled shapes (consumed by executor.ts) ----

/** Per-execution state handed to every compiled closure. */
export interface ExecContext {
  records: SoqlRecords
  includeDeleted: boolean
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
}

// ---- entry point ----

/**
 * Parses (when given text) and compiles a query against the caller's view of the schema. Date literals
 * are evaluated on `source.now()` here, so compile right before executing.
 */
export function compileSoql(query: string | QueryNode, source: SoqlDataSource): CompiledQuery {
  const ast = typeof query === 'string' ? parseSoql(query) : query
  const root = resolveObject(ast, source.schema)
  return compileQuery(ast, root, { source, now: source.now(), text: ast.text }, 'root')
}

// ---- metadata lookups (cached per SoqlObject) ----

const fieldMaps = new WeakMap<SoqlObject, Map<string, FieldDef>>()
const relationshipMaps = new WeakMap<SoqlObject, Map<string, FieldDef>>()

function fieldsOf(object: SoqlObject): Map<string, FieldDef> {
  let map = fieldMaps.get(object)
  if (!map) {
    map = new Map(object.fields.map((field) => [field.name.toLowerCase(), field]))
    fieldMaps.set(object, map)
  }
  return map
}

function relationshipsOf(object: SoqlObject): Map<string, FieldDef> {
  let map = relationshipMaps.get(object)
  if (!map) {
    map = new Map()
    for (const field of object.fields) {
      if (field.type === 'reference' && field.relationshipName)
        map.set(field.relationshipName.toLowerCase(), field)
    }
    relationshipMaps.set(object, map)
  }
  return map
}

const CUSTOM_SUFFIX_HINT =
  "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."
const CUSTOM_OBJECT_HINT =
  "If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names."
const CUSTOM_RELATIONSHIP_HINT =
  "If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names."

function resolveObject(ast: QueryNode, schema: SoqlSchema): SoqlObject {
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

interface Scope {
  object: SoqlObject
  alias?: string
  cc: CompileContext
}

interface CompileContext {
  source: SoqlDataSource
  now: Date
  text: string
}

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

function resolvePath(scope: Scope, path: PathNode): ResolvedPath {
  let parts = path.parts
  if (parts.length > 1) {
    const first = parts[0]!.toLowerCase()
    if (scope.alias && first === scope.alias.toLowerCase()) parts = parts.slice(1)
    else if (first === scope.object.def.name.toLowerCase() && !relationshipsOf(scope.object).has(first))
      parts = parts.slice(1)
  }
  const { text } = scope.cc
  let current = [scope.object]
  const hops: Hop[] = []
  for (const name of parts.slice(0, -1)) {
    let reference: FieldDef | undefined
    for (const object of current) {
      reference = relationshipsOf(object).get(name.toLowerCase())
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
    field = fieldsOf(object).get(last.toLowerCase())
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
  const get: Getter<SoqlRecord> =
    hops.length === 0
      ? (record) => readField(record, found)
      : (record, ctx) => {
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

// ---- the query ----

type Mode = 'root' | 'child' | 'semi'

const FIELDS_LIMIT = 200
const MAX_OFFSET = 2000

function compileQuery(ast: QueryNode, object: SoqlObject, cc: CompileContext, mode: Mode): CompiledQuery {
  const { text } = cc
  const scope: Scope = { object, cc, ...(ast.from.alias ? { alias: ast.from.alias.name } : {}) }
  const countItem = ast.select.find((item) => item.kind === 'aggregate' && item.fn === 'COUNT' && !item.arg)
  const hasAggregate = ast.select.some((item) => item.kind === 'aggregate')
  if (countItem && ast.select.length > 1)
    throw soqlError(
      'MALFORMED_QUERY',
      'COUNT() must be the only element in the SELECT list',
      text,
      countItem.pos,
    )
  if (countItem && (ast.groupBy || ast.having))
    throw unsupported('COUNT() with GROUP BY or HAVING', text, countItem.pos)
  const kind: CompiledQuery['kind'] = countItem
    ? 'count'
    : hasAggregate || ast.groupBy || ast.having
      ? 'aggregate'
      : 'records'
  if (mode !== 'root' && kind !== 'records') {
    const where =
      ast.select.find((item) => item.kind === 'aggregate')?.pos ?? ast.groupBy?.[0]?.pos ?? ast.pos
    throw soqlError(
      'MALFORMED_QUERY',
      'Aggregate functions and GROUP BY are not allowed in a subquery',
      text,
      where,
    )
  }

  const compiled: CompiledQuery = {
    ast,
    object,
    kind,
    columns: [],
    fields: [],
    fieldsGroups: [],
    output: [],
    subqueries: [],
    semiJoins: [],
    orderBy: [],
  }

  if (kind === 'aggregate') compiled.aggregate = compileAggregate(ast, scope, compiled)
  else if (kind === 'records') compileSelect(ast, scope, compiled, mode)
  if (compiled.fieldsGroups.length > 0 && kind === 'count')
    throw soqlError('MALFORMED_QUERY', 'FIELDS() cannot be used with COUNT()', text, ast.pos)

  if (ast.where) {
    compiled.where = compileCondition(ast.where, scope, {
      semiJoins: mode === 'root' ? compiled.semiJoins : undefined,
      noSemiJoin:
        mode === 'semi'
          ? 'Nesting of semi join sub-selects is not supported'
          : 'Semi join sub-selects are only allowed in the WHERE clause of the main query',
      inOr: false,
      inNot: false,
    })
  }

  if (ast.orderBy && kind !== 'aggregate') {
    compiled.orderBy = ast.orderBy.map((item) => {
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

  if (ast.limit) compiled.limit = ast.limit.value
  if (ast.offset) {
    if (ast.offset.value > MAX_OFFSET)
      throw soqlError(
        'NUMBER_OUTSIDE_VALID_RANGE',
        `Maximum SOQL offset allowed is ${MAX_OFFSET}`,
        text,
        ast.offset.pos,
      )
    compiled.offset = ast.offset.value
  }

  // Unbounded FIELDS() needs a bound, like Salesforce's REST and SOAP APIs
  if (compiled.fieldsGroups.some((group) => group !== 'STANDARD')) {
    const bounded = (ast.limit && ast.limit.value <= FIELDS_LIMIT) || (ast.where && boundedById(ast.where))
    if (!bounded)
      throw soqlError(
        'MALFORMED_QUERY',
        `The SOQL FIELDS function must have a LIMIT of at most ${FIELDS_LIMIT}`,
        text,
        ast.pos,
      )
  }
  return compiled
}

/** `WHERE Id = '...'`, `Id IN (at most 200 ids)`, or those joined by OR: a FIELDS() bound. */
function boundedById(node: ConditionNode): boolean {
  const isId = (operand: OperandNode) =>
    operand.kind === 'path' && operand.parts.length === 1 && operand.parts[0]!.toLowerCase() === 'id'
  switch (node.kind) {
    case 'compare':
      return node.op === '=' && isId(node.left)
    case 'in':
      return !node.negate && isId(node.left) && node.values.length <= FIELDS_LIMIT
    case 'or':
      return node.operands.every(boundedById)
    default:
      return false
  }
}

function expandFields(object: SoqlObject, group: FieldsGroup): FieldDef[] {
  return object.fields.filter((field) =>
    group === 'ALL' ? true : group === 'CUSTOM' ? field.custom : !field.custom,
  )
}

/** SELECT list of a records query: fields, FIELDS(...) and child subqueries, duplicates rejected. */
function compileSelect(ast: QueryNode, scope: Scope, compiled: CompiledQuery, mode: Mode): void {
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
  const query = compileQuery(ast, child, parent.cc, 'child')
  return { relationshipName: relationship.relationshipName, childField: relationship.field, query }
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

function isLongText(field: FieldDef): boolean {
  return field.type === 'textarea' && field.length > 255
}

function sortSpec<T>(item: OrderItem, kind: ValueKind, get: Getter<T>): SortSpec<T> {
  return {
    key: (row, ctx) => sortKey(kind, get(row, ctx)),
    desc: item.direction === 'DESC',
    nullsFirst: item.nulls === 'FIRST',
  }
}

// ---- aggregate queries ----

const GROUPABLE = new Set([
  'id',
  'reference',
  'string',
  'email',
  'phone',
  'url',
  'picklist',
  'boolean',
  'int',
  'date',
])

function compileAggregate(ast: QueryNode, scope: Scope, compiled: CompiledQuery): AggregatePlan {
  const { text } = scope.cc
  const groupBy = (ast.groupBy ?? []).map((node) => {
    const path = resolvePath(scope, node)
    if (!GROUPABLE.has(path.field.type))
      throw soqlError(
        'INVALID_FIELD',
        `field '${path.field.name}' can not be grouped in a query call`,
        text,
        node.pos,
      )
    return path
  })
  const groupIndex = (path: ResolvedPath) =>
    groupBy.findIndex((group) => group.text.toLowerCase() === path.text.toLowerCase())
  const plan: AggregatePlan = { groupBy, aggregates: [], output: [], orderBy: [] }
  const keys = new Set<string>()
  const addKey = (key: string, pos: number) => {
    if (keys.has(key.toLowerCase())) throw soqlError('MALFORMED_QUERY', `duplicate alias: ${key}`, text, pos)
    keys.add(key.toLowerCase())
    compiled.columns.push(key)
  }
  const grouped = (node: PathNode, what = 'Field') => {
    const path = resolvePath(scope, node)
    const index = groupIndex(path)
    if (index < 0)
      throw soqlError(
        'MALFORMED_QUERY',
        `${what} must be grouped or aggregated: ${path.text}`,
        text,
        node.pos,
      )
    return { path, index }
  }
  let expr = 0
  for (const item of ast.select) {
    switch (item.kind) {
      case 'typeof':
        throw unsupported('TYPEOF', text, item.pos)
      case 'subquery':
        throw soqlError(
          'MALFORMED_QUERY',
          'Parent-to-child subqueries are not allowed in an aggregate query',
          text,
          item.pos,
        )
      case 'fields': {
        compiled.fieldsGroups.push(item.group)
        for (const field of expandFields(scope.object, item.group)) {
          const { path, index } = grouped({ kind: 'path', parts: [field.name], pos: item.pos })
          addKey(path.field.name, item.pos)
          plan.output.push({ key: path.field.name, source: 'group', index })
        }
        break
      }
      case 'field': {
        const { path, index } = grouped(item.path)
        const key = item.alias?.name ?? path.field.name
        addKey(key, item.alias?.pos ?? item.pos)
        plan.output.push({ key, source: 'group', index })
        break
      }
      case 'aggregate': {
        const index = addAggregate(plan, scope, item)
        const key = item.alias?.name ?? `expr${expr++}`
        addKey(key, item.alias?.pos ?? item.pos)
        plan.output.push({ key, source: 'aggregate', index })
        break
      }
    }
  }
  const groupOperand = (operand: OperandNode, what: string): Operand<GroupRow> => {
    if (operand.kind === 'aggregate') {
      const index = addAggregate(plan, scope, operand)
      const spec = plan.aggregates[index]!
      return aggregateOperand(spec, operand.pos, (group) => group.values[index])
    }
    const { path, index } = grouped(operand, what)
    return {
      label: path.field.name,
      kind: path.kind,
      field: path.field,
      pos: operand.pos,
      get: (group) => group.keys[index],
    }
  }
  if (ast.having)
    plan.having = compileCondition(
      ast.having,
      scope,
      {
        semiJoins: undefined,
        noSemiJoin: 'Semi join sub-selects are not allowed in HAVING',
        inOr: false,
        inNot: false,
      },
      (operand) => groupOperand(operand, 'Field'),
    )
  plan.orderBy = (ast.orderBy ?? []).map((item) => {
    const operand = groupOperand(item.operand, 'Ordered field')
    return sortSpec(item, operand.kind, operand.get)
  })
  return plan
}

const NUMERIC_ONLY = new Set<AggregateFunction>(['SUM', 'AVG'])

/** Registers an aggregate (deduplicated) and returns its index in `plan.aggregates`. */
function addAggregate(
  plan: AggregatePlan,
  scope: Scope,
  node: { fn: AggregateFunction; arg?: PathNode; pos: number },
): number {
  const { text } = scope.cc
  const path = node.arg ? resolvePath(scope, node.arg) : undefined
  if (path) {
    const bad =
      path.kind === 'compound' ||
      isLongText(path.field) ||
      (NUMERIC_ONLY.has(node.fn) && path.kind !== 'number') ||
      ((node.fn === 'MIN' || node.fn === 'MAX') && (path.kind === 'boolean' || path.kind === 'multipicklist'))
    if (bad)
      throw soqlError(
        'INVALID_FIELD',
        `field ${path.field.name} does not support aggregate operator ${node.fn}`,
        text,
        node.arg!.pos,
      )
  }
  const existing = plan.aggregates.findIndex(
    (spec) =>
      spec.fn === node.fn && (spec.path?.text.toLowerCase() ?? '') === (path?.text.toLowerCase() ?? ''),
  )
  if (existing >= 0) return existing
  plan.aggregates.push(path ? { fn: node.fn, path } : { fn: node.fn })
  return plan.aggregates.length - 1
}

function aggregateOperand(spec: AggregateSpec, pos: number, get: Getter<GroupRow>): Operand<GroupRow> {
  const counts = spec.fn === 'COUNT' || spec.fn === 'COUNT_DISTINCT'
  const kind: ValueKind =
    counts || !spec.path ? 'number' : spec.fn === 'AVG' || spec.fn === 'SUM' ? 'number' : spec.path.kind
  const label = spec.path ? `${spec.fn}(${spec.path.text})` : `${spec.fn}()`
  return {
    label,
    kind,
    pos,
    get,
    ...(counts ? { intType: true } : spec.path ? { field: spec.path.field } : {}),
  }
}

// ---- conditions ----

/** The left side of a condition, bound. */
interface Operand<T> {
  /** Field name as messages show it. */
  label: string
  kind: ValueKind
  field?: FieldDef
  /** COUNT(...) compares with integers. */
  intType?: boolean
  pos: number
  get: Getter<T>
}

interface ConditionOptions {
  /** Where to register semi-joins; `undefined` where they are not allowed (see `noSemiJoin`). */
  semiJoins: SemiJoin[] | undefined
  /** Why a semi-join is not allowed here. */
  noSemiJoin?: string
  inOr: boolean
  inNot: boolean
}

function recordOperand(scope: Scope, node: OperandNode): Operand<SoqlRecord> & { path: ResolvedPath } {
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

function compileCondition<T>(
  node: ConditionNode,
  scope: Scope,
  options: ConditionOptions,
  bind: (operand: OperandNode) => Operand<T> = (operand) =>
    recordOperand(scope, operand) as unknown as Operand<T>,
): CompiledCondition<T> {
  const { text } = scope.cc
  switch (node.kind) {
    case 'and': {
      const parts = node.operands.map((operand) => compileCondition(operand, scope, options, bind))
      const tests = parts.map((part) => part.test)
      const hints = parts.map((part) => part.hint).filter((hint): hint is IndexHint => hint !== undefined)
      // an id lookup narrows most; otherwise any indexed conjunct will do
      const hint = hints.find((h) => h.kind === 'values' && h.field === 'Id') ?? hints[0]
      return { test: (row, ctx) => tests.every((test) => test(row, ctx)), ...(hint ? { hint } : {}) }
    }
    case 'or': {
      const parts = node.operands.map((operand) =>
        compileCondition(operand, scope, { ...options, inOr: true }, bind),
      )
      const tests = parts.map((part) => part.test)
      const hints = parts.map((part) => part.hint)
      const all = hints.every((hint) => hint !== undefined)
      return {
        test: (row, ctx) => tests.some((test) => test(row, ctx)),
        ...(all ? { hint: { kind: 'or', hints: hints as IndexHint[] } } : {}),
      }
    }
    case 'not': {
      const inner = compileCondition(node.operand, scope, { ...options, inNot: true }, bind)
      return { test: (row, ctx) => !inner.test(row, ctx) }
    }
    case 'inQuery':
      return compileSemiJoin(node, scope, options) as unknown as CompiledCondition<T>
    case 'includes': {
      const operand = bind(node.left)
      if (operand.kind !== 'multipicklist')
        throw soqlError(
          'INVALID_QUERY_FILTER_OPERATOR',
          'includes or excludes operator only valid on multipicklist field',
          text,
          node.opPos,
        )
      const groups = node.values.map((value) => {
        if (value.kind !== 'string') throw typeError(operand, value, text)
        return [...multipicklistSet(value.value)]
      })
      const includes = (raw: unknown) => {
        const set = normalize('multipicklist', raw) as Set<string> | null
        return set !== null && groups.some((group) => group.every((part) => set.has(part)))
      }
      const { get } = operand
      return {
        test: node.exclude ? (row, ctx) => !includes(get(row, ctx)) : (row, ctx) => includes(get(row, ctx)),
      }
    }
    case 'in': {
      const operand = bind(node.left)
      checkOperator(operand, '=', text, node.opPos)
      const values = node.values.map((value) => coerce(operand, value, scope.cc))
      const { get, kind } = operand
      let matches: (normalized: unknown) => boolean
      if (values.every((value) => !value.range && kind !== 'multipicklist')) {
        const set = new Set(values.map((value) => value.value))
        matches = (normalized) => set.has(normalized)
      } else {
        const tests = values.map((value) => scalarTest('=', value, kind))
        matches = (normalized) => tests.some((test) => test(normalized))
      }
      const test = node.negate
        ? (row: T, ctx: ExecContext) => !matches(normalize(kind, get(row, ctx)))
        : (row: T, ctx: ExecContext) => matches(normalize(kind, get(row, ctx)))
      const hint = node.negate ? undefined : indexHint(operand, node.values, values)
      return { test, ...(hint ? { hint } : {}) }
    }
    case 'compare': {
      const operand = bind(node.left)
      checkOperator(operand, node.op, text, node.opPos)
      const { get, kind } = operand
      if (node.op === 'LIKE') {
        if (node.value.kind !== 'string') throw typeError(operand, node.value, text)
        const regex = likeRegex(node.value.pattern)
        return {
          test: (row, ctx) => {
            const raw = get(row, ctx)
            return !isNull(raw) && regex.test(String(raw))
          },
        }
      }
      const value = coerce(operand, node.value, scope.cc)
      const matches = scalarTest(node.op, value, kind)
      const hint = node.op === '=' ? indexHint(operand, [node.value], [value]) : undefined
      return { test: (row, ctx) => matches(normalize(kind, get(row, ctx))), ...(hint ? { hint } : {}) }
    }
  }
}

/** Equality on a field of the queried object that an index may cover: id, reference, external id. */
function indexHint<T>(operand: Operand<T>, literals: Literal[], values: Coerced[]): IndexHint | undefined {
  const path = (operand as Partial<{ path: ResolvedPath }>).path
  if (!path || path.hops.length > 0) return undefined
  const field = path.field
  const indexable = path.kind === 'id' || field.externalId || field.idLookup || field.unique
  if (!indexable) return undefined
  if (values.some((value) => value.value === null || value.range)) return undefined
  const raw = literals.map((literal, i) =>
    path.kind === 'id' ? String(values[i]!.value) : String((literal as { value: unknown }).value),
  )
  return { kind: 'values', field: field.name, values: raw }
}

function compileSemiJoin(
  node: Extract<ConditionNode, { kind: 'inQuery' }>,
  scope: Scope,
  options: ConditionOptions,
): CompiledCondition<SoqlRecord> {
  const { text, source } = scope.cc
  if (!options.semiJoins)
    throw soqlError(
      'MALFORMED_QUERY',
      options.noSemiJoin ?? 'Semi join sub-selects are not allowed here',
      text,
      node.query.pos,
    )
  if (options.inOr)
    throw soqlError(
      'MALFORMED_QUERY',
      "Semi join sub-selects are not allowed with the 'OR' operator",
      text,
      node.query.pos,
    )
  if (options.inNot)
    throw soqlError(
      'MALFORMED_QUERY',
      "Semi join sub-selects are not allowed with the 'NOT' operator; use NOT IN",
      text,
      node.pos,
    )
  const operand = recordOperand(scope, node.left)
  if (operand.kind !== 'id' || operand.path.hops.length > 0)
    throw soqlError(
      'MALFORMED_QUERY',
      `The left operand of a semi join must be an id or reference field of ${scope.object.def.name}`,
      text,
      node.pos,
    )
  const inner = node.query
  const object = resolveObject(inner, source.schema)
  if (object.def.name === scope.object.def.name)
    throw soqlError(
      'INVALID_TYPE',
      'The inner and outer selects should not be on the same object type',
      text,
      inner.from.pos,
    )
  const [item, extra] = inner.select
  if (extra || item?.kind !== 'field' || item.alias)
    throw soqlError(
      'MALFORMED_QUERY',
      'A semi join sub-select must select exactly one id or reference field',
      text,
      inner.pos,
    )
  if (inner.orderBy || inner.limit || inner.offset) {
    const at = inner.orderBy?.[0]?.pos ?? inner.limit?.pos ?? inner.offset!.pos
    throw soqlError(
      'MALFORMED_QUERY',
      'ORDER BY, LIMIT and OFFSET are not supported in a semi join sub-select',
      text,
      at,
    )
  }
  const query = compileQuery(inner, object, scope.cc, 'semi')
  const selected = query.fields[0]!
  if (selected.kind !== 'id' || selected.hops.length > 0)
    throw soqlError(
      'MALFORMED_QUERY',
      `A semi join sub-select can only select an id or reference field, not ${selected.text}`,
      text,
      item.pos,
    )
  // the ids the subquery selects must be able to equal the left operand's
  const targetsOf = (path: ResolvedPath, object: SoqlObject) =>
    path.field.type === 'id' ? [object.def.name] : path.field.referenceTo
  const outerTargets = targetsOf(operand.path, scope.object)
  const innerTargets = targetsOf(selected, object)
  if (!innerTargets.some((target) => outerTargets.includes(target)))
    throw soqlError(
      'MALFORMED_QUERY',
      `Semi join sub-select field '${selected.text}' holds ${innerTargets.join('/')} ids, but '${operand.path.text}' holds ${outerTargets.join('/')} ids`,
      text,
      item.pos,
    )
  const semi: SemiJoin = { query, field: selected.field }
  options.semiJoins.push(semi)
  const { get } = operand
  const has = (row: SoqlRecord, ctx: ExecContext) => {
    const value = get(row, ctx)
    return !isNull(value) && ctx.semiJoinValues.get(semi)!.has(String(value))
  }
  if (node.negate) return { test: (row, ctx) => !has(row, ctx) }
  return { test: has, hint: { kind: 'semi', field: operand.path.field.name, semi } }
}

// ---- literals ----

interface Coerced {
  /** Comparable form (see values.ts); null for the null literal. */
  value: unknown
  /** A date literal: the range it stands for. */
  range?: DateRange
}

const TYPE_NAMES: Record<ValueKind, string> = {
  text: 'string',
  id: 'id',
  number: 'double',
  boolean: 'boolean',
  date: 'date',
  datetime: 'dateTime',
  multipicklist: 'string',
  compound: 'address',
}

function typeError<T>(operand: Operand<T>, literal: Literal, text: string) {
  const type = operand.intType || operand.field?.type === 'int' ? 'integer' : TYPE_NAMES[operand.kind]
  const quoted = operand.kind === 'text' || operand.kind === 'id' || operand.kind === 'multipicklist'
  return soqlError(
    'INVALID_FIELD',
    `value of filter criterion for field '${operand.label}' must be of type ${type} and should ${quoted ? '' : 'not '}be enclosed in quotes`,
    text,
    literal.pos,
  )
}

function coerce<T>(operand: Operand<T>, literal: Literal, cc: CompileContext): Coerced {
  const { text } = cc
  if (literal.kind === 'null') return { value: operand.kind === 'boolean' ? false : null }
  switch (operand.kind) {
    case 'text':
      if (literal.kind !== 'string') throw typeError(operand, literal, text)
      return { value: isNull(literal.value) ? null : literal.value.toLowerCase() }
    case 'multipicklist':
      if (literal.kind !== 'string') throw typeError(operand, literal, text)
      return { value: multipicklistSet(literal.value) }
    case 'id': {
      if (literal.kind !== 'string') throw typeError(operand, literal, text)
      if (literal.value === '') return { value: null }
      const id = normalizeId(literal.value)
      if (!id)
        throw soqlError(
          'INVALID_QUERY_FILTER_OPERATOR',
          `invalid ID field: ${literal.value}`,
          text,
          literal.pos,
        )
      return { value: id }
    }
    case 'number':
      if (literal.kind !== 'number') throw typeError(operand, literal, text)
      return { value: literal.value }
    case 'boolean':
      if (literal.kind !== 'boolean') throw typeError(operand, literal, text)
      return { value: literal.value }
    case 'date':
    case 'datetime': {
      if (literal.kind === 'dateLiteral')
        return { value: undefined, range: dateLiteralRange(literal.name, literal.n, cc.now) }
      const expected = operand.kind === 'date' ? 'date' : 'datetime'
      if (literal.kind !== expected) throw typeError(operand, literal, text)
      if (!isRealDate(literal.text))
        throw soqlError('MALFORMED_QUERY', `invalid date: ${literal.text}`, text, literal.pos)
      return { value: expected === 'date' ? toDayMs(literal.text) : toEpochMs(literal.text) }
    }
    case 'compound':
      throw typeError(operand, literal, text)
  }
}

const ORDERED = new Set(['<', '<=', '>', '>='])

function checkOperator<T>(operand: Operand<T>, op: string, text: string, pos: number): void {
  const bad =
    (op === 'LIKE' && operand.kind !== 'text') ||
    (ORDERED.has(op) && (operand.kind === 'boolean' || operand.kind === 'multipicklist'))
  if (bad) {
    const type = operand.field?.type ?? TYPE_NAMES[operand.kind]
    throw soqlError('INVALID_QUERY_FILTER_OPERATOR', `invalid operator on ${type} field`, text, pos)
  }
}

/** A test on the normalized stored value. Salesforce treats null as a value: `x != 'a'` matches null. */
function scalarTest(op: string, literal: Coerced, kind: ValueKind): (value: unknown) => boolean {
  const { range } = literal
  const target = literal.value
  let equals: (value: unknown) => boolean
  if (range)
    equals = (value) => value !== null && (value as number) >= range.start && (value as number) < range.end
  else if (target === null) equals = (value) => value === null
  else if (kind === 'multipicklist') {
    const want = target as Set<string>
    equals = (value) => {
      const have = value as Set<string> | null
      return have !== null && have.size === want.size && [...want].every((part) => have.has(part))
    }
  } else equals = (value) => value === target
  switch (op) {
    case '=':
      return equals
    case '!=':
      return (value) => !equals(value)
  }
  if (range) {
    switch (op) {
      case '<':
        return (value) => value !== null && (value as number) < range.start
      case '<=':
        return (value) => value !== null && (value as number) < range.end
      case '>':
        return (value) => value !== null && (value as number) >= range.end
      default:
        return (value) => value !== null && (value as number) >= range.start
    }
  }
  if (target === null) return () => false
  const t = target as string | number
  switch (op) {
    case '<':
      return (value) => value !== null && (value as string | number) < t
    case '<=':
      return (value) => value !== null && (value as string | number) <= t
    case '>':
      return (value) => value !== null && (value as string | number) > t
    default:
      return (value) => value !== null && (value as string | number) >= t
  }
}

/** LIKE: `%` any run, `_` one character, `\` escapes; case-insensitive, whole value. */
function likeRegex(pattern: string): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\' && i + 1 < pattern.length) {
      source += escapeRegex(pattern[++i]!)
    } else if (ch === '%') source += '.*'
    else if (ch === '_') source += '.'
    else source += escapeRegex(ch)
  }
  return new RegExp(`^${source}$`, 'is')
}

function escapeRegex(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch
}
