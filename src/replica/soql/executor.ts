/**
 * @module
 * Runs a compiled query over a data source: matches, sorts and pages the records, renders them
 * like the REST query resource (render-rows.ts) when a page is asked for, aggregates as
 * `AggregateResult` rows. Every row visited counts against the query's budget (query-budget.ts).
 * Equality on indexed fields (id, external id, reference) and semi-joins go through the data source's
 * `get`/`findBy` instead of a scan; without ORDER BY the scan stops once LIMIT + OFFSET rows matched.
 */
import type { SoqlDataSource, SoqlRecord } from './data-source.js'
import { compileSoql } from './compile/compile-query.js'
import type { AggregateSpec, CompiledQuery, GroupRow, IndexHint } from './compile/compiled-query.js'
import { QueryBudget, type QueryBudgetOptions, UNBOUNDED } from './query-budget.js'
import { type Exec, page, renderRecord, type SoqlResult, type SoqlRow } from './render-rows.js'
import { sortRows } from './sort-rows.js'
import { compareKeys, isNull, normalize, sortKey, type ValueKind } from './values.js'

export type { SoqlResult, SoqlRow } from './render-rows.js'

export interface ExecuteOptions {
  /** `queryAll`: include records in the recycle bin. Default false. */
  includeDeleted?: boolean
  /**
   * Builds `attributes.url` of a record (the handler knows the API version):
   * `(object, id) => \`/services/data/v60.0/sobjects/${object}/${id}\``. Without it rows have no url.
   */
  recordUrl?: (object: string, id: string) => string
  /** Work the query may do before it fails with `QUERY_TIMEOUT`. @default unbounded */
  budget?: QueryBudgetOptions
}

/**
 * A query's result, rendered on demand: the records are matched, sorted and paged at once, each
 * page's rows are rendered when asked for (a 100k-row result renders only the pages read).
 */
export interface SoqlRows {
  /** `totalSize` as the REST API reports it (for `SELECT COUNT()` the count). */
  readonly totalSize: number
  /** Rows there are to render (0 for `SELECT COUNT()`). */
  readonly length: number
  /** The flattened column list (`Account.Name`). */
  readonly columns: string[]
  /** Rows `[from, to)`, rendered now; counts against the current budget. */
  slice(from: number, to: number): SoqlRow[]
  /** A fresh budget for the next `slice` (a later request for the next page). */
  renew(): void
  /**
   * `FOR VIEW` / `FOR REFERENCE`: the field to stamp on every record the query returns (the
   * caller writes it; the engine only reads).
   */
  readonly marks?: { field: 'LastViewedDate' | 'LastReferencedDate'; ids: readonly string[] }
}

/**
 * Parse, compile and execute in one call, every row rendered; also returns the flattened column
 * list, and what `FOR VIEW` / `FOR REFERENCE` asks the caller to stamp.
 */
export function querySoql(
  text: string,
  source: SoqlDataSource,
  options: ExecuteOptions = {},
): SoqlResult & { columns: string[]; marks?: SoqlRows['marks'] } {
  const rows = openSoql(text, source, options)
  const records = rows.slice(0, rows.length)
  return {
    totalSize: rows.totalSize,
    done: true,
    records,
    columns: rows.columns,
    ...(rows.marks && { marks: rows.marks }),
  }
}

/** Parse, compile and match; rows are rendered when a page is asked for. */
export function openSoql(text: string, source: SoqlDataSource, options: ExecuteOptions = {}): SoqlRows {
  const budget = new QueryBudget(options.budget ?? UNBOUNDED)
  const compiled = compileSoql(text, source)
  return runSoql(compiled, source, options, budget)
}

/**
 * Runs a records query and reads its column values as they are now, one array per row
 * (`compiled.fields[i]` says what column `i` is): a bulk query job keeps them for its pages.
 * Values are stored values (`null` for a null field or a missing parent).
 */
export function selectSoqlValues(
  compiled: CompiledQuery,
  source: SoqlDataSource,
  options: ExecuteOptions = {},
): unknown[][] {
  if (compiled.kind !== 'records') {
    throw new TypeError('[replica-mock] Failed to select column values: the query is not a records query')
  }
  const exec = createExec(compiled, source, options, new QueryBudget(options.budget ?? UNBOUNDED))
  const getters = compiled.fields.map((path) => path.get)
  return selectRecords(compiled, exec).map((record) =>
    getters.map((get) => {
      const value = get(record, exec)
      return isNull(value) ? null : value
    }),
  )
}

