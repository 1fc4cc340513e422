/**
 * @module
 * Run-wide knobs, read once from the environment so a quick or a long run needs no code change.
 */

function readNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`Failed to read ${name}: expected a number >= ${min}, got ${JSON.stringify(raw)}`)
  }
  return value
}

export interface BenchSettings {
  /** Measured rounds per figure; the figure is their median. `BENCH_ROUNDS`, default 5. */
  rounds: number
  /** Length of one HTTP round in seconds. `BENCH_SECONDS`, default 3. */
  seconds: number
  /** HTTP warm-up before the first round, in seconds. `BENCH_WARMUP`, default 1. */
  warmupSeconds: number
  /** Multiplies in-process iteration counts (0.2 for a smoke run). `BENCH_SCALE`, default 1. */
  scale: number
  /** Pin the server child and the load generator to different cores. `BENCH_PIN=0` turns it off. */
  pin: boolean
}

// the values are read once; `--quick` adjusts the ones not set in the environment
export const settings: BenchSettings = {
  rounds: Math.round(readNumber('BENCH_ROUNDS', 5, 1)),
  seconds: readNumber('BENCH_SECONDS', 3, 0.5),
  warmupSeconds: readNumber('BENCH_WARMUP', 1, 0),
  scale: readNumber('BENCH_SCALE', 1, 0.01),
  pin: process.env.BENCH_PIN !== '0',
}

/** `--quick`: a smoke run (3 rounds of 1 s, a quarter of the iterations) unless the env says otherwise. */
export function applyQuick(): void {
  if (!process.env.BENCH_ROUNDS) settings.rounds = 3
  if (!process.env.BENCH_SECONDS) settings.seconds = 1
  if (!process.env.BENCH_WARMUP) settings.warmupSeconds = 0.5
  if (!process.env.BENCH_SCALE) settings.scale = 0.25
}
