/**
 * @module
 * In-process timing: the median time per operation over several rounds of many awaited calls.
 */
import { settings } from './settings.js'
import { type Measurement, toMeasurement } from './stats.js'

export interface LoopTarget {
  /** Printed beside the figure. */
  label: string
  /** One operation; awaited. */
  fn: () => unknown
  /** Runs before each of this target's rounds, untimed (e.g. swap the MSW handlers in). */
  before?: () => unknown
}

export interface LoopOptions {
  /** Operations per round (times `BENCH_SCALE`). @default 2000 */
  iterations?: number
  /** @default settings.rounds (`BENCH_ROUNDS`, 5) */
  rounds?: number
  /** Untimed operations before the first round. @default iterations / 4 */
  warmup?: number
  /**
   * Operations in flight at once: 1 awaits each before the next; n runs batches of n with
   * `Promise.all`. The figure is still time per operation. @default 1
   */
  concurrency?: number
}

/**
 * Median microseconds per operation of `fn`.
 * @example
 * const perOp = await measureLoop(() => fetch(url).then((r) => r.text()), { iterations: 2000 })
 */
export async function measureLoop(
  fn: () => unknown,
  options: LoopOptions & { label?: string } = {},
): Promise<Measurement> {
  const [only] = await compareLoop([{ label: options.label ?? 'loop', fn }], options)
  return only!
}

/** Median microseconds per operation of several targets, their rounds interleaved (A B A B ...). */
export async function compareLoop(targets: LoopTarget[], options: LoopOptions = {}): Promise<Measurement[]> {
  const iterations = Math.max(1, Math.round((options.iterations ?? 2000) * settings.scale))
  const { rounds = settings.rounds, warmup = Math.ceil(iterations / 4), concurrency = 1 } = options
  const samples = targets.map(() => [] as number[])
  const cpuMicros = targets.map(() => [] as number[])
  for (const target of targets) {
    await target.before?.()
    await runRound(target.fn, warmup, concurrency)
  }
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      await target.before?.()
      const started = performance.now()
      const cpuBefore = process.cpuUsage()
      await runRound(target.fn, iterations, concurrency)
      const cpu = process.cpuUsage(cpuBefore)
      samples[index]!.push(((performance.now() - started) * 1000) / iterations)
      cpuMicros[index]!.push((cpu.user + cpu.system) / iterations)
    }
  }
  return targets.map((target, index) =>
    toMeasurement(target.label, 'µs/op', samples[index]!, { cpuMicros: cpuMicros[index] }),
  )
}

async function runRound(fn: () => unknown, iterations: number, concurrency: number): Promise<void> {
  if (concurrency <= 1) {
    for (let i = 0; i < iterations; i++) await fn()
    return
  }
  for (let done = 0; done < iterations; done += concurrency) {
    const batch = Math.min(concurrency, iterations - done)
    await Promise.all(Array.from({ length: batch }, () => fn()))
  }
}
