/**
 * @module
 * Options and results of the record service's operations (record-service.ts): plain data; the
 * native handlers build the wire JSON from them.
 */
import type { InputFormat } from './coerce.js'
import type { RecordView } from './record-view.js'

export interface WriteOptions {
  /** `json` (REST, composite: JSON_PARSER_ERROR on type mismatch) or `csv` (bulk: text values). @default 'json' */
  format?: InputFormat
}

export interface ReadOptions {
  /** Fields to return (`"Name,Industry"` or a list), case-insensitive; default every visible field. */
  fields?: string | readonly string[]
}

export interface WriteResult {
  /** Canonical object name. */
  object: string
  id: string
  /** A published platform event's `EventUuid` (the create of an `__e` object publishes it). */
  eventUuid?: string
}

export interface DeleteResult extends WriteResult {
  /** Every record moved to the recycle bin: the record, then its cascaded children. */
  deleted: string[]
  /** Children whose reference to a deleted record was cleared (non-cascading lookups). */
  cleared: string[]
}

/** Several live records hold the external id: nothing was written (REST answers 300 with their urls). */
export interface MultipleMatches {
  status: 'multiple'
  object: string
  ids: string[]
}

/** `multiple`: several records match; nothing was written (REST answers 300 with their urls). */
export type UpsertResult = { status: 'created' | 'updated'; object: string; id: string } | MultipleMatches

export interface UpsertOptions extends WriteOptions {
  /** `?updateOnly=true`: no match is NOT_FOUND, never a create. */
  updateOnly?: boolean
}

export type ExternalIdDeleteResult = ({ status: 'deleted' } & DeleteResult) | MultipleMatches

export type RetrieveResult = { status: 'found'; object: string; record: RecordView } | MultipleMatches
