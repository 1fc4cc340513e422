/**
 * @module
 * Reads the CSV data of an ingest upload as it streams in, through csv-parse (never as one string):
 * the header row first (bound to the object by `resolveHeader`, so a bad column stops the read
 * early), then every row. Anything malformed — unbalanced quotes, a row with more or fewer values
 * than the header, an unknown or repeated column, a byte order mark — refuses the whole upload
 * with `INVALIDBATCH` naming the line: nothing of it is kept. Empty lines are skipped. csv-parse
 * loads with the first upload.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/datafiles_csv_valid_record_rows.htm
 */
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { ReplicaError } from '../errors.js'
import type { UploadedData } from './bulk-job.js'
import { invalidBatch, type ResolvedColumn } from './header-columns.js'
import { DELIMITER_CHAR } from './csv-dialect.js'
import type { ColumnDelimiter, LineEnding } from './job-schemas.js'
import { RowTable } from './row-table.js'

/** The parser takes the body this much at a time, so it never holds the records of a whole upload. */
const SLICE_BYTES = 64 * 1024

const EMPTY = 'The CSV data is empty: its first row names the fields, the rows to load follow'

export interface CsvDialect {
  columnDelimiter: ColumnDelimiter
  lineEnding: LineEnding
}

/** The csv-parse options of a job's dialect (its data and, in csv-stringify terms, its results). */
export function parseOptions(dialect: CsvDialect) {
  return {
    delimiter: DELIMITER_CHAR[dialect.columnDelimiter],
    record_delimiter: dialect.lineEnding === 'CRLF' ? '\r\n' : '\n',
    skip_empty_lines: true,
    relax_column_count: false,
    relax_quotes: false,
    bom: false,
  }
}

/**
 * Parses `body` (the request body stream, or a part of a multipart one).
 * @param bindHeader resolves the header row; it throws to refuse the upload
 */
export async function readCsvUpload(
  body: ReadableStream<Uint8Array> | null,
  dialect: CsvDialect,
  bindHeader: (header: string[]) => ResolvedColumn[],
): Promise<UploadedData> {
  if (!body) throw invalidBatch(EMPTY)
  const { CsvError, parse } = await import('csv-parse')
  const source = Readable.from(slices(body))
  const parser = parse(parseOptions(dialect))
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)
  let header: string[] | undefined
  let columns: ResolvedColumn[] = []
  let rows = new RowTable(0)
  // records as 'data' events: an async iterator costs a few promises and a `read()` per record
  parser.on('data', (record: string[]) => {
    if (parser.destroyed) return // the rest of a refused upload's chunk
    try {
      if (header === undefined) {
        header = record
        columns = bindHeader(header)
        rows = new RowTable(header.length)
      } else rows.push(record)
    } catch (error) {
      parser.destroy(error as Error)
    }
  })
  try {
    await finished(parser)
  } catch (error) {
    source.destroy()
    if (error instanceof CsvError) throw invalidBatch(`Failed to parse the CSV data: ${error.message}`)
    if (error instanceof ReplicaError) throw error
    // the body itself could not be read (a corrupt gzip body, a dropped connection)
    throw invalidBatch(`Failed to read the CSV data: ${(error as Error).message}`)
  }
  if (header === undefined) throw invalidBatch(EMPTY)
  return { header, columns, rows }
}

/**
 * The body's chunks cut into views of at most SLICE_BYTES (no copy), with a turn of the event loop
 * between two views: in-process a body is one chunk, which would otherwise be parsed in one go
 * (40,000 short rows in 280 KB held the loop ~64 ms).
 */
async function* slices(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  let first = true
  for await (const chunk of body as NodeReadableStream<Uint8Array>) {
    for (let at = 0; at < chunk.byteLength; at += SLICE_BYTES) {
      if (!first) await yieldToEventLoop()
      first = false
      yield chunk.subarray(at, at + SLICE_BYTES)
    }
  }
}
