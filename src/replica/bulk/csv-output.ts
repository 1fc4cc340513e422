/**
 * @module
 * CSV bodies through csv-stringify, in the job's column delimiter and line ending. Every
 * non-empty value is quoted, as the real API writes result files; `quoteEmpty` also quotes empty
 * cells (ingest results echo the uploaded values that way), otherwise an empty cell (a null) stays
 * bare. Ingest result files stream as the client reads them: each pull writes the next rows.
 * @note Rows go to csv-stringify's synchronous API a batch at a time rather than through its Node
 * stream one object at a time: the same writer, a few times faster on large results. It loads on
 * the first pull.
 */
import { DELIMITER_CHAR } from './csv-dialect.js'
import type { CsvDialect } from './read-csv-upload.js'

export type CsvCell = string | null

export interface CsvOutputOptions extends CsvDialect {
  quoteEmpty: boolean
}

/** Rows written per chunk of a streamed body. */
const CHUNK_ROWS = 500

/** csv-stringify's options for `options`. */
export function writerOptions(options: CsvOutputOptions) {
  return {
    delimiter: DELIMITER_CHAR[options.columnDelimiter],
    record_delimiter: options.lineEnding === 'CRLF' ? ('windows' as const) : ('unix' as const),
    quoted: true,
    quoted_empty: options.quoteEmpty,
  }
}

/** A byte stream of `header` then `rows` (read lazily, a chunk per pull). */
export function csvStream(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  options: CsvOutputOptions,
): ReadableStream<Uint8Array> {
  const writer = writerOptions(options)
  const iterator = rows[Symbol.iterator]()
  let headerWritten = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { stringify } = await import('csv-stringify/sync')
      const batch: (readonly CsvCell[])[] = []
      if (!headerWritten) {
        batch.push(header)
        headerWritten = true
      }
      let next = iterator.next()
      while (!next.done) {
        batch.push(next.value)
        if (batch.length === CHUNK_ROWS) break
        next = iterator.next()
      }
      if (batch.length > 0) controller.enqueue(Buffer.from(stringify(batch, writer)))
      if (next.done) controller.close()
    },
    cancel() {
      iterator.return?.()
    },
  })
}
