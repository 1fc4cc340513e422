/**
 * @module
 * Counts a finished native call for the fidelity report (`src/calls/usage-tally.ts`): the
 * endpoint that served it (as the app's router matched it, `NativeCall.endpoint`), the error code
 * it got (the gateway's refusal code, or the app's `errorCode`), the SOQL it ran, and whether it
 * asked for something the replica does not emulate (`FEATURE_NOT_ENABLED`, a path no endpoint
 * serves, a query parameter the endpoint ignores).
 */
import type { RawBody } from '../calls/raw-call.js'
import type { UsageTally } from '../calls/usage-tally.js'
import type { CallOutcome } from './call-outcome.js'
import type { ReceivedCall } from './received-call.js'

export function countNativeUsage(usage: UsageTally, call: ReceivedCall, outcome: CallOutcome): void {
  const method = call.request.method
  if (outcome.respondedBy === 'gateway') {
    if (outcome.errorCode) usage.errorCode('gateway', outcome.errorCode)
    return
  }
  const path = call.path?.nativePath ?? call.url.pathname
  const { endpoint } = outcome
  const status = outcome.status
  if (endpoint) usage.endpoint(`${method} ${endpoint.name}`)
  else usage.unlistedEndpoint(`${method} ${unlisted(path)}`)
  const at = { surface: 'native' as const, method, path }
  if (!endpoint && status === 404) {
    usage.unemulated({ ...at, kind: 'unknown_route', detail: 'no native endpoint has this path' })
  }
  if (status >= 400) {
    const error = errorOf(outcome)
    if (error) {
      usage.errorCode('native', error.errorCode)
      if (error.errorCode === 'FEATURE_NOT_ENABLED') {
        usage.unemulated({ ...at, kind: 'feature_not_enabled', detail: error.message })
      }
    }
    return
  }
  if (endpoint?.name === 'query' || endpoint?.name === 'queryAll') {
    const soql = new URLSearchParams(call.url.search).get('q')
    if (soql) usage.query(soql)
  } else if (endpoint?.name === 'jobs/query' && method === 'POST') {
    const soql = (jsonOf(call.body) as { query?: unknown } | undefined)?.query
    if (typeof soql === 'string') usage.query(soql)
  }
  if (endpoint?.query && call.url.search.length > 1) {
    for (const name of new URLSearchParams(call.url.search).keys()) {
      if (name === '_HttpMethod' || endpoint.query.includes(name)) continue
      usage.unemulated({ ...at, kind: 'ignored_parameter', detail: `query parameter "${name}"` })
    }
  }
}

/** A path no listed endpoint matches, by its first segments (ids further on would make every call a key). */
function unlisted(path: string): string {
  const rest = path.replace(/^\/services\/data\/v\d+\.\d+/, '')
  return `(unlisted) ${rest.split('/').slice(0, 3).join('/') || '/'}`
}

/** The first `{ errorCode, message }` of a native error body (an array of them), if any. */
function errorOf(outcome: CallOutcome): { errorCode: string; message: string } | undefined {
  const body = jsonOf(outcome.body)
  const first = Array.isArray(body) ? body[0] : body
  if (typeof first?.errorCode !== 'string') return undefined
  return { errorCode: first.errorCode, message: String(first.message) }
}

/** A whole JSON body, parsed; undefined for anything else. */
function jsonOf(body: RawBody): any {
  if (!body.complete || !body.contentType?.includes('json')) return undefined
  try {
    return JSON.parse(typeof body.data === 'string' ? body.data : new TextDecoder().decode(body.data))
  } catch {
    return undefined
  }
}
