/**
 * @module
 * Result CSV bodies, streamed through csv-stringify row by row as the client reads them (never
 * built as one string), in the job's column delimiter and line ending. Every non-empty value is
 * quoted, as the real API writes result files; `quoteEmpty` also quotes empty cells (ingest
 * results echo the uploaded values that way), otherwise an empty cell (a null) stays bare.
 */
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { DELIMITER_CHAR } from './job-schemas.js'
import type { CsvDialect } from './read-csv-upload.js'

export type CsvCell = string | null

export interface CsvOutputOptions extends CsvDialect {
  quoteEmpty: boolean
}

/** A byte stream of `header` then `rows` (read lazily, with backpressure). */
export function csvStream(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  options: CsvOutputOptions,
): ReadableStream<Uint8Array> {
  const stringifier = stringify({
    delimiter: DELIMITER_CHAR[options.columnDelimiter],
    record_delimiter: options.lineEnding === 'CRLF' ? 'windows' : 'unix',
    quoted: true,
    quoted_empty: options.quoteEmpty,
  })
  const source = Readable.from(withHeader(header, rows), { objectMode: true })
  source.on('error', (error) => stringifier.destroy(error))
  source.pipe(stringifier)
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>
}

function* withHeader(header: readonly string[], rows: Iterable<readonly CsvCell[]>) {
  yield header
  yield* rows
}
