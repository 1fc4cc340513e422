/**
 * @module
 * A Bulk API 2.0 job as the replica keeps it: ingest jobs (rows uploaded as CSV, written through
 * the record service once closed) and query jobs (a SOQL query run once, its rows kept for the
 * results pages). States move on the mock clock: a closed job reads `UploadComplete`, then
 * `InProgress` while `lifecycle.bulkMs` runs, and is processed when it is due (see job-store.ts).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/bulk_api_2_job_states.htm
 */
import type { FieldDef } from '../../schemas/crm-schema.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import type { SoqlDataSource } from '../soql/data-source.js'
import type { CompiledQuery } from '../soql/index.js'
import type { ResolvedColumn } from './header-columns.js'
import type { RowTable } from './row-table.js'
import type { ColumnDelimiter, IngestOperation, LineEnding, QueryOperation } from './job-schemas.js'

/** What the replica stores; `InProgress` is derived from the clock (`visibleState`). */
export type StoredState = 'Open' | 'UploadComplete' | 'JobComplete' | 'Failed' | 'Aborted'
export type JobState = StoredState | 'InProgress'

export const TERMINAL_STATES: ReadonlySet<JobState> = new Set(['JobComplete', 'Failed', 'Aborted'])

interface JobCommon {
  readonly id: string
  /** Canonical object name. */
  readonly object: string
  /** The API version it was created at (`"60.0"`). */
  readonly apiVersion: string
  /** Its creator's view: the actor and version every row is written or read as. */
  readonly view: MetadataView
  readonly createdById: string
  /** Mock-clock ms. */
  readonly createdAt: number
  readonly columnDelimiter: ColumnDelimiter
  readonly lineEnding: LineEnding
  state: StoredState
  modifiedAt: number
  /** When processing was asked for: the upload closed (ingest) or the job was created (query). */
  closedAt?: number
  /** When processing finishes on the mock clock (`closedAt + lifecycle.bulkMs`). */
  dueAt?: number
  /** An injected failure taken when the job closed: it fails the job when it would finish. */
  fault?: { message: string }
  errorMessage?: string
  /** Rows processed (failed ones included) and rows failed. */
  processed: number
  failed: number
}

/** The CSV data uploaded to an ingest job: the header as sent, its columns resolved, the rows. */
export interface UploadedData {
  header: string[]
  columns: ResolvedColumn[]
  /** Every uploaded row, uploads in order; each has `header.length` values. */
  rows: RowTable
}

/** What processing made of each row (index = row number across uploads). */
export interface IngestOutcome {
  /** The record id of a row (for failed updates/deletes, the id the row named, if any). */
  ids: (string | undefined)[]
  /** Whether the row created its record. */
  created: boolean[]
  /** `CODE:message` of each failed row. */
  errors: Map<number, string>
  /** Rows written (the rest were never processed: see `unprocessedrecords`). */
  written: number
}

export interface IngestJob extends JobCommon {
  readonly kind: 'ingest'
  readonly operation: IngestOperation
  /** Canonical name of the upsert key. */
  readonly externalIdFieldName?: string
  readonly assignmentRuleId?: string
  upload?: UploadedData
  outcome?: IngestOutcome
}

/** What a query job selected when it ran: its rows are a snapshot of the records then. */
export interface QueryResult {
  /** Column names in the order the CSV shows them (`Id`, `Account.Name`). */
  columns: string[]
  /** The field each column reads (it says how its values are written). */
  fields: FieldDef[]
  /** One array of stored values per row, in column order (null: an empty cell). */
  rows: unknown[][]
}

export interface QueryJob extends JobCommon {
  readonly kind: 'query'
  readonly operation: QueryOperation
  readonly query: string
  /** Compiled at creation (as the creator's view sees the schema), run when the job is due. */
  compiled?: CompiledQuery
  source?: SoqlDataSource
  result?: QueryResult
}

export type BulkJob = IngestJob | QueryJob
export type JobKind = BulkJob['kind']

/** The state a client sees at `nowMs`: a closed job is `InProgress` once the clock moved past its close. */
export function visibleState(job: BulkJob, nowMs: number): JobState {
  if (job.state === 'UploadComplete' && job.closedAt !== undefined && nowMs > job.closedAt)
    return 'InProgress'
  return job.state
}

/** True once the clock reached the job's processing time and it has not been processed. */
export function isDue(job: BulkJob, nowMs: number): boolean {
  return job.state === 'UploadComplete' && job.dueAt !== undefined && nowMs >= job.dueAt
}
