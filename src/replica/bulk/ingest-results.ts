/**
 * @module
 * The three result files of a finished ingest job, in upload order with the uploaded header and
 * values echoed: `successfulResults` (`sf__Id`, `sf__Created`, then the row), `failedResults`
 * (`sf__Id`, `sf__Error` as `CODE:message`, then the row) and `unprocessedrecords` (the rows
 * never processed: all of them for a job that failed or was aborted before processing).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/get_job_successful_results.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/get_job_failed_results.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/get_job_unprocessed_results.htm
 */
import type { IngestJob } from './bulk-job.js'
import { type CsvCell, csvStream } from './csv-output.js'

export const INGEST_RESULTS = ['successfulResults', 'failedResults', 'unprocessedrecords'] as const
export type IngestResultKind = (typeof INGEST_RESULTS)[number]

export function ingestResults(job: IngestJob, kind: IngestResultKind): ReadableStream<Uint8Array> {
  const header = job.upload?.header ?? []
  const dialect = { columnDelimiter: job.columnDelimiter, lineEnding: job.lineEnding, quoteEmpty: true }
  switch (kind) {
    case 'successfulResults':
      return csvStream(['sf__Id', 'sf__Created', ...header], successes(job), dialect)
    case 'failedResults':
      return csvStream(['sf__Id', 'sf__Error', ...header], failures(job), dialect)
    case 'unprocessedrecords':
      return csvStream(header, unprocessed(job), dialect)
  }
}

function* successes(job: IngestJob): Generator<CsvCell[]> {
  const outcome = job.outcome
  if (!outcome) return
  const rows = job.upload!.rows
  for (let index = 0; index < outcome.written; index++) {
    if (outcome.errors.has(index)) continue
    yield [outcome.ids[index]!, outcome.created[index] ? 'true' : 'false', ...rows.row(index)]
  }
}

function* failures(job: IngestJob): Generator<CsvCell[]> {
  const outcome = job.outcome
  if (!outcome) return
  const rows = job.upload!.rows
  const failed = [...outcome.errors.keys()].sort((a, b) => a - b)
  for (const index of failed) {
    yield [outcome.ids[index] ?? '', outcome.errors.get(index)!, ...rows.row(index)]
  }
}

function* unprocessed(job: IngestJob): Generator<CsvCell[]> {
  const rows = job.upload?.rows
  if (!rows) return
  for (let index = job.outcome?.written ?? 0; index < rows.length; index++) yield rows.row(index)
}
