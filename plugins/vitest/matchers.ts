/**
 * @module
 * Matchers the plugin registers with `expect.extend`, for assertions on what the code under test
 * did: `expect(replica).toHaveRecordedCall({ method, path })` and
 * `expect(environment).toHaveStatus('running')`.
 */
import type { RecordedCall } from './worker-state.js'

/** Which recorded call to look for; every given field must match. */
export interface RecordedCallMatch {
  /** HTTP method, any case. */
  method?: string
  /** The path exactly, or a pattern it must match (`/composite/`). */
  path?: string | RegExp
  /** The query string (without `?`) exactly, or a pattern. */
  query?: string | RegExp
  status?: number
  /** How many matching calls there must be. @default at least one */
  times?: number
}

export interface ReplicaMatchers<R = unknown> {
  /**
   * The replica answered a call matching `expected` during this test.
   * @example expect(replica).toHaveRecordedCall({ method: 'POST', path: '/v1/environments' })
   */
  toHaveRecordedCall(expected: RecordedCallMatch): R
  /**
   * The environment (or snapshot) has this status.
   * @example expect(await replica.environments.get(id)).toHaveStatus('running')
   */
  toHaveStatus(expected: string): R
}

interface MatcherContext {
  isNot: boolean
  utils: { printExpected(value: unknown): string; printReceived(value: unknown): string }
}

interface MatcherResult {
  pass: boolean
  message: () => string
}

export const replicaMatchers = {
  toHaveRecordedCall(this: MatcherContext, received: unknown, expected: RecordedCallMatch): MatcherResult {
    const calls = recordedCallsOf(received)
    const matching = calls.filter((call) => matchesCall(call, expected))
    const pass = expected.times === undefined ? matching.length > 0 : matching.length === expected.times
    const want = describeMatch(expected)
    const seen = calls.length === 0 ? '  (none)' : calls.map((call) => `  ${describeCall(call)}`).join('\n')
    return {
      pass,
      message: () =>
        this.isNot
          ? `expected no recorded call ${want}, but found ${matching.length}:\n${matching.map((call) => `  ${describeCall(call)}`).join('\n')}`
          : `expected a recorded call ${want}${expected.times === undefined ? '' : ` ${expected.times} time(s), found ${matching.length}`}; recorded calls:\n${seen}`,
    }
  },

  toHaveStatus(this: MatcherContext, received: unknown, expected: string): MatcherResult {
    if (
      !received ||
      typeof received !== 'object' ||
      typeof (received as { status?: unknown }).status !== 'string'
    ) {
      throw new TypeError(
        `[replica-mock] toHaveStatus expects a resource with a string \`status\`, received ${this.utils.printReceived(received)}`,
      )
    }
    const resource = received as { id?: string; status: string; reason?: unknown; failure?: unknown }
    const detail = [
      resource.reason ? `reason ${JSON.stringify(resource.reason)}` : '',
      resource.failure ? `failure ${JSON.stringify(resource.failure)}` : '',
    ]
      .filter(Boolean)
      .join(', ')
    const name = resource.id ? `"${resource.id}"` : 'resource'
    return {
      pass: resource.status === expected,
      message: () =>
        this.isNot
          ? `expected ${name} not to have status ${this.utils.printExpected(expected)}`
          : `expected ${name} to have status ${this.utils.printExpected(expected)}, but it is ${this.utils.printReceived(resource.status)}${detail ? ` (${detail})` : ''}`,
    }
  },
}

function recordedCallsOf(received: unknown): RecordedCall[] {
  if (Array.isArray(received)) return received as RecordedCall[]
  const calls = (received as { calls?: unknown } | null)?.calls
  if (typeof calls === 'function') return calls.call(received) as RecordedCall[]
  throw new TypeError(
    '[replica-mock] toHaveRecordedCall expects the `replica` fixture (or an array of recorded calls)',
  )
}

function matchesCall(call: RecordedCall, expected: RecordedCallMatch): boolean {
  if (expected.method !== undefined && call.method.toUpperCase() !== expected.method.toUpperCase())
    return false
  if (expected.status !== undefined && call.status !== expected.status) return false
  if (!matchesText(call.path, expected.path)) return false
  return matchesText(call.query, expected.query)
}

function matchesText(value: string, expected: string | RegExp | undefined): boolean {
  if (expected === undefined) return true
  return typeof expected === 'string' ? value === expected : expected.test(value)
}

function describeMatch(expected: RecordedCallMatch): string {
  const parts = [
    expected.method?.toUpperCase() ?? '*',
    expected.path === undefined ? '*' : String(expected.path),
  ]
  if (expected.query !== undefined) parts.push(`?${String(expected.query)}`)
  if (expected.status !== undefined) parts.push(`-> ${expected.status}`)
  return parts.join(' ')
}

function describeCall(call: RecordedCall): string {
  return `${call.method} ${call.path}${call.query ? `?${call.query}` : ''} -> ${call.status}`
}
