/**
 * @module
 * The characters of a job's column delimiters, apart from the request schemas (job-schemas.ts)
 * so that the job store, which every native call uses, builds no zod schema of the Bulk API.
 */
import type { ColumnDelimiter } from './job-schemas.js'

/** The delimiters' characters. */
export const DELIMITER_CHAR: Readonly<Record<ColumnDelimiter, string>> = {
  BACKQUOTE: '`',
  CARET: '^',
  COMMA: ',',
  PIPE: '|',
  SEMICOLON: ';',
  TAB: '\t',
}
