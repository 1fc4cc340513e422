/**
 * @module
 * `GET .../jobs/ingest` and `GET .../jobs/query`: the app's jobs of that kind, oldest first, up
 * to 1000 per answer with `nextRecordsUrl` carrying a `queryLocator` for the rest. The filters are
 * honoured as the real API defines them for Bulk API 2.0 jobs: every job is `V2Ingest` or
 * `V2Query`, runs in parallel mode and has no PK chunking, so `jobType=Classic`,
 * `concurrencyMode=serial` or `isPkChunkingEnabled=true` list nothing.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/get_all_jobs.htm
 */
import { ReplicaError } from '../errors.js'
import type { JobKind } from './bulk-job.js'
import { jobSummary } from './job-info.js'
import type { JobListQuery } from './job-schemas.js'
import type { BulkJobs } from './job-store.js'

export const JOBS_PER_PAGE = 1000

const JOB_TYPE: Record<JobKind, string> = { ingest: 'V2Ingest', query: 'V2Query' }
const LOCATOR = /^[0-9A-Za-z_-]{1,64}$/

/** The list answer; `base` is `/services/data/vXX.X`. */
export function listJobs(jobs: BulkJobs, kind: JobKind, query: JobListQuery, base: string) {
  const matching =
    (query.jobType !== undefined && query.jobType !== JOB_TYPE[kind]) ||
    query.isPkChunkingEnabled === 'true' ||
    query.concurrencyMode?.toLowerCase() === 'serial'
      ? []
      : jobs.list(kind)
  const offset = query.queryLocator === undefined ? 0 : offsetOf(query.queryLocator, kind)
  const page = matching.slice(offset, offset + JOBS_PER_PAGE)
  const next = offset + page.length
  const done = next >= matching.length
  let nextRecordsUrl: string | null = null
  if (!done) {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && name !== 'queryLocator') params.set(name, value)
    params.set('queryLocator', locatorOf(next, kind))
    nextRecordsUrl = `${base}/jobs/${kind}?${params}`
  }
  return {
    done,
    records: page.map((job) => jobSummary(job, jobs.state(job), { jobType: true })),
    nextRecordsUrl,
  }
}

function locatorOf(offset: number, kind: JobKind): string {
  return Buffer.from(`${kind}:${offset}`).toString('base64url')
}

function offsetOf(locator: string, kind: JobKind): number {
  const text = LOCATOR.test(locator) ? Buffer.from(locator, 'base64url').toString() : ''
  const match = /^(ingest|query):(\d{1,9})$/.exec(text)
  if (!match || match[1] !== kind) {
    throw new ReplicaError(
      'INVALID_QUERY_LOCATOR',
      `Invalid queryLocator: ${locator} (use the nextRecordsUrl of the previous answer)`,
    )
  }
  return Number(match[2])
}
