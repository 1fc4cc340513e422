/**
 * @module
 * The Bulk API 2.0 jobs of one CRM app, and their moves on the mock clock. A job is processed once
 * it is due (closed + `lifecycle.bulkMs`): the app's native handler calls `runDue()` before each
 * call (nothing to do costs one check of an empty set), so with 0 ms a small job is `JobComplete`
 * at the first status read, and a REST read made after the due time sees its rows. Due jobs run one
 * after another; calls that arrive meanwhile wait for them.
 *
 * Jobs are live API state like open query cursors: they are not part of the app's data
 * (snapshots, `exportState`) and replacing the data (`restore`) drops them.
 */
import { NotFoundError, ReplicaError } from '../errors.js'
import { makeRecordId, normaliseId } from '../ids.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { RecordService } from '../records/record-service.js'
import type { RecordStore } from '../records/record-store.js'
import {
  type BulkJob,
  type IngestJob,
  isDue,
  type QueryJob,
  type JobKind,
  type JobState,
  type UploadedData,
  visibleState,
} from './bulk-job.js'
import { createIngestJob, createQueryJob, type JobOrigin } from './create-job.js'
import { invalidBatch, resolveHeader } from './header-columns.js'
import type { CreateIngestJobBody, CreateQueryJobBody } from './job-schemas.js'
import { jobProblem, writeRows } from './process-ingest.js'
import { runQuery } from './process-query.js'
import { readCsvUpload } from './read-csv-upload.js'

/** Key prefix of Bulk API job ids (`750...`). */
const JOB_PREFIX = '750'

export interface BulkJobsDeps {
  metadata: MetadataService
  store: RecordStore
  records: RecordService
  clock: { now(): Date }
}

/** An injected failure (a `bulk.job` fault) the job will end with. */
export interface JobFault {
  message?: string
}

export const OPEN: ReadonlySet<JobState> = new Set(['Open'])
const DELETABLE: ReadonlySet<JobState> = new Set(['UploadComplete', 'JobComplete', 'Aborted', 'Failed'])
const ABORTABLE: ReadonlySet<JobState> = new Set(['Open', 'UploadComplete', 'InProgress'])

export class BulkJobs {
  readonly #deps: BulkJobsDeps
  #jobs = new Map<string, BulkJob>()
  /** Closed jobs not processed yet. */
  #pending = new Set<BulkJob>()
  #counter = 0
  /** Bumped by `clear()`: a job being processed stops writing into replaced data. */
  #generation = 0
  #running: Promise<void> | undefined

  constructor(deps: BulkJobsDeps) {
    this.#deps = deps
  }

  nowMs(): number {
    return this.#deps.clock.now().getTime()
  }

