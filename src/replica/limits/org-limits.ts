/**
 * @module
 * `GET /services/data/vXX.X/limits`: the org's limits, each `{ Max, Remaining }`. Only
 * `DailyApiRequests` moves: it counts the environment's recorded calls of the last 24 hours (the
 * ones the request log still holds). The others are a Developer Edition's maxima, untouched,
 * since the replica does not meter them.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_limits.htm
 */

export interface OrgLimit {
  Max: number
  Remaining: number
}

/** The maxima the replica reports (a Developer Edition's). */
const MAXIMA: ReadonlyArray<[string, number]> = [
  ['ConcurrentAsyncGetReportInstances', 200],
  ['ConcurrentSyncReportRuns', 20],
  ['DailyApiRequests', 15000],
  ['DailyAsyncApexExecutions', 250000],
  ['DailyBulkApiBatches', 15000],
  ['DailyBulkV2QueryFileStorageMB', 976562],
  ['DailyBulkV2QueryJobs', 10000],
  ['DailyStreamingApiEvents', 10000],
  ['DataStorageMB', 5],
  ['FileStorageMB', 20],
  ['HourlyTimeBasedWorkflow', 50],
  ['MassEmail', 10],
  ['SingleEmail', 15],
]

export const DAY_MS = 24 * 60 * 60 * 1000

/** The limits document, with `apiRequests` calls made in the last 24 hours. */
export function orgLimits(apiRequests: number): Record<string, OrgLimit> {
  const limits: Record<string, OrgLimit> = {}
  for (const [name, max] of MAXIMA) {
    const used = name === 'DailyApiRequests' ? apiRequests : 0
    limits[name] = { Max: max, Remaining: Math.max(0, max - used) }
  }
  return limits
}

/**
 * The `Sforce-Limit-Info` header value: `api-usage=N/M`, N = Max − Remaining and M = Max of
 * `DailyApiRequests` exactly as `orgLimits` reports them.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm
 */
export function apiUsageHeader(apiRequests: number): string {
  const { Max, Remaining } = orgLimits(apiRequests).DailyApiRequests!
  return `api-usage=${Max - Remaining}/${Max}`
}
