/**
 * @module
 * The work of the Bulk API 2.0 routes (bulk-routes.ts registers them): each reads and checks the
 * request, calls the app's job store (src/replica/bulk), and writes the answer. Loaded with the
 * first Bulk API request, with the results pages and csv-stringify.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/bulk_api_2_0.htm
 */
import { type BulkJob, type JobState, TERMINAL_STATES } from '../bulk/bulk-job.js'
import { NO_BULK_HOOKS } from '../bulk/bulk-hooks.js'
import { type IngestResultKind, ingestResults } from '../bulk/ingest-results.js'
import { jobInfo, jobSummary } from '../bulk/job-info.js'
import { listJobs } from '../bulk/job-list.js'
import { OPEN } from '../bulk/job-store.js'
import {
  CreateIngestJobBody,
  CreateQueryJobBody,
  JobListQuery,
  JobStateChange,
  ResultsQuery,
} from '../bulk/job-schemas.js'
import { SELECT_ORDER_SINCE } from '../bulk/process-query.js'
import { resultPages, resultsPage } from '../bulk/query-results.js'
import { NotFoundError, ReplicaError } from '../errors.js'
import { parseApiVersion } from '../metadata/api-version.js'
import {
  isMultipart,
  parseJob,
  readJobBody,
  readMultipartJob,
  readParams,
  requireCsv,
  uploadBody,
} from './bulk-request.js'
import { basePath, type NativeContext } from './native-env.js'
import { answerWith, jsonValue } from './json-response.js'

/** `resultPages` exists from this API version (docs/bulk-api.md). */
const RESULT_PAGES_SINCE = 58

export const ingestJob = (c: NativeContext) => c.get('data').jobs.get(c.req.param('jobId')!, 'ingest')
export const queryJob = (c: NativeContext) => c.get('data').jobs.get(c.req.param('jobId')!, 'query')

export function list(c: NativeContext, kind: BulkJob['kind']) {
  return jsonValue(c, listJobs(c.get('data').jobs, kind, readParams(c, JobListQuery), basePath(c)))
}

export function info(c: NativeContext, job: BulkJob) {
  return jsonValue(c, jobInfo(job, c.get('data').jobs.state(job)))
}

function summary(c: NativeContext, job: BulkJob) {
  return jsonValue(c, jobSummary(job, c.get('data').jobs.state(job)))
}

export async function createIngest(c: NativeContext) {
  const { jobs } = c.get('data')
  const view = c.get('view')
  if (!isMultipart(c)) {
    const body = readJobBody(c, CreateIngestJobBody)
    return summary(c, jobs.add(jobs.ingestJob(body, view)))
  }
  // job and data in one request: the job is closed at once (state UploadComplete)
  const parts = await readMultipartJob(c)
  const job = jobs.ingestJob(parseJob(CreateIngestJobBody, parts.job), view)
  const data = await jobs.readData(job, new Blob([parts.content]).stream())
  jobs.add(job)
  jobs.upload(job, data)
  close(c, job)
  return summary(c, job)
}

export async function upload(c: NativeContext) {
  const { jobs } = c.get('data')
  const job = ingestJob(c)
  requireCsv(c)
  jobs.expectState(job, OPEN, 'take data for')
  jobs.upload(job, await jobs.readData(job, uploadBody(c)))
  return answerWith(c, null, 201)
}

export async function changeState(c: NativeContext, job: BulkJob) {
  const { state } = readJobBody(c, JobStateChange)
  if (state === 'Aborted') c.get('data').jobs.abort(job)
  else close(c, job)
  return summary(c, job)
}

/** Closes a job for processing with the mock's delay, and a queued fault if one matches. */
function close(c: NativeContext, job: BulkJob): void {
  const hooks = c.get('options').bulk ?? NO_BULK_HOOKS
  const { environmentId, appName } = c.get('native').call
  const { jobs } = c.get('data')
  // a fault is used up only by a job that does close
  jobs.expectState(job, OPEN, 'close')
  const fault = hooks.takeFault({ environmentId, app: appName, object: job.object })
  jobs.close(job, hooks.delayMs(), fault)
}

export function remove(c: NativeContext, job: BulkJob) {
  c.get('data').jobs.delete(job)
  return answerWith(c, null, 204)
}

export function ingestResultFile(c: NativeContext, kind: IngestResultKind) {
  const job = ingestJob(c)
  const state = c.get('data').jobs.state(job)
  if (!TERMINAL_STATES.has(state)) {
    throw new ReplicaError(
      'INVALIDJOBSTATE',
      `InvalidJobState : Failed to read ${kind} of job ${job.id}: it is ${state}; results are ready once it is JobComplete, Failed or Aborted`,
    )
  }
  // a stream: the gateway reads it back, within its cap
  return c.body(ingestResults(job, kind), 200, { 'content-type': 'text/csv; charset=UTF-8' })
}

export async function createQuery(c: NativeContext) {
  const { jobs } = c.get('data')
  const body = readJobBody(c, CreateQueryJobBody)
  const job = jobs.add(jobs.queryJob(body, c.get('view')))
  close(c, job)
  return summary(c, job)
}

export function queryResults(c: NativeContext) {
  const job = completedQueryJob(c)
  const { locator, maxRecords } = readParams(c, ResultsQuery)
  const page = resultsPage(job, locator, maxRecords)
  return answerWith(c, page.body, 200, { 'content-type': 'text/csv; charset=UTF-8', ...page.headers })
}

export function queryResultPages(c: NativeContext) {
  if (parseApiVersion(c.get('view').apiVersion)! < RESULT_PAGES_SINCE) throw new NotFoundError()
  const job = completedQueryJob(c)
  const { locator } = readParams(c, ResultsQuery.pick({ locator: true }))
  return jsonValue(c, resultPages(job, locator, basePath(c)))
}

/** The path's query job, once `JobComplete`, read at a version on its side of 50.0 (else CONFLICT). */
function completedQueryJob(c: NativeContext) {
  const job = queryJob(c)
  const requested = parseApiVersion(c.get('view').apiVersion)!
  const created = parseApiVersion(job.apiVersion)!
  if (requested < SELECT_ORDER_SINCE !== created < SELECT_ORDER_SINCE) {
    throw new ReplicaError(
      'CONFLICT',
      `Failed to read the results of job ${job.id} at API version ${c.get('view').apiVersion}: it was created at ${job.apiVersion}, and result columns are ordered differently below and from ${SELECT_ORDER_SINCE}.0 (request them at a version on the job's side)`,
    )
  }
  const state = c.get('data').jobs.state(job)
  if (state !== 'JobComplete') {
    throw new ReplicaError(
      'JOB_NOT_COMPLETE',
      `can only download query results of successfully completed bulk job with status: JOB_COMPLETE. Current status: ${statusName(state)}`,
    )
  }
  return job
}

/** `InProgress` -> `IN_PROGRESS`, as the real message spells states. */
function statusName(state: JobState): string {
  return state.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()
}