  /** A new ingest job (not kept until `add`): `INVALIDJOB` for a bad object or upsert key. */
  ingestJob(body: CreateIngestJobBody, view: MetadataView): IngestJob {
    return createIngestJob(this.#deps.metadata, body, this.#origin(view))
  }

  /** A new query job (not kept until `add`): its SOQL is checked now (docs/bulk-api.md). */
  queryJob(body: CreateQueryJobBody, view: MetadataView): QueryJob {
    return createQueryJob(this.#deps, body, this.#origin(view))
  }

  /** The id, creator and time of a job `view` creates now. */
  #origin(view: MetadataView): JobOrigin {
    return {
      id: makeRecordId(JOB_PREFIX, ++this.#counter),
      view,
      createdById: this.#deps.records.userFor(view.actor),
      nowMs: this.nowMs(),
    }
  }

  add<J extends BulkJob>(job: J): J {
    this.#jobs.set(job.id, job)
    return job
  }

  /** The job of that kind with `id` (any 15/18-character case form): NOT_FOUND otherwise. */
  get<K extends JobKind>(id: string, kind: K): Extract<BulkJob, { kind: K }> {
    const canonical = normaliseId(id)
    const job = canonical === undefined ? undefined : this.#jobs.get(canonical)
    if (!job || job.kind !== kind) throw new NotFoundError()
    return job as Extract<BulkJob, { kind: K }>
  }

  /** Jobs of a kind, oldest first. */
  list<K extends JobKind>(kind: K): Extract<BulkJob, { kind: K }>[] {
    return [...this.#jobs.values()].filter((job): job is Extract<BulkJob, { kind: K }> => job.kind === kind)
  }

  state(job: BulkJob): JobState {
    return visibleState(job, this.nowMs())
  }

  /** Reads CSV data for `job`: its dialect, its object's columns as its creator sees them. */
  readData(job: IngestJob, body: ReadableStream<Uint8Array> | null): Promise<UploadedData> {
    const { metadata } = this.#deps
    const object = metadata.getObject(job.object)
    return readCsvUpload(body, job, (header) => resolveHeader(metadata, object, header, job.view))
  }

  /** Adds uploaded rows to an `Open` ingest job; every upload must carry the same header. */
  upload(job: IngestJob, data: UploadedData): void {
    this.expectState(job, OPEN, 'take data for')
    const previous = job.upload
    if (!previous) job.upload = data
    else {
      const same =
        previous.columns.length === data.columns.length &&
        previous.columns.every((column, i) => sameColumn(column, data.columns[i]!))
      if (!same) {
        throw invalidBatch(
          `Every upload to a job has the same header row: expected ${previous.header.join(',')}, got ${data.header.join(',')}`,
        )
      }
      previous.rows.append(data.rows)
    }
    job.modifiedAt = this.nowMs()
  }

  /** Closes a job for processing, due after `delayMs` on the mock clock, failing with `fault` if given. */
  close(job: BulkJob, delayMs: number, fault?: JobFault): void {
    this.expectState(job, OPEN, 'close')
    const now = this.nowMs()
    job.state = 'UploadComplete'
    job.closedAt = now
    job.dueAt = now + delayMs
    job.modifiedAt = now
    if (fault)
      job.fault = { message: fault.message ?? 'InternalError : The job failed (an injected bulk.job fault)' }
    this.#pending.add(job)
  }

  abort(job: BulkJob): void {
    this.expectState(job, ABORTABLE, 'abort')
    job.state = 'Aborted'
    job.modifiedAt = this.nowMs()
    this.#pending.delete(job)
  }

  delete(job: BulkJob): void {
    this.expectState(job, DELETABLE, 'delete')
    this.#jobs.delete(job.id)
    this.#pending.delete(job)
  }

  /** Processes every due job; undefined (no promise) when none is due or running. */
  runDue(): Promise<void> | undefined {
    if (this.#running) return this.#running
    if (this.#pending.size === 0 || this.#nextDue() === undefined) return undefined
    this.#running = this.#drain().finally(() => {
      this.#running = undefined
    })
    return this.#running
  }

  /** Drops every job (the app's data was replaced); a job being processed stops. */
  clear(): void {
    this.#jobs = new Map()
    this.#pending = new Set()
    this.#generation++
  }

  /** Throws `INVALIDJOBSTATE` unless the job is in one of `allowed`. */
  expectState(job: BulkJob, allowed: ReadonlySet<JobState>, verb: string): void {
    const state = this.state(job)
    if (!allowed.has(state)) {
      throw new ReplicaError(
        'INVALIDJOBSTATE',
        `InvalidJobState : Failed to ${verb} job ${job.id}: it is ${state} (allowed: ${[...allowed].join(', ')})`,
      )
    }
  }

  #nextDue(): BulkJob | undefined {
    const now = this.nowMs()
    let next: BulkJob | undefined
    for (const job of this.#pending) if (isDue(job, now) && (!next || job.dueAt! < next.dueAt!)) next = job
    return next
  }

  async #drain(): Promise<void> {
    for (let job = this.#nextDue(); job; job = this.#nextDue()) {
      this.#pending.delete(job)
      await this.#process(job)
    }
  }

  async #process(job: BulkJob): Promise<void> {
    const generation = this.#generation
    const alive = () => generation === this.#generation
    try {
      if (job.fault) return fail(job, job.fault.message)
      if (job.kind === 'query') {
        job.result = runQuery(job)
        job.processed = job.result.rows.length
      } else {
        const problem = jobProblem(job)
        if (problem) return fail(job, problem)
        const outcome = await writeRows(job, this.#deps, alive)
        job.outcome = outcome
        job.processed = outcome.written
        job.failed = outcome.errors.size
      }
      job.state = 'JobComplete'
      job.modifiedAt = job.dueAt!
    } catch (error) {
      console.error('[replica-mock] Failed to process bulk job %s', job.id, error)
      fail(job, 'UnknownException : The job failed unexpectedly (logged on the mock side)')
    }
  }
}

function fail(job: BulkJob, message: string): void {
  job.state = 'Failed'
  job.errorMessage = message
  job.modifiedAt = job.dueAt!
}

function sameColumn(a: UploadedData['columns'][number], b: UploadedData['columns'][number]): boolean {
  if (a.kind !== b.kind || a.field !== b.field) return false
  return a.kind === 'field' || (b.kind === 'reference' && a.target === b.target && a.lookup === b.lookup)
}
