/**
 * @module
 * The exceptions the org's code meets, named as Apex names them, and the message an uncaught one
 * leaves in the `APEX_ERROR` answer (`System.DmlException: Insert failed. First exception on row
 * 0; first error: FIELD_CUSTOM_VALIDATION_EXCEPTION, ...`), as a real org writes it.
 * @see https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/apex_classes_exception_methods.htm
 */
import type { ReplicaError } from '../errors.js'

export type DmlOperation = 'Insert' | 'Update' | 'Upsert' | 'Delete'

/** A write of the records API failed; nothing of it was stored. */
export class DmlException extends Error {
  override name = 'System.DmlException'
  /** The Salesforce `errorCode` (`FIELD_CUSTOM_VALIDATION_EXCEPTION`, `REQUIRED_FIELD_MISSING`, ...). */
  readonly code: string
  readonly fields: readonly string[]
  constructor(operation: DmlOperation, error: ReplicaError) {
    const fields = error.fields.length > 0 ? `: [${error.fields.join(', ')}]` : ': []'
    super(
      `${operation} failed. First exception on row 0; first error: ${error.code}, ${error.message}${fields}`,
      {
        cause: error,
      },
    )
    this.code = error.code
    this.fields = error.fields
  }
}

/** A query of the records API could not run. */
export class QueryException extends Error {
  override name = 'System.QueryException'
  readonly code: string
  constructor(error: ReplicaError) {
    super(error.message, { cause: error })
    this.code = error.code
  }
}

/** The call ran past its time (`apexTimeoutMs`). */
export class LimitException extends Error {
  override name = 'System.LimitException'
}

/** The message of an uncaught throw as the `APEX_ERROR` answer gives it: `Type: message`. */
export function apexErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name
  return `Unhandled exception: ${typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))}`
}
