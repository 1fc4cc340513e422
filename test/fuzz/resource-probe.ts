/**
 * What one fuzz request costs the process that serves the app (the fuzz process itself, in both
 * transports): how long it blocked the event loop, and the resident set size after it. The suite
 * checks these only on a fuzz run (`FUZZ_RUNS` set, as `npm run fuzz` does), never in `npm test`:
 * they are wall-clock and whole-process figures.
 *
 * A block is measured with a heartbeat: a timer every `TICK_MS` notes the longest gap between two
 * of its ticks, less the tick, since the request began — the longest time nothing else could run.
 * It never stops, so a block that starts at once is timed from the tick before it (Node's
 * `monitorEventLoopDelay` is blind there: after a reset its first tick only sets where to count
 * from, so a request that blocked at once showed no block at all). The timers phase is entered
 * after the request, so the tick that ends a block is counted against the request that caused it
 * (a request answered in microtasks alone would otherwise share one gap with the next ones). A gap
 * is wall-clock time: on a busy machine the process also waits for a core. So a block counts at
 * most the CPU time the process spent during the request (`process.cpuUsage`): a long sync run
 * uses the CPU all along, a wait for a core does not.
 */
const TICK_MS = 5

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
  let lastTick = performance.now()
  let longestGap = 0
  // unref: the heartbeat never keeps the test process alive
  const heartbeat = setInterval(() => {
    const now = performance.now()
    longestGap = Math.max(longestGap, now - lastTick)
    lastTick = now
  }, TICK_MS).unref()
  return {
    async measure(send) {
      longestGap = 0
      const rssBefore = process.memoryUsage.rss()
      const cpuBefore = process.cpuUsage()
      const value = await send()
      await timersPhase()
      const cpu = process.cpuUsage(cpuBefore)
      const cpuMs = (cpu.user + cpu.system) / 1000
      // the gap that ends after the request began also counts the time since the tick before it
      const gapMs = Math.max(0, longestGap, performance.now() - lastTick) - TICK_MS
      const blockedMs = Math.max(0, Math.min(gapMs, cpuMs))
      const rss = process.memoryUsage.rss()
      return { value, cost: { blockedMs, rss, rssGrowth: rss - rssBefore } }
    },
    stop: () => clearInterval(heartbeat),
  }
}
