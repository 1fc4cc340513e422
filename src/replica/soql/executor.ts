/**
 * @module
 * Runs a compiled query over a data source and shapes the rows like the REST query resource:
 * `attributes` first, then fields in SELECT order, parent relationships as nested objects (or null),
 * child relationships as `{ totalSize, done, records }` (or null), aggregates as `AggregateResult` rows.
 * Equality on indexed fields (id, external id, reference) and semi-joins go through the data source's
 * `get`/`findBy` instead of a scan; without ORDER BY the scan stops once LIMIT + OFFSET rows matched.
 */
import type { SoqlDataSource, SoqlObject, SoqlRecord, SoqlScanOptions } from './data-source.js'
import { compileSoql } from './compile/compile-query.js'
import type {
  AggregateSpec,
  CompiledQuery,
  CompiledSubquery,
  ExecContext,
  GroupRow,
  IndexHint,
  OutputNode,
  SortSpec,
} from './compile/compiled-query.js'
import { fetchParent } from './compile/paths.js'
import { compareKeys, isNull, normalize, readField, sortKey, type ValueKind } from './values.js'

export interface ExecuteOptions {
  /** `queryAll`: include records in the recycle bin. Default false. */
  includeDeleted?: boolean
  /**
   * Builds `attributes.url` of a record (the handler knows the API version):
   * `(object, id) => \`/services/data/v60.0/sobjects/${object}/${id}\``. Without it rows have no url.
   */
  recordUrl?: (object: string, id: string) => string
}

export interface SoqlRow {
  attributes: { type: string; url?: string }
  [key: string]: unknown
}

export interface SoqlResult {
  /** Number of rows; for `SELECT COUNT()` the count (and `records` is empty). */
  totalSize: number
  done: true
  records: SoqlRow[]
}

/** Parse, compile and execute in one call; also returns the flattened column list. */
export function querySoql(
  text: string,
  source: SoqlDataSource,
  options: ExecuteOptions = {},
): SoqlResult & { columns: string[] } {
  const compiled = compileSoql(text, source)
  return { ...executeSoql(compiled, source, options), columns: compiled.columns }
}

interface Exec extends ExecContext {
  options: ExecuteOptions
  scan: SoqlScanOptions
  /** Children grouped by parent id, for a child relationship whose reference field has no index. */
  childGroups: Map<CompiledSubquery, Map<string, SoqlRecord[]>>
}

export function executeSoql(
  compiled: CompiledQuery,
  source: SoqlDataSource,
  options: ExecuteOptions = {},
): SoqlResult {
  const exec = createExec(compiled, source, options)
  const offset = compiled.offset ?? 0
  const limit = compiled.limit ?? Number.POSITIVE_INFINITY

  if (compiled.kind === 'count') {
    const matched = matchRecords(compiled, exec, offset + limit).length
    return { totalSize: Math.max(0, Math.min(matched - offset, limit)), done: true, records: [] }
  }
  if (compiled.kind === 'aggregate') {
    const records = runAggregate(compiled, exec)
    return { totalSize: records.length, done: true, records }
  }
  const records = selectRecords(compiled, exec).map((record) =>
    renderRecord(compiled.output, compiled.object, record, exec),
  )
  return { totalSize: records.length, done: true, records }
}

/**
 * A records query's column values, row by row, read straight from each record and its parents
 * (no row objects): what a bulk query job's CSV holds. Values are stored values (`null` for a
 * null field or a missing parent); `compiled.fields[i]` says what column `i` is.
 */
export function executeSoqlValues(
  compiled: CompiledQuery,
  source: SoqlDataSource,
  options: ExecuteOptions = {},
): unknown[][] {
  if (compiled.kind !== 'records') {
    throw new TypeError('[replica-mock] Failed to select column values: the query is not a records query')
  }
  const exec = createExec(compiled, source, options)
  const getters = compiled.fields.map((path) => path.get)
  const width = getters.length
  return selectRecords(compiled, exec).map((record) => {
    const row = new Array<unknown>(width)
    for (let i = 0; i < width; i++) {
      const value = getters[i]!(record, exec)
      row[i] = isNull(value) ? null : value
    }
    return row
  })
}

function createExec(compiled: CompiledQuery, source: SoqlDataSource, options: ExecuteOptions): Exec {
  const includeDeleted = options.includeDeleted ?? false
  const exec: Exec = {
    records: source.records,
    includeDeleted,
    semiJoinValues: new Map(),
    options,
    scan: { includeDeleted },
    childGroups: new Map(),
  }
  for (const semi of compiled.semiJoins) {
    const values = new Set<string>()
    for (const record of matchRecords(semi.query, exec)) {
      const value = record[semi.field.name]
      if (!isNull(value)) values.add(String(value))
    }
    exec.semiJoinValues.set(semi, values)
  }
  return exec
}

