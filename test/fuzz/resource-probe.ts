/**
 * What one fuzz request costs the process that serves the app (the fuzz process itself, in both
 * transports): how long it blocked the event loop, and the resident set size after it. The suite
 * checks these only on a fuzz run (`FUZZ_RUNS` set, as `npm run fuzz` does), never in `npm test`:
 * they are wall-clock and whole-process figures.
 *
 * A block is measured with `monitorEventLoopDelay`: its timer ticks every `RESOLUTION_MS`, and the
 * longest gap between two ticks, less the resolution, is the longest time nothing else could run.
 * The timers phase is entered before and after the request, so a block is counted against the
 * request that caused it (a request answered in microtasks alone would otherwise share one gap
 * with the next ones). A gap is wall-clock time: on a busy machine the process also waits for a
 * core. So a block counts at most the CPU time the process spent during the request
 * (`process.cpuUsage`): a long sync run uses the CPU all along, a wait for a core does not.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'

const RESOLUTION_MS = 10

export interface RequestCost {
  /** Longest event-loop block while the request ran, in ms. */
  blockedMs: number
  /** Resident set size once it was answered, in bytes. */
  rss: number
  /** How much the resident set grew while it ran, in bytes (negative: it shrank). */
  rssGrowth: number
}

export interface ResourceProbe {
  measure<T>(send: () => Promise<T>): Promise<{ value: T; cost: RequestCost }>
  stop(): void
}

/** One turn of the event loop through its timers phase. */
function timersPhase(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export function createResourceProbe(): ResourceProbe {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  return {
    async measure(send) {
      await timersPhase()
      histogram.reset()
      const rssBefore = process.memoryUsage.rss()
      const cpuBefore = process.cpuUsage()
      const value = await send()
      await timersPhase()
      const cpu = process.cpuUsage(cpuBefore)
      const cpuMs = (cpu.user + cpu.system) / 1000
      // no tick since the reset: the request and the turn after it took less than one resolution
      const gapMs = histogram.count === 0 ? 0 : histogram.max / 1e6 - RESOLUTION_MS
      const blockedMs = Math.max(0, Math.min(gapMs, cpuMs))
      const rss = process.memoryUsage.rss()
      return { value, cost: { blockedMs, rss, rssGrowth: rss - rssBefore } }
    },
    stop: () => histogram.disable(),
  }
}
