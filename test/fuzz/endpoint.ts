/**
 * What the fuzz suite knows of one endpoint (a row of ENDPOINTS, endpoints.ts): its surface (which
 * error format it answers in), methods, a path generator over the ids the target holds, the query
 * parameters it knows, and a plausible body to start mutating from, or a payload in the
 * endpoint's own format (CSV, multipart) with the headers that go with it.
 */
import fc from 'fast-check'
import type { Payload } from './csv-arbitraries.js'

/** Which error format an endpoint answers in (`oauth`: OAuth's `{ error }`; `soap`: an XML fault). */
export type Surface = 'management' | 'native' | 'control' | 'oauth' | 'soap'

/** Ids of real resources of the fuzz target, so paths reach past "not found". */
export interface KnownIds {
  environmentId: string
  /** The environment native calls go to (its app token is the target's `appToken`). */
  nativeEnvironmentId: string
  snapshotId: string
  requestId: string
  accountId: string
  /** Bulk ingest jobs of the native environment: Open with no data, Open with data, JobComplete. */
  openJobId: string
  loadedJobId: string
  doneJobId: string
  /** A JobComplete query job with a few rows. */
  queryJobId: string
  /** The native environment's org and the token's user (the identity URL's path). */
  organizationId: string
  userId: string
}

export interface Endpoint {
  name: string
  surface: Surface
  methods: readonly string[]
  path: (ids: KnownIds) => fc.Arbitrary<string>
  /** Query parameter names the endpoint reads (the rest of the query is junk). */
  query?: readonly string[]
  /** The whole query string instead (SOQL text, locators), when junk would not reach far. */
  queryText?: (ids: KnownIds) => fc.Arbitrary<string>
  /** A body that would be accepted, to mutate from; absent: the body is junk or none. */
  body?: fc.Arbitrary<unknown>
  /** Some of the time, a body in the endpoint's own format with its headers instead of JSON. */
  payload?: fc.Arbitrary<Payload>
}

export const V = '/services/data/v60.0'
export const fixed = (path: string) => () => fc.constant(path)

/** The plausible body as is (no mutation), so most requests reach past parsing. */
export function asJson(body: fc.Arbitrary<unknown>): fc.Arbitrary<Payload> {
  return body.map((value) => ({
    body: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  }))
}
