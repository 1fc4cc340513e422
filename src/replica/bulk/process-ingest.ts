/**
 * @module
 * Processing an ingest job: every row through the record service as the job's creator (same
 * rules, checks and error codes as REST, CSV text values), in upload order.
 *
 * Transactions: each row is one record-service write, and each of those is its own store
 * transaction, so a row that fails leaves nothing of itself (a hard delete's purge runs in the
 * same transaction as its delete). Rows commit as they go, like Salesforce commits a job's
 * records chunk by chunk: a failed row never undoes another, and a reader can see a large job's
 * first rows before its last. The job holds no write lock; it is an ordinary synchronous writer
 * between its chunks, so before each chunk it waits while a composite request (or anything else
 * in `transactionAsync`) holds the store, and between chunks it yields to other requests.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/how_requests_are_processed.htm
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { isReplicaError, NotFoundError } from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import type { MetadataService } from '../metadata/metadata-service.js'
import type { RecordService } from '../records/record-service.js'
import type { RecordStore } from '../records/record-store.js'
import type { IngestJob, IngestOutcome, UploadedData } from './bulk-job.js'
import { columnOf, rowInput } from './row-input.js'

/** Rows written between two yields to the event loop. */
const CHUNK_ROWS = 2000

export interface IngestDeps {
  metadata: MetadataService
  store: RecordStore
  records: RecordService
}

/** A row's result: the record id and whether it was created. A failure throws. */
type RowResult = { id: string; created: boolean }
type RowWriter = (row: string[]) => RowResult

/** Why the job cannot run at all (it then ends `Failed`), or undefined. */
export function jobProblem(job: IngestJob): string | undefined {
  const data = job.upload
  if (!data || data.rows.length === 0) return 'InvalidBatch : No data rows were uploaded to the job'
  const names = data.columns.map((column) => column.field.name)
  const needsId = job.operation !== 'insert' && job.operation !== 'upsert'
  if (needsId && !names.includes('Id')) {
    return `InvalidBatch : Field name not found : Id (an ${job.operation} job needs an Id column)`
  }
  if ((job.operation === 'delete' || job.operation === 'hardDelete') && data.columns.length > 1) {
    return `InvalidBatch : A ${job.operation} job takes the Id column only; found also ${data.header.filter((_, i) => names[i] !== 'Id').join(', ')}`
  }
  if (job.operation === 'upsert' && columnOf(data.columns, job.externalIdFieldName!) < 0) {
    return `InvalidBatch : Field name not found : ${job.externalIdFieldName} (the job's externalIdFieldName must be a column)`
  }
  return undefined
}

/**
 * Writes every row of `job` (whose `jobProblem` is undefined); `alive` is asked before each chunk
 * (false once the app's data was replaced: the rest is left unprocessed).
 */
export async function writeRows(
  job: IngestJob,
  deps: IngestDeps,
  alive: () => boolean,
): Promise<IngestOutcome> {
  const data = job.upload!
  const write = rowWriter(job, data, deps)
  const total = data.rows.length
  const outcome: IngestOutcome = { ids: [], created: [], errors: new Map(), written: 0 }
  const idColumn = columnOf(data.columns, 'Id')
  for (let start = 0; start < total; start += CHUNK_ROWS) {
    if (start > 0) await yieldToEventLoop()
    for (let wait = deps.store.whenFree(); wait; wait = deps.store.whenFree()) await wait
    if (!alive()) break
    const end = Math.min(total, start + CHUNK_ROWS)
    for (let index = start; index < end; index++) {
      const row = data.rows.row(index)
      try {
        const result = write(row)
        outcome.ids[index] = result.id
        outcome.created[index] = result.created
      } catch (error) {
        if (idColumn >= 0 && row[idColumn]) outcome.ids[index] = row[idColumn]
        outcome.errors.set(index, rowError(error))
      }
    }
    outcome.written = end
  }
  return outcome
}

function rowWriter(job: IngestJob, data: UploadedData, deps: IngestDeps): RowWriter {
  const { records, store, metadata } = deps
  const { object, view } = job
  const { columns } = data
  const idColumn = columnOf(columns, 'Id')
  const csv = { format: 'csv' } as const
  const idOf = (row: string[]) => rowId(metadata, object, row[idColumn] ?? '', job.operation)
  switch (job.operation) {
    case 'insert':
      return (row) => ({ id: records.create(object, rowInput(columns, row), view, csv).id, created: true })
    case 'update':
      return (row) => {
        const id = idOf(row)
        return {
          id: records.update(object, id, rowInput(columns, row, idColumn), view, csv).id,
          created: false,
        }
      }
    case 'upsert': {
      const key = job.externalIdFieldName!
      const keyColumn = columnOf(columns, key)
      return (row) => {
        const value = row[keyColumn]!
        const input = rowInput(columns, row, keyColumn)
        // a blank key has nothing to match: the row is inserted
        if (value === '') return { id: records.create(object, input, view, csv).id, created: true }
        const result = records.upsert(object, key, value, input, view, csv)
        if (result.status === 'multiple') {
          throw new DuplicateMatchError(
            `Duplicate external id specified: ${value} (${result.ids.join(', ')})`,
          )
        }
        return { id: result.id, created: result.status === 'created' }
      }
    }
    case 'delete':
      return (row) => ({ id: records.delete(object, idOf(row), view).id, created: false })
    case 'hardDelete':
      return (row) => {
        const id = idOf(row)
        // the delete and the purge of everything it removed are one transaction
        return store.transaction(() => {
          const result = records.delete(object, id, view)
          for (const removed of result.deleted) store.purge(removed)
          return { id: result.id, created: false }
        })
      }
  }
}

/** The row's Id, checked like the real API checks it before any write. */
function rowId(metadata: MetadataService, object: string, raw: string, operation: string): string {
  if (raw === '') throw new MissingIdError(`Id not specified in an ${operation} call`)
  const id = normaliseId(raw)
  const def = metadata.getObject(object)
  if (!id || keyPrefixOf(id) !== def.keyPrefix) {
    throw new MalformedRowIdError(`${def.label} ID: id value of incorrect type: ${raw}`)
  }
  return id
}

class RowFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
class MissingIdError extends RowFailure {
  constructor(message: string) {
    super('MISSING_ARGUMENT', message)
  }
}
class MalformedRowIdError extends RowFailure {
  constructor(message: string) {
    super('MALFORMED_ID', message)
  }
}
class DuplicateMatchError extends RowFailure {
  constructor(message: string) {
    super('DUPLICATE_EXTERNAL_ID', message)
  }
}

/** `CODE:message`, as failedResults' `sf__Error` holds it. */
function rowError(error: unknown): string {
  // the row's own record does not exist: Bulk API says so as a bad cross reference
  if (error instanceof NotFoundError) return 'INVALID_CROSS_REFERENCE_KEY:invalid cross reference id'
  if (error instanceof RowFailure || isReplicaError(error)) return `${error.code}:${error.message}`
  console.error('[replica-mock] Failed to process a bulk job row', error)
  return 'UNKNOWN_EXCEPTION:An unexpected error occurred in the replica (logged on the mock side)'
}