function runSoql(
  compiled: CompiledQuery,
  source: SoqlDataSource,
  options: ExecuteOptions,
  budget: QueryBudget,
): SoqlRows {
  const exec = createExec(compiled, source, options, budget)
  const { columns } = compiled
  const renew = () => {
    exec.budget = new QueryBudget(budget.options)
  }

  if (compiled.kind === 'count') {
    const offset = compiled.offset ?? 0
    const limit = compiled.limit ?? Number.POSITIVE_INFINITY
    const matched = matchRecords(compiled, exec, offset + limit).length
    const totalSize = Math.max(0, Math.min(matched - offset, limit))
    return { totalSize, length: 0, columns, slice: () => [], renew }
  }
  if (compiled.kind === 'aggregate') {
    const records = runAggregate(compiled, exec)
    const slice = (from: number, to: number) => records.slice(from, to)
    return { totalSize: records.length, length: records.length, columns, slice, renew }
  }
  const rows = selectRecords(compiled, exec)
  const { output, object, marks } = compiled
  return {
    totalSize: rows.length,
    length: rows.length,
    columns,
    slice: (from, to) => rows.slice(from, to).map((record) => renderRecord(output, object, record, exec)),
    renew,
    ...(marks && { marks: { field: marks, ids: rows.map((record) => record.Id) } }),
  }
}

function createExec(
  compiled: CompiledQuery,
  source: SoqlDataSource,
  options: ExecuteOptions,
  budget: QueryBudget,
): Exec {
  const includeDeleted = options.includeDeleted ?? false
  const exec: Exec = {
    records: source.records,
    includeDeleted,
    semiJoinValues: new Map(),
    recordUrl: options.recordUrl,
    scan: { includeDeleted },
    budget,
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
  return page(unordered ? matched : sortRows(matched, compiled.orderBy, exec, offset + limit), offset, limit)
}

// ---- matching ----

function matchRecords(compiled: CompiledQuery, exec: Exec, stopAfter?: number): SoqlRecord[] {
  const object = compiled.object.def.name
  const hinted = compiled.where?.hint ? candidates(compiled.where.hint, object, exec) : undefined
  const source = hinted ?? exec.records.scan(object, exec.scan)
  const test = compiled.where?.test
  const { budget } = exec
  const out: SoqlRecord[] = []
  if (stopAfter === 0) return out
  for (const record of source) {
    budget.spend()
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
      exec.budget.spend()
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

// ---- aggregates ----

function runAggregate(compiled: CompiledQuery, exec: Exec): SoqlRow[] {
  const plan = compiled.aggregate!
  const matched = matchRecords(compiled, exec)
  const buckets = new Map<string, { keys: unknown[]; records: SoqlRecord[] }>()
  if (plan.groupBy.length === 0) buckets.set('', { keys: [], records: matched })
  else {
    for (const record of matched) {
      exec.budget.pulse()
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
  const offset = compiled.offset ?? 0
  const limit = compiled.limit ?? Number.POSITIVE_INFINITY
  if (plan.orderBy.length > 0) groups = sortRows(groups, plan.orderBy, exec, offset + limit)
  groups = page(groups, offset, limit)
  return groups.map((group) => {
    const row: SoqlRow = { attributes: { type: 'AggregateResult' } }
    for (const column of plan.output)
      row[column.key] = column.source === 'group' ? group.keys[column.index] : group.values[column.index]
    return row
  })
}

/** Values that group together (text case-insensitively) share an id. */
function groupId(keys: unknown[], groupBy: readonly { kind: ValueKind }[]): string {
  return JSON.stringify(keys.map((key, i) => normalize(groupBy[i]!.kind, key)))
}

function aggregate(spec: AggregateSpec, records: SoqlRecord[], exec: Exec): unknown {
  const { path } = spec
  if (!path) return records.length
  const values: unknown[] = []
  for (const record of records) {
    exec.budget.pulse()
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
