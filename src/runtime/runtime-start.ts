/**
 * @module
 * Where `reset()` comes back to: the loaded fixture, or a start marked with `markStart()` (the
 * whole state as it was then). Coming back costs what changed since: store collections nobody
 * wrote are left alone (`Store.backTo`), and each marked app takes back the records it had,
 * shared copy-on-write (`CrmData.mark`), instead of reloading or copying them.
 */
import type { ExportedCall } from '../calls/call-export.js'
import type { ManagementContext } from '../management/context.js'
import type { AppInstance, EnvironmentDataMark } from '../management/environment-data.js'
import type { QueuedFault } from '../management/faults.js'
import { rebuildSchedule } from '../management/lifecycle.js'
import type { Clock, ClockMode } from '../store/clock.js'
import type { StoreMark } from '../store/store.js'
import { learnSecrets, retireReleasedCalls } from './derived-state.js'
import type { Lifecycle, ResolvedOptions } from './options.js'

export interface RuntimeStart {
  /**
   * The clock's mode and instant at the mark. The fixture has none: the clock goes back to the
   * configured mode, at the real time in real mode and where it stands in manual mode.
   */
  readonly clock: { mode: ClockMode; nowMs: number } | undefined
  readonly lifecycle: Lifecycle
  readonly faults: readonly QueuedFault[]
  readonly requests: readonly ExportedCall[]
  readonly store: StoreMark
  readonly apps: EnvironmentDataMark<AppInstance>
}

/** What a start is taken from and brought back to. */
export interface StartHolder {
  readonly ctx: ManagementContext
  readonly clock: Clock
  lifecycle: Lifecycle
  /** The configured clock mode (a fixture start goes back to it) and admin token (a secret). */
  readonly options: Pick<ResolvedOptions, 'clock' | 'adminToken'>
}

/** The start of a freshly loaded fixture: no apps, calls or faults, the configured delays. */
export async function fixtureStart(holder: StartHolder, lifecycle: Lifecycle): Promise<RuntimeStart> {
  const start = await markStart(holder)
  return { ...start, clock: undefined, lifecycle: { ...lifecycle }, faults: [], requests: [] }
}

/**
 * The whole state as it is now, taken holding the store once no app's async write is under way:
 * a mark never holds half of a write.
 */
export function markStart(holder: StartHolder): Promise<RuntimeStart> {
  const { ctx, clock } = holder
  return ctx.store.transaction(async () => {
    for (let busy = ctx.environmentData.whenFree(); busy; busy = ctx.environmentData.whenFree()) await busy
    return {
      clock: { mode: clock.mode, nowMs: clock.nowMs() },
      lifecycle: { ...holder.lifecycle },
      faults: ctx.faults.list(),
      requests: ctx.recordedCalls.exportAll(),
      store: ctx.store.mark(),
      apps: ctx.environmentData.mark(),
    }
  })
}

/** Back to `start`: what a `reset()` does. */
export async function backToStart(holder: StartHolder, start: RuntimeStart): Promise<void> {
  const { ctx, clock } = holder
  holder.lifecycle = { ...start.lifecycle }
  if (start.clock) {
    clock.setMode(start.clock.mode)
    clock.set(start.clock.nowMs)
  } else {
    clock.setMode(holder.options.clock)
    if (holder.options.clock === 'real') clock.set(Date.now())
  }
  ctx.faults.restore(start.faults)
  await ctx.store.backTo(start.store)
  ctx.environmentData.backTo(start.apps)
  ctx.recordedCalls.importAll(start.requests)
  // a marked start may hold deleted environments whose calls go when their retention ends
  if (start.clock) retireReleasedCalls(ctx)
  // derived from the store as it now is
  rebuildSchedule(ctx)
  learnSecrets(ctx, holder.options.adminToken)
}
