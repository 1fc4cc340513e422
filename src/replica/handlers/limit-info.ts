/**
 * @module
 * `Sforce-Limit-Info: api-usage=N/M` on every answer of the versioned REST API
 * (`/services/data/vXX.X/...`: records, query, search, composite, sObject Collections, Bulk API
 * 2.0, errors too), as `GET …/limits` would report `DailyApiRequests` at that moment: both count
 * the environment's recorded calls of the last 24 hours (`usedApiRequests`), so a call is counted
 * once. jsforce's `conn.limitInfo` and simple-salesforce's `api_usage` read it. A composite's
 * subrequests carry none: only the composite's own answer reaches the client.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm
 */
import type { MiddlewareHandler } from 'hono'
import { countCallsSince } from '../../management/requests.js'
import { apiUsageHeader, DAY_MS } from '../limits/org-limits.js'
import type { NativeContext, NativeEnv } from './native-env.js'

/** The environment's API calls of the last 24 hours (mock clock); 0 when nothing counts them. */
export function usedApiRequests(c: NativeContext): number {
  const { management } = c.get('options')
  const { environmentId } = c.get('native').call
  return management ? countCallsSince(management, environmentId, management.clock.nowMs() - DAY_MS) : 0
}

export function limitInfo(): MiddlewareHandler<NativeEnv> {
  return async (c, next) => {
    await next()
    if (c.get('transaction')) return
    c.res.headers.set('sforce-limit-info', apiUsageHeader(usedApiRequests(c)))
  }
}