/** The matching records of a records query, sorted and cut to OFFSET/LIMIT. */
function selectRecords(compiled: CompiledQuery, exec: Exec): SoqlRecord[] {
  const offset = compiled.offset ?? 0
  const limit = compiled.limit ?? Number.POSITIVE_INFINITY
  const unordered = compiled.orderBy.length === 0
  const matched = matchRecords(compiled, exec, unordered ? offset + limit : undefined)
  return page(unordered ? matched : sortRows(matched, compiled.orderBy, exec), offset, limit)
}

/** Rows of a flattened column (`Account.Name`) of a rendered row; null along a null relationship. */
export function columnValue(row: SoqlRow, column: string): unknown {
  let at: unknown = row
  for (const part of column.split('.')) {
    if (at === null || typeof at !== 'object') return null
    at = (at as Record<string, unknown>)[part]
  }
  return at ?? null
}

// ---- matching ----

function matchRecords(compiled: CompiledQuery, exec: Exec, stopAfter?: number): SoqlRecord[] {
  const object = compiled.object.def.name
  const hinted = compiled.where?.hint ? candidates(compiled.where.hint, object, exec) : undefined
  const source = hinted ?? exec.records.scan(object, exec.scan)
  const test = compiled.where?.test
  const out: SoqlRecord[] = []
  if (stopAfter === 0) return out
  for (const record of source) {
    if (test && !test(record, exec)) continue
    out.push(record)
    if (stopAfter !== undefined && out.length >= stopAfter) break
  }
  return out
}

/** Records an index hint points at, deduplicated; `undefined` when a field has no index (scan). */
function candidates(hint: IndexHint, object: string, exec: Exec): SoqlRecord[] | undefined {
  const seen = new Set<string>()
  const out: SoqlRecord[] = []
  const push = (record: SoqlRecord) => {
    if (seen.has(record.Id)) return
    seen.add(record.Id)
    out.push(record)
  }
  const byValues = (field: string, values: Iterable<string>): boolean => {
    for (const value of values) {
      if (field === 'Id') {
        const record = exec.records.get(object, value, exec.scan)
        if (record) push(record)
        continue
      }
      const found = exec.records.findBy(object, field, value, exec.scan)
      if (!found) return false
      for (const record of found) push(record)
    }
    return true
  }
  switch (hint.kind) {
    case 'values':
      return byValues(hint.field, hint.values) ? out : undefined
    case 'semi':
      return byValues(hint.field, exec.semiJoinValues.get(hint.semi)!) ? out : undefined
    case 'or':
      for (const inner of hint.hints) {
        const found = candidates(inner, object, exec)
        if (!found) return undefined
        for (const record of found) push(record)
      }
      return out
  }
}

function sortRows<T>(rows: T[], specs: SortSpec<T>[], exec: Exec): T[] {
  const keyed = rows.map((row, index) => ({ row, index, keys: specs.map((spec) => spec.key(row, exec)) }))
  keyed.sort((a, b) => {
    for (let i = 0; i < specs.length; i++) {
      const spec = specs[i]!
      const x = a.keys[i]!
      const y = b.keys[i]!
      if (x === y) continue
      if (x === null) return spec.nullsFirst ? -1 : 1
      if (y === null) return spec.nullsFirst ? 1 : -1
      const order = compareKeys(x, y)
      if (order !== 0) return spec.desc ? -order : order
    }
    return a.index - b.index
  })
  return keyed.map((entry) => entry.row)
}

function page<T>(rows: T[], offset: number, limit: number): T[] {
  if (offset === 0 && limit >= rows.length) return rows
  return rows.slice(offset, offset + limit)
}

// ---- rendering ----

function attributes(type: string, id: string, exec: Exec): SoqlRow['attributes'] {
  const { recordUrl } = exec.options
  return recordUrl ? { type, url: recordUrl(type, id) } : { type }
}

function renderRecord(nodes: OutputNode[], object: SoqlObject, record: SoqlRecord, exec: Exec): SoqlRow {
  const row: SoqlRow = { attributes: attributes(object.def.name, record.Id, exec) }
  fill(row, nodes, record, exec)
  return row
}

function fill(out: Record<string, unknown>, nodes: OutputNode[], record: SoqlRecord, exec: Exec): void {
  for (const node of nodes) {
    switch (node.kind) {
      case 'value':
        out[node.key] = readField(record, node.field)
        break
      case 'parent': {
        const parent = fetchParent(node.hop, record, exec)
        out[node.key] = parent ? renderRecord(node.children, parent.object, parent.record, exec) : null
        break
      }
      case 'child':
        out[node.key] = renderChildren(node.sub, record.Id, exec)
        break
    }
  }
}

