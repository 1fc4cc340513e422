/**
 * @module
 * Results of record saves in the SOAP-style shape that sObject Collections and sObject Tree
 * answer with: `{ id, success, errors: [{ statusCode, message, fields }] }`, a record service
 * error becoming one save error.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections_create.htm
 */
import type { ReplicaError, ReplicaErrorCode } from '../errors.js'

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

/** A record service error as the save error it reports. */
export function saveErrorOf(error: ReplicaError): SaveError {
  return saveError(error.code, error.message, [...error.fields])
}
