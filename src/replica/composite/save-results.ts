/**
 * @module
 * Results of record saves in the SOAP-style shape that sObject Collections and sObject Tree
 * answer with: `{ id, success, errors: [{ statusCode, message, fields }] }`, built from what the
 * native routes answered (their error array `[{ message, errorCode, fields }]`).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections_create.htm
 */
import type { ReplicaErrorCode } from '../errors.js'

export interface SaveError {
  statusCode: string
  message: string
  fields: string[]
}

export interface SaveResult {
  id?: string
  success: boolean
  errors: SaveError[]
  /** Upsert only: true when the record was created. */
  created?: boolean
}

export const ROLLED_BACK_RECORD: SaveError = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message: 'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
}

export function saveError(statusCode: ReplicaErrorCode, message: string, fields: string[] = []): SaveError {
  return { statusCode, message, fields }
}

/** The errors of a native error answer as save errors; anything else as one unknown error. */
export function saveErrors(body: unknown): SaveError[] {
  if (!Array.isArray(body) || body.length === 0) {
    return [saveError('UNKNOWN_EXCEPTION', 'The record could not be saved')]
  }
  return body.map((item) => ({
    statusCode: String(item?.errorCode ?? 'UNKNOWN_EXCEPTION'),
    message: String(item?.message ?? ''),
    fields: Array.isArray(item?.fields) ? item.fields.map(String) : [],
  }))
}
