/**
 * @module
 * The filters of `listRequests` and `getRequestStats` (docs/gateway.md#recorded-calls) as a predicate over
 * recorded calls.
 */
import type { RequestFilterQuery } from '../schemas/request.js'
import type { RecordedCall } from './recorded-call.js'

/** The filters of `listRequests` and `getRequestStats`. */
export type RequestFilter = RequestFilterQuery

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Every filter ANDed; the window is half-open, `from <= receivedAt < to`. */
export function requestMatcher(
  filter: Omit<RequestFilter, 'environmentId'>,
): (call: RecordedCall) => boolean {
  const search = filter.search?.toLowerCase()
  const from = filter.from === undefined ? undefined : Date.parse(filter.from)
  const to = filter.to === undefined ? undefined : Date.parse(filter.to)
  // `2xx` -> 2
  const statusClass = filter.statusClass === undefined ? undefined : Number(filter.statusClass[0])
  return (call) => {
    if (filter.app !== undefined && call.app !== filter.app) return false
    if (filter.method !== undefined && call.method !== filter.method) return false
    if (filter.responseStatus !== undefined && call.responseStatus !== filter.responseStatus) return false
    if (statusClass !== undefined && Math.floor(call.responseStatus / 100) !== statusClass) return false
    if (filter.writesOnly === true && !WRITE_METHODS.has(call.method)) return false
    if (from !== undefined && call.receivedAtMs < from) return false
    if (to !== undefined && call.receivedAtMs >= to) return false
    if (
      search !== undefined &&
      !call.path.toLowerCase().includes(search) &&
      !call.query.toLowerCase().includes(search)
    ) {
      return false
    }
    return true
  }
}
