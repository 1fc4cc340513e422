/**
 * @module
 * Jobs as the wire shows them (JSON): the short form create, close and abort answer and the job
 * list holds, and the full form of `GET .../jobs/{ingest|query}/{id}` with the counters. Dates
 * are Salesforce datetimes on the mock clock; `contentUrl` is relative (no leading slash), as the
 * real API writes it.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/get_job_info.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/query_get_one_job.htm
 */
import { formatDatetime } from '../records/coerce.js'
import { type BulkJob, type JobState, TERMINAL_STATES } from './bulk-job.js'

/** The short form (create, close/abort, list entries). */
export function jobSummary(job: BulkJob, state: JobState, options: { jobType?: boolean } = {}) {
  const out: Record<string, unknown> = {
    id: job.id,
    operation: job.operation,
    object: job.object,
    createdById: job.createdById,
    createdDate: formatDatetime(new Date(job.createdAt)),
    systemModstamp: formatDatetime(new Date(job.modifiedAt)),
    state,
  }
  if (job.kind === 'ingest') {
    if (job.externalIdFieldName !== undefined) out.externalIdFieldName = job.externalIdFieldName
    if (job.assignmentRuleId !== undefined) out.assignmentRuleId = job.assignmentRuleId
  }
  out.concurrencyMode = 'Parallel'
  out.contentType = 'CSV'
  out.apiVersion = Number(job.apiVersion)
  if (options.jobType) out.jobType = job.kind === 'ingest' ? 'V2Ingest' : 'V2Query'
  if (job.kind === 'ingest') out.contentUrl = `services/data/v${job.apiVersion}/jobs/ingest/${job.id}/batches`
  out.lineEnding = job.lineEnding
  out.columnDelimiter = job.columnDelimiter
  return out
}

/** The full form, with the counters and timings (and `errorMessage` of a failed job). */
export function jobInfo(job: BulkJob, state: JobState) {
  const out = jobSummary(job, state, { jobType: true })
  const done = TERMINAL_STATES.has(state)
  // the time processing took on the mock clock: lifecycle.bulkMs
  const processingMs =
    done && job.closedAt !== undefined && job.dueAt !== undefined && job.state !== 'Aborted'
      ? job.dueAt - job.closedAt
      : 0
  out.numberRecordsProcessed = job.processed
  if (job.kind === 'ingest') out.numberRecordsFailed = job.failed
  out.retries = 0
  out.totalProcessingTime = processingMs
  if (job.kind === 'ingest') {
    out.apiActiveProcessingTime = processingMs
    out.apexProcessingTime = 0
  } else out.isPkChunkingSupported = false
  if (job.errorMessage !== undefined) out.errorMessage = job.errorMessage
  return out
}
