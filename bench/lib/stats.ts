/**
 * @module
 * Figures: a median over rounds, with the samples kept so the spread can be shown.
 */

export interface Measurement {
  label: string
  unit: string
  /** Median of `samples`. */
  value: number
  samples: number[]
  /**
   * Median CPU microseconds per operation (the server's per request, for HTTP). It moves less than
   * wall time when other processes compete for the cores.
   */
  cpuMicros?: number
  /** Extra context printed beside the figure (e.g. the server's CPU use). */
  note?: string
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('Failed to take a median: no values')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function toMeasurement(
  label: string,
  unit: string,
  samples: number[],
  extra: { cpuMicros?: number[]; note?: string } = {},
): Measurement {
  const cpuMicros = extra.cpuMicros && extra.cpuMicros.length > 0 ? median(extra.cpuMicros) : undefined
  return { label, unit, value: median(samples), samples, cpuMicros, note: extra.note }
}

/** Half the min-max range as a percentage of the median: a quick read of how noisy a figure is. */
export function spreadPercent(measurement: Measurement): number {
  const { samples, value } = measurement
  if (value === 0) return 0
  return ((Math.max(...samples) - Math.min(...samples)) / 2 / value) * 100
}

export function formatNumber(value: number): string {
  if (value >= 1000) return Math.round(value).toLocaleString('en-US')
  if (value >= 100) return value.toFixed(0)
  if (value >= 10) return value.toFixed(1)
  return value.toFixed(2)
}

/**
 * A fixed budget as a baseline, for targets stated as an absolute figure (`<= 1 ms`, `>= 500/s`):
 * the ratio to it is then printed like any other.
 */
export function budget(value: number, unit: string): Measurement {
  return { label: `budget ${formatNumber(value)} ${unit}`, unit, value, samples: [value] }
}
