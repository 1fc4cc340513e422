/**
 * @module
 * The figures of `getRequestStats`: counts by status class, latency percentiles and time buckets
 * of an environment's recorded calls received in `[from, to)`, with the same filters as
 * `listRequests`.
 * - success = status below 400, client error = 4xx, server error = 5xx;
 * - `p50Ms`/`p95Ms` by the nearest-rank method over `durationMs` (the smallest duration with at
 *   least p% of the calls at or below it), null when no call matches;
 * - buckets start at `from` and cover the window; their size is the smallest of `BUCKET_SIZES_MS`
 *   giving at most `MAX_BUCKETS` buckets (whole days beyond the largest).
 */
import type { RequestStats, RequestStatsBucket, RequestStatsQuery } from '../schemas/request.js'
import type { RecordedCall } from './recorded-call.js'
import { requestMatcher } from './request-filter.js'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const MAX_BUCKETS = 60
export const BUCKET_SIZES_MS: readonly number[] = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
]

/** The stats of `calls` (one environment's, any order) that match `query`'s filters and window. */
export function requestStats(
  calls: Iterable<RecordedCall>,
  query: Omit<RequestStatsQuery, 'environmentId'>,
): RequestStats {
  const fromMs = Date.parse(query.from)
  const toMs = Date.parse(query.to)
  const size = bucketSizeMs(toMs - fromMs)
  const buckets: RequestStatsBucket[] = []
  for (let at = fromMs; at < toMs; at += size) {
    buckets.push({ from: new Date(at).toISOString(), success: 0, clientError: 0, serverError: 0 })
  }
  const matches = requestMatcher(query)
  const durations: number[] = []
  let success = 0
  let clientError = 0
  let serverError = 0
  for (const call of calls) {
    if (!matches(call)) continue
    durations.push(call.durationMs)
    const bucket = buckets[Math.floor((call.receivedAtMs - fromMs) / size)]!
    if (call.responseStatus >= 500) {
      serverError++
      bucket.serverError++
    } else if (call.responseStatus >= 400) {
      clientError++
      bucket.clientError++
    } else {
      success++
      bucket.success++
    }
  }
  durations.sort((a, b) => a - b)
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    count: durations.length,
    successCount: success,
    clientErrorCount: clientError,
    serverErrorCount: serverError,
    p50Ms: nearestRank(durations, 50),
    p95Ms: nearestRank(durations, 95),
    buckets,
  }
}

/** The bucket size for a window of `spanMs`: the smallest nice size giving <= MAX_BUCKETS. */
export function bucketSizeMs(spanMs: number): number {
  for (const size of BUCKET_SIZES_MS) if (Math.ceil(spanMs / size) <= MAX_BUCKETS) return size
  return Math.ceil(spanMs / MAX_BUCKETS / DAY) * DAY
}

/** Nearest-rank percentile of ascending `sorted`: the value at rank ceil(p/100 * n). */
export function nearestRank(sorted: readonly number[], percent: number): number | null {
  if (sorted.length === 0) return null
  const rank = Math.max(1, Math.ceil((percent * sorted.length) / 100))
  return sorted[rank - 1]!
}
