/**
 * @module
 * What a run exercised, counted as it happens: management operations, native endpoints, SOQL
 * texts, error codes, and every request that hit something the replica does not emulate. The
 * fidelity report (`src/handlers/fidelity/`) is built from these counts when asked for.
 *
 * @note Counting is a map increment per request: anything costlier (parsing SOQL into features,
 * sorting, naming what was not exercised) happens once per distinct key when the report is made.
 */

/** Something a request needed that the replica does not emulate. */
export type UnemulatedKind = 'feature_not_enabled' | 'unknown_route' | 'ignored_parameter'

export interface UnemulatedRequest {
  kind: UnemulatedKind
  surface: 'management' | 'native'
  method: string
  /** Path without the query (native: the native path, prefix and token stripped). */
  path: string
  /** The feature, parameter or route that was missing. */
  detail: string
  /** Full name of the test that sent it, when a test runner said which one runs. */
  test: string | null
  count: number
}

/** The counts as plain JSON (they travel from test workers to the reporter). */
export interface UsageCounts {
  /** operationId -> calls. */
  operations: Record<string, number>
  /** Native endpoint (`GET /sobjects/{object}/{id}`) -> calls. */
  endpoints: Record<string, number>
  /** `management:not_found`, `native:INVALID_FIELD`, `gateway:environment_paused` -> responses. */
  errorCodes: Record<string, number>
  /** SOQL text -> times it was run. */
  queries: Record<string, number>
  unemulated: UnemulatedRequest[]
}

/** Distinct SOQL texts and unemulated requests kept; beyond them only totals grow. */
const MAX_QUERIES = 2000
const MAX_UNEMULATED = 500
export const OTHER_QUERIES = '(more distinct queries than are kept)'

export class UsageTally {
  /** Full name of the test whose requests are being counted now (the Vitest plugin sets it). */
  test: string | null = null
  /**
   * Blanks the secrets in a text the tally keeps (a SOQL text, a path), when it is counted: the
   * report is printed in CI logs and travels between processes, and a secret known now may be
   * forgotten after a reset. @default none blanked
   */
  readonly #redact: (text: string) => string

  constructor(redact: (text: string) => string = (text) => text) {
    this.#redact = redact
  }
  #operations = new Map<string, number>()
  #endpoints = new Map<string, number>()
  #errorCodes = new Map<string, number>()
  #queries = new Map<string, number>()
  #unemulated = new Map<string, UnemulatedRequest>()

  operation(operationId: string): void {
    bump(this.#operations, operationId)
  }

  endpoint(endpoint: string): void {
    bump(this.#endpoints, endpoint)
  }

  /** A path no endpoint serves, counted by its first segments: what the client sent, so redacted. */
  unlistedEndpoint(endpoint: string): void {
    bump(this.#endpoints, this.#redact(endpoint))
  }

  errorCode(surface: 'management' | 'native' | 'gateway', code: string): void {
    bump(this.#errorCodes, `${surface}:${code}`)
  }

  query(text: string): void {
    const queries = this.#queries
    const soql = this.#redact(text)
    bump(queries, queries.size < MAX_QUERIES || queries.has(soql) ? soql : OTHER_QUERIES)
  }

  unemulated(sent: Omit<UnemulatedRequest, 'test' | 'count'>): void {
    const request = { ...sent, path: this.#redact(sent.path), detail: this.#redact(sent.detail) }
    const test = this.test
    const key = `${request.kind}\0${request.surface}\0${request.method}\0${request.path}\0${request.detail}\0${test}`
    const known = this.#unemulated.get(key)
    if (known) known.count++
    else if (this.#unemulated.size < MAX_UNEMULATED) this.#unemulated.set(key, { ...request, test, count: 1 })
  }

  /** The counts so far, as JSON. */
  counts(): UsageCounts {
    return {
      operations: Object.fromEntries(this.#operations),
      endpoints: Object.fromEntries(this.#endpoints),
      errorCodes: Object.fromEntries(this.#errorCodes),
      queries: Object.fromEntries(this.#queries),
      unemulated: [...this.#unemulated.values()].map((request) => ({ ...request })),
    }
  }

  /** The counts so far; the tally starts again from zero. */
  take(): UsageCounts {
    const counts = this.counts()
    this.clear()
    return counts
  }

  clear(): void {
    this.#operations.clear()
    this.#endpoints.clear()
    this.#errorCodes.clear()
    this.#queries.clear()
    this.#unemulated.clear()
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1)
}

export function emptyUsage(): UsageCounts {
  return { operations: {}, endpoints: {}, errorCodes: {}, queries: {}, unemulated: [] }
}

/** `into` plus `more` (the reporter adds every test's counts up). */
export function addUsage(into: UsageCounts, more: UsageCounts): UsageCounts {
  for (const key of ['operations', 'endpoints', 'errorCodes', 'queries'] as const) {
    for (const [name, count] of Object.entries(more[key])) into[key][name] = (into[key][name] ?? 0) + count
  }
  for (const request of more.unemulated) {
    const same = into.unemulated.find(
      (known) =>
        known.kind === request.kind &&
        known.method === request.method &&
        known.path === request.path &&
        known.detail === request.detail &&
        known.test === request.test,
    )
    if (same) same.count += request.count
    else into.unemulated.push({ ...request })
  }
  return into
}
