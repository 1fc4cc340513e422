/**
 * @module
 * Requests/s of an HTTP endpoint with autocannon, run from this process against a server child
 * (see spawn-server.ts), as the median of several rounds after a warm-up.
 */
import autocannon from 'autocannon'
import { cpuSeconds, pinSelfToClientCore } from './cpu.js'
import { settings } from './settings.js'
import { type Measurement, median, toMeasurement } from './stats.js'

export interface HttpTarget {
  /** Printed beside the figure. */
  label: string
  url: string
  headers?: Record<string, string>
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: string
  /** The server child's pid: its CPU use per round is reported (a server below ~90% was not the bottleneck). */
  serverPid?: number
  /** Seconds of warm-up of this target, when it needs more than the others (a JVM server). */
  warmupSec?: number
}

export interface HttpLoad {
  /** Concurrent keep-alive connections. @default 10 */
  connections?: number
  /** Seconds per round. @default settings.seconds (`BENCH_SECONDS`, 3) */
  durationSec?: number
  /** @default settings.rounds (`BENCH_ROUNDS`, 5) */
  rounds?: number
  /** Seconds of warm-up per target before the first round. @default settings.warmupSeconds (1) */
  warmupSec?: number
}

/**
 * Median requests/s of one target.
 * @example
 * const rps = await measureHttp({ label: 'replica', url: `${server.url}/v1/me`, headers })
 */
export async function measureHttp(options: HttpTarget & HttpLoad): Promise<Measurement> {
  const [only] = await compareHttp([options], options)
  return only!
}

/**
 * Median requests/s of several targets, their rounds interleaved (A B A B ...) so that drift in
 * the machine's speed during the run hits every target alike.
 */
export async function compareHttp(targets: HttpTarget[], load: HttpLoad = {}): Promise<Measurement[]> {
  const {
    connections = 10,
    durationSec = settings.seconds,
    rounds = settings.rounds,
    warmupSec = settings.warmupSeconds,
  } = load
  const samples = targets.map(() => [] as number[])
  const cpu = targets.map(() => [] as number[])
  const cpuPerRequest = targets.map(() => [] as number[])
  const unpin = pinSelfToClientCore()
  try {
    for (const target of targets) {
      const seconds = target.warmupSec ?? warmupSec
      if (seconds > 0) await runRound(target, connections, seconds)
    }
    for (let round = 0; round < rounds; round++) {
      for (const [index, target] of targets.entries()) {
        const before = target.serverPid === undefined ? undefined : cpuSeconds(target.serverPid)
        const started = performance.now()
        const { requests, seconds } = await runRound(target, connections, durationSec)
        samples[index]!.push(requests / seconds)
        const after = target.serverPid === undefined ? undefined : cpuSeconds(target.serverPid)
        if (before !== undefined && after !== undefined) {
          cpu[index]!.push((after - before) / ((performance.now() - started) / 1000))
          cpuPerRequest[index]!.push(((after - before) / requests) * 1e6)
        }
      }
    }
  } finally {
    unpin()
  }
  return targets.map((target, index) => {
    const used = cpu[index]!
    // a server well below 100% was not the bottleneck: the load generator was
    const note = used.length > 0 ? `server CPU ${Math.round(median(used) * 100)}%` : undefined
    return toMeasurement(target.label, 'req/s', samples[index]!, { cpuMicros: cpuPerRequest[index], note })
  })
}

async function runRound(
  target: HttpTarget,
  connections: number,
  durationSec: number,
): Promise<{ requests: number; seconds: number }> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration: durationSec,
  })
  // a figure built on errors or error statuses measures the wrong thing
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `Failed to measure ${target.label}: ${result.errors} connection errors and ${result.non2xx} non-2xx responses from ${target.url}`,
    )
  }
  return { requests: result.requests.total, seconds: result.duration }
}
