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
  /**
   * How the targets take turns: `rounds` — a whole round each in turn (A's, then B's, ...);
   * `operations` — one operation each in turn within a round (the order rotating), each timed on
   * its own. On a shared machine whose speed drifts over seconds, only the second weighs every
   * target alike, which figures read side by side need. It reports no CPU time (a
   * reading per operation would cost more than some operations), and takes no `before` hooks or
   * concurrency. @default 'rounds'
   */
  interleave?: 'rounds' | 'operations'
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
  if (options.interleave === 'operations') return compareByOperation(targets, iterations, rounds, warmup)
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

/** `compareLoop` with the targets taking turns operation by operation (`interleave: 'operations'`). */
async function compareByOperation(
  targets: LoopTarget[],
  iterations: number,
  rounds: number,
  warmup: number,
): Promise<Measurement[]> {
  if (targets.some((target) => target.before)) {
    throw new Error('[bench] Failed to interleave operations: a target has a `before` hook')
  }
  for (const target of targets) await runRound(target.fn, warmup, 1)
  const samples = targets.map(() => [] as number[])
  for (let round = 0; round < rounds; round++) {
    const spent = targets.map(() => 0)
    for (let i = 0; i < iterations; i++) {
      for (let turn = 0; turn < targets.length; turn++) {
        // the order rotates, so no target always runs right after another one's garbage
        const index = (i + turn) % targets.length
        const started = performance.now()
        await targets[index]!.fn()
        spent[index]! += performance.now() - started
      }
    }
    for (const [index, total] of spent.entries()) samples[index]!.push((total * 1000) / iterations)
  }
  return targets.map((target, index) => toMeasurement(target.label, 'µs/op', samples[index]!))
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
