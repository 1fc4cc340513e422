/**
 * @module
 * Query jobs: the SOQL is checked when the job is created (docs/bulk-api.md, `validateForBulk`:
 * grouping, aggregates, OFFSET, TYPEOF, subqueries, compound fields and FIELDS(ALL|CUSTOM) are
 * refused with the real codes), and run once when the job is due. Its rows are kept as arrays of
 * the values read then, so every results page shows the data as it was when the job ran (a
 * snapshot), as the real API's result files do. Columns follow the SELECT order from API 50.0 and
 * are sorted alphabetically below it (docs/bulk-api.md).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/queries.htm
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import { parseApiVersion } from '../metadata/api-version.js'
import type { RecordStore } from '../records/record-store.js'
import { createSoqlDataSource } from '../records/soql-data-source.js'
import { selectSoqlValues, validateForBulk } from '../soql/index.js'
import type { QueryJob, QueryResult } from './bulk-job.js'

/** From this API version the CSV columns follow the SELECT order; below it, alphabetical. */
export const SELECT_ORDER_SINCE = 50

export interface QueryDeps {
  metadata: MetadataService
  store: RecordStore
  clock: { now(): Date }
}

/** Compiles `query` as `view` sees the schema, refusing what bulk query jobs do not run. */
export function compileBulkQuery(deps: QueryDeps, query: string, view: MetadataView, userId?: string) {
  const source = createSoqlDataSource(deps.metadata, deps.store, view, deps.clock, userId)
  return { compiled: validateForBulk(query, source), source }
}

/** Runs the job's query and keeps its rows, columns in the order the job's API version shows them. */
export function runQuery(job: QueryJob): QueryResult {
  const compiled = job.compiled!
  const rows = selectSoqlValues(compiled, job.source!, { includeDeleted: job.operation === 'queryAll' })
  // the compiled query holds the data source: let both go once the rows are kept
  job.compiled = undefined
  job.source = undefined
  const fields = compiled.fields.map((path) => path.field)
  if (parseApiVersion(job.apiVersion)! >= SELECT_ORDER_SINCE)
    return { columns: compiled.columns, fields, rows }
  // `order[i]` is the query column shown at i
  const order = compiled.columns.map((_, index) => index)
  const lower = compiled.columns.map((column) => column.toLowerCase())
  order.sort((a, b) => (lower[a]! < lower[b]! ? -1 : lower[a]! > lower[b]! ? 1 : 0))
  return {
    columns: order.map((index) => compiled.columns[index]!),
    fields: order.map((index) => fields[index]!),
    rows: rows.map((row) => order.map((index) => row[index])),
  }
}
