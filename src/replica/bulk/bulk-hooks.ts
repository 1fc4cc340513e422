/**
 * @module
 * What the bulk routes need from the mock around the replica: how long processing takes
 * (`lifecycle.bulkMs`, which tests change at run time) and the queued `bulk.job` faults. The
 * runtime supplies them (src/handlers/create-app.ts); without them a job is due at once and
 * never faulted.
 */
import type { JobFault } from './job-store.js'

/** The job a fault may target: where it runs and on which object. */
export interface BulkFaultTarget {
  environmentId: string
  /** The app's name in the environment. */
  app: string
  /** Canonical object name of the job. */
  object: string
}

export interface BulkHooks {
  /** Time from a job's close (or a query job's creation) to its end, on the mock clock. */
  delayMs(): number
  /** Uses up one matching queued fault, if any: the job will end `Failed` with its message. */
  takeFault(target: BulkFaultTarget): JobFault | undefined
}

export const NO_BULK_HOOKS: BulkHooks = {
  delayMs: () => 0,
  takeFault: () => undefined,
}
