/**
 * @module
 * Bulk API 2.0 under `/services/data/vXX.X/jobs`: ingest jobs (create — JSON, or multipart with
 * the data —, upload CSV, close or abort, status, the three result files, list, delete) and
 * query jobs (create, status, abort, delete, list, results pages, `resultPages` from 58.0). Each
 * route reads and checks the request, calls the app's job store (src/replica/bulk), and writes
 * the answer; due jobs were processed before the route runs (native-handler.ts).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/bulk_api_2_0.htm
 */
import type { Hono } from 'hono'
import { type BulkJob, type JobState, TERMINAL_STATES } from '../bulk/bulk-job.js'
import { NO_BULK_HOOKS } from '../bulk/bulk-hooks.js'
import { INGEST_RESULTS, type IngestResultKind, ingestResults } from '../bulk/ingest-results.js'
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
import { withLoaded } from './lazy-handler.js'
import { resource } from './method-dispatch.js'
import { basePath, type NativeContext, type NativeEnv } from './native-env.js'

/** `resultPages` exists from this API version (spec "Versioning" 4). */
const RESULT_PAGES_SINCE = 58

export function bulkRoutes(app: Hono<NativeEnv>): void {
  resource(app, '/jobs/ingest', { GET: (c) => list(c, 'ingest'), POST: createIngest })
  resource(app, '/jobs/ingest/:jobId', {
    GET: (c) => info(c, ingestJob(c)),
    PATCH: (c) => changeState(c, ingestJob(c)),
    DELETE: (c) => remove(c, ingestJob(c)),
  })
  resource(app, '/jobs/ingest/:jobId/batches', { PUT: upload })
  for (const kind of INGEST_RESULTS) {
    resource(app, `/jobs/ingest/:jobId/${kind}`, { GET: (c) => ingestResultFile(c, kind) })
  }
  resource(app, '/jobs/query', { GET: (c) => list(c, 'query'), POST: createQuery })
  resource(app, '/jobs/query/:jobId', {
    GET: (c) => info(c, queryJob(c)),
    PATCH: (c) => changeState(c, queryJob(c)),
    DELETE: (c) => remove(c, queryJob(c)),
  })
  resource(app, '/jobs/query/:jobId/results', { GET: queryResults })
  resource(app, '/jobs/query/:jobId/resultPages', { GET: queryResultPages })
}

const ingestJob = (c: NativeContext) => c.env.app.jobs.get(c.req.param('jobId')!, 'ingest')
const queryJob = (c: NativeContext) => c.env.app.jobs.get(c.req.param('jobId')!, 'query')

function list(c: NativeContext, kind: BulkJob['kind']) {
  return c.json(listJobs(c.env.app.jobs, kind, readParams(c, JobListQuery), basePath(c)))
}

function info(c: NativeContext, job: BulkJob) {
  return c.json(jobInfo(job, c.env.app.jobs.state(job)))
}

function summary(c: NativeContext, job: BulkJob) {
  return c.json(jobSummary(job, c.env.app.jobs.state(job)))
}

async function createIngest(c: NativeContext) {
  const { jobs } = c.env.app
  const view = c.get('view')
  if (!isMultipart(c)) {
    const body = await readJobBody(c, CreateIngestJobBody)
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

async function upload(c: NativeContext) {
  const { jobs } = c.env.app
  const job = ingestJob(c)
  requireCsv(c)
  jobs.expectState(job, OPEN, 'take data for')
  jobs.upload(job, await jobs.readData(job, uploadBody(c)))
  return c.body(null, 201)
}

async function changeState(c: NativeContext, job: BulkJob) {
  const { state } = await readJobBody(c, JobStateChange)
  if (state === 'Aborted') c.env.app.jobs.abort(job)
  else close(c, job)
  return summary(c, job)
}

/** Closes a job for processing with the mock's delay, and a queued fault if one matches. */
function close(c: NativeContext, job: BulkJob): void {
  const hooks = c.env.bulk ?? NO_BULK_HOOKS
  const { environmentId, appName } = c.env.call
  const { jobs } = c.env.app
  // a fault is used up only by a job that does close
  jobs.expectState(job, OPEN, 'close')
  const fault = hooks.takeFault({ environmentId, app: appName, object: job.object })
  jobs.close(job, hooks.delayMs(), fault)
}

function remove(c: NativeContext, job: BulkJob) {
  c.env.app.jobs.delete(job)
  return c.body(null, 204)
}

function ingestResultFile(c: NativeContext, kind: IngestResultKind) {
  const job = ingestJob(c)
  const state = c.env.app.jobs.state(job)
  if (!TERMINAL_STATES.has(state)) {
    throw new ReplicaError(
      'INVALIDJOBSTATE',
      `InvalidJobState : Failed to read ${kind} of job ${job.id}: it is ${state}; results are ready once it is JobComplete, Failed or Aborted`,
    )
  }
  return c.body(ingestResults(job, kind), 200, { 'content-type': 'text/csv; charset=UTF-8' })
}

async function createQuery(c: NativeContext) {
  const { jobs } = c.env.app
  const body = await readJobBody(c, CreateQueryJobBody)
  const job = jobs.add(jobs.queryJob(body, c.get('view')))
  close(c, job)
  return summary(c, job)
}

/** Results pages (and csv-stringify) load with the first results call. */
const resultPageCode = () => import('../bulk/query-results.js')

function queryResults(c: NativeContext) {
  return withLoaded(c, resultPageCode, ({ resultsPage }) => {
    const job = completedQueryJob(c)
    const { locator, maxRecords } = readParams(c, ResultsQuery)
    const page = resultsPage(job, locator, maxRecords)
    return c.body(page.body, 200, { 'content-type': 'text/csv; charset=UTF-8', ...page.headers })
  })
}

function queryResultPages(c: NativeContext) {
  if (parseApiVersion(c.get('view').apiVersion)! < RESULT_PAGES_SINCE) throw new NotFoundError()
  return withLoaded(c, resultPageCode, ({ resultPages }) => {
    const job = completedQueryJob(c)
    const { locator } = readParams(c, ResultsQuery.pick({ locator: true }))
    return c.json(resultPages(job, locator, basePath(c)))
  })
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
  const state = c.env.app.jobs.state(job)
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
