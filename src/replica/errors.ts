/**
 * @module
 * The replica's domain errors. `code` is the Salesforce `errorCode`, `fields` the API names the
 * error is about; the native handlers turn them into `[{ message, errorCode, fields }]` and pick
 * the HTTP status from the code, once, at the boundary (no status here).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm
 */

/** Salesforce `errorCode` values the replica raises. */
export type ReplicaErrorCode =
  | 'NOT_FOUND'
  | 'INVALID_TYPE'
  | 'INVALID_FIELD'
  | 'INVALID_FIELD_FOR_INSERT_UPDATE'
  | 'REQUIRED_FIELD_MISSING'
  | 'INVALID_TYPE_ON_FIELD_IN_RECORD'
  | 'JSON_PARSER_ERROR'
  | 'STRING_TOO_LONG'
  | 'NUMBER_OUTSIDE_VALID_RANGE'
  | 'INVALID_EMAIL_ADDRESS'
  | 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST'
  | 'INVALID_CROSS_REFERENCE_KEY'
  | 'MALFORMED_ID'
  | 'FIELD_INTEGRITY_EXCEPTION'
  | 'ENTITY_IS_DELETED'
  | 'DELETE_FAILED'
  | 'DUPLICATE_VALUE'
  | 'DUPLICATE_EXTERNAL_ID'
  | 'FIELD_CUSTOM_VALIDATION_EXCEPTION'
  | 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY'
  | 'INSUFFICIENT_ACCESS_OR_READONLY'
  | 'MALFORMED_QUERY'
  | 'MALFORMED_SEARCH'
  | 'INVALID_SEARCH'
  | 'API_ERROR'
  | 'INVALID_QUERY_FILTER_OPERATOR'
  | 'API_DISABLED_FOR_ORG'
  | 'FEATURE_NOT_ENABLED'
  | 'METHOD_NOT_ALLOWED'
  | 'INVALID_QUERY_LOCATOR'
  | 'INVALID_BATCH_SIZE'
  | 'QUERY_TIMEOUT'
  // conditional requests (conditional-requests.ts)
  | 'PRECONDITION_FAILED'
  | 'UNKNOWN_EXCEPTION'
  // composite, batch, graph, tree and sObject Collections (src/replica/composite)
  | 'PROCESSING_HALTED'
  | 'BATCH_PROCESSING_HALTED'
  | 'ALL_OR_NONE_OPERATION_ROLLED_BACK'
  | 'EXCEEDED_ID_LIMIT'
  | 'LIMIT_EXCEEDED'
  | 'EXCEEDED_MAX_SIZE_REQUEST'
  | 'INVALID_INPUT'
  | 'MISSING_ARGUMENT'
  // data replication (sObject Get Updated / Get Deleted)
  | 'INVALID_REPLICATION_DATE'
  // Bulk API 2.0 (src/replica/bulk)
  | 'INVALIDJOB'
  | 'INVALIDJOBSTATE'
  | 'INVALIDBATCH'
  | 'JOB_NOT_COMPLETE'
  | 'CONFLICT'
  | 'UNSUPPORTED_MEDIA_TYPE'

export class ReplicaError extends Error {
  override name = 'ReplicaError'
  constructor(
    readonly code: ReplicaErrorCode,
    message: string,
    readonly fields: readonly string[] = [],
  ) {
    super(message)
  }

  /** The native error item (`[{ message, errorCode, fields }]` holds one of these per error). */
  toJSON(): { message: string; errorCode: ReplicaErrorCode; fields: string[] } {
    return { message: this.message, errorCode: this.code, fields: [...this.fields] }
  }
}

/** A resource (object, record, external-id field) that does not exist or that the caller cannot see. */
export class NotFoundError extends ReplicaError {
  override name = 'NotFoundError'
  constructor(message = 'The requested resource does not exist') {
    super('NOT_FOUND', message)
  }
}

/** A value, field name or record shape the write cannot accept. */
export class FieldValidationError extends ReplicaError {
  override name = 'FieldValidationError'
}

/** The record (or a record a reference points to) is in the recycle bin. */
export class EntityIsDeletedError extends ReplicaError {
  override name = 'EntityIsDeletedError'
  constructor(fields: readonly string[] = []) {
    super('ENTITY_IS_DELETED', 'entity is deleted', fields)
  }
}

/** The actor may not perform the operation on the object. */
export class InsufficientAccessError extends ReplicaError {
  override name = 'InsufficientAccessError'
}

/** A record rule (validation rule) rejected the write. */
export class CustomValidationError extends ReplicaError {
  override name = 'CustomValidationError'
  constructor(message: string, fields: readonly string[] = []) {
    super('FIELD_CUSTOM_VALIDATION_EXCEPTION', message, fields)
  }
}

/** A feature the replica does not emulate: fails loudly, naming it, instead of being ignored. */
export class UnsupportedFeatureError extends ReplicaError {
  override name = 'UnsupportedFeatureError'
  constructor(feature: string) {
    super('FEATURE_NOT_ENABLED', `Failed to run the request: ${feature} is not supported by the replica`)
  }
}

export function isReplicaError(error: unknown): error is ReplicaError {
  return error instanceof ReplicaError
}