function renderChildren(sub: CompiledSubquery, parentId: string, exec: Exec): SoqlResult | null {
  const query = sub.query
  const test = query.where?.test
  const children = childRecords(sub, parentId, exec).filter((record) => !test || test(record, exec))
  const ordered = query.orderBy.length > 0 ? sortRows(children, query.orderBy, exec) : children
  const rows = page(ordered, query.offset ?? 0, query.limit ?? Number.POSITIVE_INFINITY)
  if (rows.length === 0) return null
  const records = rows.map((record) => renderRecord(query.output, query.object, record, exec))
  return { totalSize: records.length, done: true, records }
}

function childRecords(sub: CompiledSubquery, parentId: string, exec: Exec): SoqlRecord[] {
  const object = sub.query.object.def.name
  const indexed = exec.records.findBy(object, sub.childField, parentId, exec.scan)
  if (indexed) return [...indexed]
  let groups = exec.childGroups.get(sub)
  if (!groups) {
    groups = new Map()
    for (const record of exec.records.scan(object, exec.scan)) {
      const parent = record[sub.childField]
      if (isNull(parent)) continue
      const key = String(parent)
      const list = groups.get(key)
      if (list) list.push(record)
      else groups.set(key, [record])
    }
    exec.childGroups.set(sub, groups)
  }
  return groups.get(parentId) ?? []
}

// ---- aggregates ----

function runAggregate(compiled: CompiledQuery, exec: Exec): SoqlRow[] {
  const plan = compiled.aggregate!
  const matched = matchRecords(compiled, exec)
  const buckets = new Map<string, { keys: unknown[]; records: SoqlRecord[] }>()
  if (plan.groupBy.length === 0) buckets.set('', { keys: [], records: matched })
  else {
    for (const record of matched) {
      const keys = plan.groupBy.map((path) => path.get(record, exec))
      const id = groupId(keys, plan.groupBy)
      const bucket = buckets.get(id)
      if (bucket) bucket.records.push(record)
      else buckets.set(id, { keys: keys.map((key) => (isNull(key) ? null : key)), records: [record] })
    }
  }
  let groups: GroupRow[] = [...buckets.values()].map((bucket) => ({
    keys: bucket.keys,
    values: plan.aggregates.map((spec) => aggregate(spec, bucket.records, exec)),
  }))
  if (plan.having) groups = groups.filter((group) => plan.having!.test(group, exec))
  if (plan.orderBy.length > 0) groups = sortRows(groups, plan.orderBy, exec)
  groups = page(groups, compiled.offset ?? 0, compiled.limit ?? Number.POSITIVE_INFINITY)
  return groups.map((group) => {
    const row: SoqlRow = { attributes: { type: 'AggregateResult' } }
    for (const column of plan.output)
      row[column.key] = column.source === 'group' ? group.keys[column.index] : group.values[column.index]
    return row
  })
}

/** Values that group together (text case-insensitively) share an id. */
function groupId(keys: unknown[], groupBy: readonly { kind: ValueKind }[]): string {
  if (keys.length === 1) {
    const value = normalize(groupBy[0]!.kind, keys[0])
    return value === null ? '' : `${typeof value}:${String(value)}`
  }
  return JSON.stringify(keys.map((key, i) => normalize(groupBy[i]!.kind, key)))
}

function aggregate(spec: AggregateSpec, records: SoqlRecord[], exec: Exec): unknown {
  const { path } = spec
  if (!path) return records.length
  const values: unknown[] = []
  for (const record of records) {
    const value = path.get(record, exec)
    if (!isNull(value)) values.push(value)
  }
  switch (spec.fn) {
    case 'COUNT':
      return values.length
    case 'COUNT_DISTINCT':
      return new Set(values.map((value) => sortKey(path.kind, value))).size
    case 'SUM':
    case 'AVG': {
      if (values.length === 0) return null
      const sum = values.reduce<number>((total, value) => total + Number(value), 0)
      return spec.fn === 'SUM' ? sum : sum / values.length
    }
    case 'MIN':
    case 'MAX': {
      let best: unknown = null
      let bestKey: string | number | null = null
      for (const value of values) {
        const key = sortKey(path.kind, value)
        if (key === null) continue
        if (
          bestKey === null ||
          (spec.fn === 'MIN' ? compareKeys(key, bestKey) < 0 : compareKeys(key, bestKey) > 0)
        ) {
          best = value
          bestKey = key
        }
      }
      return best
    }
  }
}
