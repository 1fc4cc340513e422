/**
 * @module
 * Faults tests queue to make the next matching operation fail (docs/standalone-server.md#control-api-__replica). A fault
 * is consumed when the operation it targets starts (an environment start or resume, a snapshot)
 * and takes effect when that work would finish; a gateway fault is consumed by a native call that
 * passed the gateway's checks, just before it would reach the app; a bulk job fault is consumed
 * when a job closes and fails it when it would finish. The union is keyed by `kind` so later
 * kinds add members without touching these.
 */
import * as z from 'zod'
import { AppName, Id } from '../schemas/common.js'
import { EnvironmentFailureCode } from '../schemas/environment.js'
import { SnapshotFailureCode } from '../schemas/snapshot.js'
import { randomBase36 } from '../store/ids.js'

const Message = z.string().min(1).max(1000)
/** How many matching operations fail before the fault is used up. */
const Times = z.int().min(1).max(1000).default(1)

/** The next environment start (create) fails at the end of `startMs`. */
export const EnvironmentStartFault = z.strictObject({
  kind: z.literal('environment.start'),
  code: EnvironmentFailureCode.default('start_failed'),
  /** Only environments with an app of this name; the failure names it. Default: any, first app. */
  app: AppName.optional(),
  message: Message.optional(),
  times: Times,
})

/** The next resume fails at the end of `resumeMs`. */
export const EnvironmentResumeFault = z.strictObject({
  kind: z.literal('environment.resume'),
  code: EnvironmentFailureCode.default('resume_failed'),
  /** Only this environment. Default: any. */
  environmentId: Id.optional(),
  app: AppName.optional(),
  message: Message.optional(),
  times: Times,
})

/** The next snapshot ends `failed` instead of `ready`. */
export const SnapshotFault = z.strictObject({
  kind: z.literal('snapshot'),
  code: SnapshotFailureCode.default('internal_error'),
  /** Only snapshots of this environment. Default: any. */
  environmentId: Id.optional(),
  message: Message.optional(),
  times: Times,
})

/**
 * The next native calls the gateway would pass to the app get a 5xx `upstream_error` from the
 * gateway instead (the app never sees them).
 */
export const GatewayErrorFault = z.strictObject({
  kind: z.literal('gateway.error'),
  /** @default 502 */
  status: z.int().min(500).max(599).default(502),
  /** Only calls to this environment. Default: any. */
  environmentId: Id.optional(),
  /** Only calls to the app of this name. Default: any. */
  app: AppName.optional(),
  message: Message.optional(),
  times: Times,
})

/** The next native calls the gateway passes to the app wait `latencyMs` first (real time). */
export const GatewayLatencyFault = z.strictObject({
  kind: z.literal('gateway.latency'),
  latencyMs: z.int().min(1).max(120_000),
  environmentId: Id.optional(),
  app: AppName.optional(),
  times: Times,
})

/**
 * The next Bulk API job (ingest job at its close, query job at its creation) ends `Failed` with
 * `message` as its `errorMessage` when it would finish; an ingest job then writes no row.
 */
export const BulkJobFault = z.strictObject({
  kind: z.literal('bulk.job'),
  /** Only jobs in this environment. Default: any. */
  environmentId: Id.optional(),
  /** Only jobs of the app of this name. Default: any. */
  app: AppName.optional(),
  /** Only jobs on this object (API name, any case). Default: any. */
  object: z.string().min(1).max(255).optional(),
  message: Message.optional(),
  times: Times,
})

/** A fault to queue (`mock.faults.add`, `POST /__replica/faults`). */
export const Fault = z.discriminatedUnion('kind', [
  EnvironmentStartFault,
  EnvironmentResumeFault,
  SnapshotFault,
  GatewayErrorFault,
  GatewayLatencyFault,
  BulkJobFault,
])
export type FaultInput = z.input<typeof Fault>
export type Fault = z.output<typeof Fault>
export type FaultKind = Fault['kind']

/** A queued fault: `times` is what is left of it. */
export const QueuedFault = z.discriminatedUnion('kind', [
  EnvironmentStartFault.extend({ id: z.string() }),
  EnvironmentResumeFault.extend({ id: z.string() }),
  SnapshotFault.extend({ id: z.string() }),
  GatewayErrorFault.extend({ id: z.string() }),
  GatewayLatencyFault.extend({ id: z.string() }),
  BulkJobFault.extend({ id: z.string() }),
])
export type QueuedFault = z.output<typeof QueuedFault>

export interface FaultQueue {
  add(fault: Fault): QueuedFault
  list(): QueuedFault[]
  /**
   * Consumes one use of the oldest fault of `kind` that `matches`, or returns undefined.
   * @note Consumption is not undone if the operation later fails: a fault is a one-shot test
   * control, and it is consumed only after the operation's own checks have passed.
   */
  take<K extends FaultKind>(
    kind: K,
    matches?: (fault: Extract<Fault, { kind: K }>) => boolean,
  ): Extract<Fault, { kind: K }> | undefined
  clear(): void
  restore(faults: readonly QueuedFault[]): void
}

/** Whether a `bulk.job` fault applies to a job of `object` in that environment's app. */
export function bulkFaultMatches(
  fault: z.output<typeof BulkJobFault>,
  target: { environmentId: string; app: string; object: string },
): boolean {
  return (
    (fault.environmentId === undefined || fault.environmentId === target.environmentId) &&
    (fault.app === undefined || fault.app === target.app) &&
    (fault.object === undefined || fault.object.toLowerCase() === target.object.toLowerCase())
  )
}

export function createFaultQueue(): FaultQueue {
  let queue: QueuedFault[] = []
  return {
    add(fault) {
      const queued = { ...structuredClone(fault), id: `flt_${randomBase36(12)}` }
      queue.push(queued)
      return structuredClone(queued)
    },
    list: () => structuredClone(queue),
    take(kind, matches = () => true) {
      const index = queue.findIndex((fault) => fault.kind === kind && matches(fault as never))
      if (index === -1) return undefined
      const fault = queue[index]!
      if (fault.times <= 1) queue.splice(index, 1)
      else queue[index] = { ...fault, times: fault.times - 1 }
      return structuredClone(fault) as never
    },
    clear() {
      queue = []
    },
    restore(faults) {
      queue = structuredClone([...faults])
    },
  }
}
