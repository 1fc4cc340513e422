/**
 * @module
 * SOQL errors. Each carries a Salesforce `errorCode` and a message in the real API's shape: for errors tied
 * to a place in the query, the message repeats the query row with a caret and
 * `ERROR at Row:R:Column:C` before the detail, as the REST API does. `SoqlError` is a `ReplicaError`, so
 * the native handlers turn it into `[{ message, errorCode, fields }]` like any other; nothing here knows
 * about HTTP.
 */
import { ReplicaError, type ReplicaErrorCode } from '../errors.js'

export type SoqlErrorCode = Extract<
  ReplicaErrorCode,
  | 'MALFORMED_QUERY'
  | 'INVALID_FIELD'
  | 'INVALID_TYPE'
  | 'INVALID_QUERY_FILTER_OPERATOR'
  | 'NUMBER_OUTSIDE_VALID_RANGE'
  // SOQL the replica deliberately does not emulate (TYPEOF, USING SCOPE, toLabel(), ...)
  | 'FEATURE_NOT_ENABLED'
  // bulk query rejections (docs/bulk-api.md), as Bulk API 2.0 reports them when the job is created
  | 'API_ERROR'
>

export interface SoqlPosition {
  /** 1-based row of the query text. */
  row: number
  /** 1-based column in that row. */
  column: number
  /** 0-based character offset in the query text. */
  offset: number
}

export class SoqlError extends ReplicaError {
  override name = 'SoqlError'
  declare readonly code: SoqlErrorCode
  constructor(
    code: SoqlErrorCode,
    message: string,
    /** The message without the query excerpt (what a one-line log or a bulk job's errorMessage wants). */
    readonly detail: string,
    readonly position?: SoqlPosition,
  ) {
    super(code, message)
  }
}

/** Row/column of `offset` in `text` (both 1-based, like Salesforce). */
export function positionOf(text: string, offset: number): SoqlPosition {
  const before = text.slice(0, offset)
  const lineStart = before.lastIndexOf('\n') + 1
  return { row: before.split('\n').length, column: offset - lineStart + 1, offset }
}

// The real API shows a window of the offending row, not the whole query.
const WINDOW_BEFORE = 60
const WINDOW_AFTER = 60

function excerpt(text: string, position: SoqlPosition): string {
  const lineStart = position.offset - (position.column - 1)
  let lineEnd = text.indexOf('\n', lineStart)
  if (lineEnd < 0) lineEnd = text.length
  const line = text.slice(lineStart, lineEnd).replace(/\r$/, '')
  const caretAt = position.column - 1
  const from = Math.max(0, caretAt - WINDOW_BEFORE)
  const to = Math.min(line.length, caretAt + WINDOW_AFTER)
  return `${line.slice(from, to)}\n${' '.repeat(caretAt - from)}^`
}

/**
 * An error for `detail`; with the query `text` and an `offset` the message carries the excerpt and
 * `ERROR at Row:R:Column:C` like the real API.
 */
export function soqlError(code: SoqlErrorCode, detail: string, text?: string, offset?: number): SoqlError {
  if (text === undefined || offset === undefined) return new SoqlError(code, detail, detail)
  const position = positionOf(text, offset)
  const message = `\n${excerpt(text, position)}\nERROR at Row:${position.row}:Column:${position.column}\n${detail}`
  return new SoqlError(code, message, detail, position)
}

/**
 * A SOQL feature the replica deliberately does not emulate: fails loudly, naming the feature, with the
 * code the rest of the replica uses for that (`FEATURE_NOT_ENABLED`, see `UnsupportedFeatureError`).
 */
export function unsupported(feature: string, text?: string, offset?: number): SoqlError {
  return soqlError('FEATURE_NOT_ENABLED', `${feature} is not supported by the replica`, text, offset)
}
