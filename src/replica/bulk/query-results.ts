/**
 * @module
 * Pages of a query job's results: `GET .../results?locator=&maxRecords=` answers CSV rows from the
 * locator's place, `maxRecords` of them (default 50,000, docs/limits.md), with the next page's
 * locator in `Sforce-Locator` and `Vendor-Locator` (the string `null` on the last page) and the
 * row count in `Sforce-NumberOfRecords`. `resultPages` (API 58.0+) lists up to five page URLs.
 *
 * Size: a page also ends before its CSV would pass `MAX_NATIVE_BODY_BYTES` (the gateway's 4 MiB response
 * cap), so it is never refused as `response_too_large`, whatever `maxRecords` says. The real API
 * also returns fewer rows than `maxRecords` when a set would be too large, and clients follow
 * `Sforce-Locator` until it is `null`. A page's end is found while writing it (its headers name
 * the next page, so the page is written before it is sent); `resultPages` finds page ends the same
 * way, so its URLs name exactly the pages `results` answers.
 *
 * A locator names its job and its place; another job's locator is refused, never served.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/query_get_job_results.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/query_get_parallel_job_results.htm
 */
import { stringify } from 'csv-stringify/sync'
import { ReplicaError } from '../errors.js'
import type { QueryJob, QueryResult } from './bulk-job.js'
import { type CsvCell, writerOptions } from './csv-output.js'
import { csvValue } from './csv-values.js'
import { MAX_NATIVE_BODY_BYTES } from '../native-call.js'
import type { CsvDialect } from './read-csv-upload.js'

export const DEFAULT_PAGE_ROWS = 50_000
/** Page links per `resultPages` answer. */
export const PAGES_PER_ANSWER = 5
/** Rows written at a time; the batch that would pass the size cap is written again row by row. */
const BATCH_ROWS = 500

export interface ResultsPage {
  body: string
  headers: Record<string, string>
}

/** One page of results from `locator` (the first page without one). */
export function resultsPage(job: QueryJob, locator: string | undefined, maxRecords?: number): ResultsPage {
  const result = job.result!
  const start = locator === undefined ? 0 : placeOf(job, locator)
  const page = writePage(result, start, maxRecords ?? DEFAULT_PAGE_ROWS, job)
  const next = page.end < result.rows.length ? locatorOf(job, page.end) : 'null'
  return {
    body: page.text,
    headers: {
      'Sforce-Locator': next,
      'Vendor-Locator': next,
      'Sforce-NumberOfRecords': String(page.end - start),
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
    start = writePage(result, start, DEFAULT_PAGE_ROWS, job).end
  } while (start < result.rows.length && pages.length < PAGES_PER_ANSWER)
  const done = start >= result.rows.length
  return {
    resultPages: pages,
    nextRecordsUrl: done ? null : `${jobUrl}/resultPages?locator=${locatorOf(job, start)}`,
    done,
  }
}

/**
 * The CSV of the page from row `start`: the header, then rows until `limit` of them are written
 * or the next would take the text past `MAX_NATIVE_BODY_BYTES` (a page has at least one row, though);
 * `end` is the row after its last.
 */
export function writePage(
  result: QueryResult,
  start: number,
  limit: number,
  dialect: CsvDialect,
): { text: string; end: number } {
  const options = writerOptions({ ...dialect, quoteEmpty: false })
  const last = Math.min(result.rows.length, start + limit)
  const parts = [stringify([result.columns], options)]
  let bytes = Buffer.byteLength(parts[0]!)
  let end = start
  let batch = BATCH_ROWS
  while (end < last) {
    const to = Math.min(last, end + batch)
    const text = stringify(cellsOf(result, end, to), options)
    const size = Buffer.byteLength(text)
    if (bytes + size <= MAX_NATIVE_BODY_BYTES || (end === start && to === start + 1)) {
      parts.push(text)
      bytes += size
      end = to
    } else if (to > end + 1) {
      // the cap falls in this batch: go on a row at a time
      batch = 1
    } else break
  }
  return { text: parts.join(''), end }
}

/** Rows `[from, to)` as CSV cells. */
function cellsOf(result: QueryResult, from: number, to: number): CsvCell[][] {
  return result.rows
    .slice(from, to)
    .map((row) => row.map((value, column) => csvValue(result.fields[column]!, value)))
}

function locatorOf(job: QueryJob, place: number): string {
  return Buffer.from(`${job.id}:${place}`).toString('base64url')
}

function placeOf(job: QueryJob, locator: string): number {
  const text = /^[0-9A-Za-z_-]{1,64}$/.test(locator) ? Buffer.from(locator, 'base64url').toString() : ''
  const match = /^([0-9A-Za-z]{18}):(\d{1,9})$/.exec(text)
  if (!match || match[1] !== job.id || Number(match[2]) > job.result!.rows.length) {
    throw new ReplicaError(
      'INVALID_QUERY_LOCATOR',
      `Invalid locator: ${locator} is not a locator of job ${job.id} (use the Sforce-Locator header of its previous results page)`,
    )
  }
  return Number(match[2])
}
