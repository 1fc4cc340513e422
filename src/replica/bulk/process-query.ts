/**
 * @module
 * Query jobs: the SOQL is checked when the job is created (spec bulk rule 5, `validateForBulk`:
 * grouping, aggregates, OFFSET, TYPEOF, subqueries, compound fields and FIELDS(ALL|CUSTOM) are
 * refused with the real codes), and run once when the job is due. Its rows are kept as CSV text
 * values, so every results page reads the data as it was when the job ran (a snapshot), as the
 * real API's result files do. Columns follow the SELECT order from API 50.0 and are sorted
 * alphabetically below it (spec bulk rule 3).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/queries.htm
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import { parseApiVersion } from '../metadata/api-version.js'
import type { RecordStore } from '../records/record-store.js'
import { createSoqlDataSource } from '../records/soql-data-source.js'
import { selectSoqlValues, validateForBulk, valueAt } from '../soql/index.js'
import type { QueryJob, QueryRows } from './bulk-job.js'
import { csvValue } from './csv-values.js'

/** From this API version the CSV columns follow the SELECT order; below it, alphabetical. */
export const SELECT_ORDER_SINCE = 50

export interface QueryDeps {
  metadata: MetadataService
  store: RecordStore
  clock: { now(): Date }
}

/** Compiles `query` as `view` sees the schema, refusing what bulk query jobs do not run. */
export function compileBulkQuery(deps: QueryDeps, query: string, view: MetadataView) {
  const source = createSoqlDataSource(deps.metadata, deps.store, view, deps.clock)
  return { compiled: validateForBulk(query, source), source }
}

/** Runs the job's query and keeps its rows as CSV values. */
export function runQuery(job: QueryJob): QueryRows {
  const compiled = job.compiled!
  const values = selectSoqlValues(compiled, job.source!, {
    includeDeleted: job.operation === 'queryAll',
  })
  const { width, blocks } = values
  const fields = compiled.fields.map((path) => path.field)
  // columns in SELECT order from 50.0, alphabetical below it: `order[i]` is the query column shown at i
  const order = fields.map((_, index) => index)
  if (parseApiVersion(job.apiVersion)! < SELECT_ORDER_SINCE) {
    const lower = compiled.columns.map((column) => column.toLowerCase())
    order.sort((a, b) => (lower[a]! < lower[b]! ? -1 : lower[a]! > lower[b]! ? 1 : 0))
  }
  // the values become the cells in place (a row's values are read before any is written)
  const row = new Array<unknown>(width)
  for (const block of blocks) {
    for (let start = 0; start < block.length; start += width) {
      for (let column = 0; column < width; column++) row[column] = block[start + column]
      for (let at = 0; at < width; at++) block[start + at] = csvValue(fields[order[at]!]!, row[order[at]!])
    }
  }
  // the compiled query holds the data source: let both go once the values are kept
  job.compiled = undefined
  job.source = undefined
  return {
    columns: order.map((index) => compiled.columns[index]!),
    length: values.length,
    cell: (index, column) => valueAt(values, index, column) as string | null,
  }
}
