/**
 * @module
 * Pages of a query job's results: `GET .../results?locator=&maxRecords=` answers CSV rows from the
 * locator's place, `maxRecords` of them (default 50,000, spec "Limits"), with the next page's
 * locator in `Sforce-Locator` and `Vendor-Locator` (the string `null` on the last page) and the
 * row count in `Sforce-NumberOfRecords`. `resultPages` (API 58.0+) lists up to five page URLs.
 *
 * Size: a page also stops before its CSV could pass `MAX_PAGE_BYTES` (the gateway's 4 MiB
 * response cap), so it is never refused as `response_too_large`, whatever `maxRecords` says. The real API also returns
 * fewer rows than `maxRecords` when a set would be too large ("the request is still subject to the
 * size limits"), and clients follow `Sforce-Locator` until it is `null`. Page ends come from an
 * upper bound of each row's CSV size (bytes + quotes + delimiters), summed once per job.
 *
 * A locator names its job and its place; another job's locator is refused, never served.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/query_get_job_results.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/query_get_parallel_job_results.htm
 */
import { ReplicaError } from '../errors.js'
import type { QueryJob, QueryRows } from './bulk-job.js'
import { type CsvCell, csvStream } from './csv-output.js'

export const DEFAULT_PAGE_ROWS = 50_000
/** The gateway's response cap (exactly 4 MiB passes): page sizes are bounded from above, so a page fits. */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024
/** Page links per `resultPages` answer. */
export const PAGES_PER_ANSWER = 5

export interface ResultsPage {
  body: ReadableStream<Uint8Array>
  headers: Record<string, string>
}

/** One page of results from `locator` (the first page without one). */
export function resultsPage(job: QueryJob, locator: string | undefined, maxRecords?: number): ResultsPage {
  const result = job.result!
  const start = locator === undefined ? 0 : placeOf(job, locator)
  const end = pageEnd(result, start, maxRecords ?? DEFAULT_PAGE_ROWS)
  const next = end < result.length ? locatorOf(job, end) : 'null'
  return {
    body: csvStream(result.columns, rowsBetween(result, start, end), {
      columnDelimiter: job.columnDelimiter,
      lineEnding: job.lineEnding,
      quoteEmpty: false,
    }),
    headers: {
      'Sforce-Locator': next,
      'Vendor-Locator': next,
      'Sforce-NumberOfRecords': String(end - start),
    },
  }
}

/** `resultPages`: up to five page URLs from `locator`, and the URL of the next five. */
export function resultPages(job: QueryJob, locator: string | undefined, base: string) {
  const result = job.result!
  const jobUrl = `${base}/jobs/query/${job.id}`
  let start = locator === undefined ? 0 : placeOf(job, locator)
  const pages: { resultUrl: string }[] = []
  do {
    pages.push({ resultUrl: `${jobUrl}/results?locator=${locatorOf(job, start)}` })
    start = pageEnd(result, start, DEFAULT_PAGE_ROWS)
  } while (start < result.length && pages.length < PAGES_PER_ANSWER)
  const done = start >= result.length
  return {
    resultPages: pages,
    nextRecordsUrl: done ? null : `${jobUrl}/resultPages?locator=${locatorOf(job, start)}`,
    done,
  }
}

/** Rows `[start, end)`, each built as the page's writer takes it (so each dies young). */
function* rowsBetween(result: QueryRows, start: number, end: number): Generator<CsvCell[]> {
  const width = result.columns.length
  for (let index = start; index < end; index++) {
    const row = new Array<CsvCell>(width)
    for (let column = 0; column < width; column++) row[column] = result.cell(index, column)
    yield row
  }
}

/** Where the page from `start` ends: at most `limit` rows and `MAX_PAGE_BYTES` of CSV, at least one row. */
export function pageEnd(result: QueryRows, start: number, limit: number): number {
  const total = result.length
  const last = Math.min(total, start + limit)
  if (start >= last) return last
  if (!result.sizes) result.sizes = rowSizes(result)
  const sizes = result.sizes
  const { columns } = result
  const budget = MAX_PAGE_BYTES - rowSize(columns.length, (column) => columns[column]!)
  // the last end whose rows fit the budget (binary search over the prefix sums)
  let low = start + 1
  let high = last
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (sizes[middle]! - sizes[start]! <= budget) low = middle
    else high = middle - 1
  }
  return low
}

/** Prefix sums of the rows' size bounds: `sizes[i]` is the bound of rows `0..i-1`. */
function rowSizes(result: QueryRows): Float64Array {
  const width = result.columns.length
  const sizes = new Float64Array(result.length + 1)
  for (let index = 0; index < result.length; index++) {
    sizes[index + 1] = sizes[index]! + rowSize(width, (column) => result.cell(index, column))
  }
  return sizes
}

/** A bound of a row's CSV bytes: each value quoted, its quotes doubled, delimiters and CRLF. */
function rowSize(width: number, cell: (column: number) => CsvCell): number {
  let size = width + 1
  for (let column = 0; column < width; column++) size += cellSize(cell(column))
  return size
}

/** A cell's bytes quoted, its quotes doubled (an empty cell: none). */
function cellSize(value: CsvCell): number {
  if (value === null) return 0
  let size = Buffer.byteLength(value) + 2
  for (let at = value.indexOf('"'); at >= 0; at = value.indexOf('"', at + 1)) size++
  return size
}

function locatorOf(job: QueryJob, place: number): string {
  return Buffer.from(`${job.id}:${place}`).toString('base64url')
}

function placeOf(job: QueryJob, locator: string): number {
  const text = /^[0-9A-Za-z_-]{1,64}$/.test(locator) ? Buffer.from(locator, 'base64url').toString() : ''
  const match = /^([0-9A-Za-z]{18}):(\d{1,9})$/.exec(text)
  if (!match || match[1] !== job.id || Number(match[2]) > job.result!.length) {
    throw new ReplicaError(
      'INVALID_QUERY_LOCATOR',
      `Invalid locator: ${locator} is not a locator of job ${job.id} (use the Sforce-Locator header of its previous results page)`,
    )
  }
  return Number(match[2])
}
