/**
 * @module
 * What a bench file exports, and what it reports: figures, and ratios to a baseline measured in
 * the same run, each with its target.
 */
import type { Measurement } from './stats.js'

export interface Comparison {
  /** What the ratio says, e.g. `'GET /v1/workspaces/{id} vs bare node:http'`. */
  label: string
  subject: Measurement
  baseline: Measurement
  /** `subject.value / baseline.value` must be at least / at most this. */
  target: { atLeast: number } | { atMost: number }
  /**
   * The subject's floor: the work it must do, each step the simplest way, measured in the same
   * run. A missed target says whether the floor meets it: when it does not, no simpler code could.
   */
  floor?: Measurement
}

/**
 * The ratio a target's baseline allows an app that does the least it could (Hono alone, or the
 * work a request needs done the simplest way): a target beyond it cannot be met by simpler code.
 * A throughput floor (req/s) reads as the share of the baseline it reaches, a time floor (µs/op)
 * as the multiple of the baseline's time it takes.
 */
export interface Floor {
  label: string
  floor: Measurement
  baseline: Measurement
}

export interface BenchReport {
  /** Ratios with targets; their figures are printed too. */
  comparisons: Comparison[]
  /** Floors of those ratios, printed after them. */
  floors?: Floor[]
  /** Figures without a target (context, batch variants, ...). */
  figures?: Measurement[]
}

export interface Bench {
  /** One line: what is measured against what. */
  description: string
  run(): Promise<BenchReport>
}

/**
 * A bench is a file in bench/benches exporting `default defineBench({...})`; its name is the file
 * name. `npm run bench` finds it on its own.
 */
export function defineBench(bench: Bench): Bench {
  return bench
}

export function ratioOf(comparison: Comparison): number {
  return comparison.subject.value / comparison.baseline.value
}

/**
 * The ratio if CPU were the only limit: from CPU per operation, oriented like `ratioOf` (a rate
 * target compares baseline/subject cost, a time target subject/baseline). Steadier than `ratioOf`
 * on a busy machine; undefined unless both figures carry `cpuMicros`.
 */
export function cpuRatioOf(comparison: Comparison): number | undefined {
  const { subject, baseline, target } = comparison
  if (subject.cpuMicros === undefined || baseline.cpuMicros === undefined) return undefined
  return 'atLeast' in target ? baseline.cpuMicros / subject.cpuMicros : subject.cpuMicros / baseline.cpuMicros
}

export function targetMet(comparison: Comparison): boolean {
  return meets(ratioOf(comparison), comparison.target)
}

/** The floor's ratio to the comparison's baseline, oriented like `ratioOf`. */
export function floorRatioOf(comparison: Comparison): number | undefined {
  return comparison.floor && comparison.floor.value / comparison.baseline.value
}

/** Whether the target sits beyond its floor: even the simplest version of the work misses it. */
export function beyondFloor(comparison: Comparison): boolean {
  const floorRatio = floorRatioOf(comparison)
  return floorRatio !== undefined && !meets(floorRatio, comparison.target)
}

function meets(ratio: number, target: Comparison['target']): boolean {
  return 'atLeast' in target ? ratio >= target.atLeast : ratio <= target.atMost
}

export function describeTarget(target: Comparison['target']): string {
  return 'atLeast' in target ? `>= ${target.atLeast}x` : `<= ${target.atMost}x`
}
