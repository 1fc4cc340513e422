/**
 * One fuzz request to an endpoint of the table (endpoint.ts): a method, a path over the target's
 * ids, a query, headers, a body (mutated JSON, or a payload in the endpoint's own format with its
 * headers) and who calls (a management token, the app token, a wrong one, none).
 */
import fc from 'fast-check'
import { bodyText, headers, queryString } from './arbitraries.js'
import type { Endpoint } from './endpoint.js'
import type { FuzzRequest, FuzzTarget } from './fuzz-target.js'

const MANAGEMENT_TOKENS = [
  'test-api-key',
  'test-readonly-key',
  'test-other-key',
  'test-member-token',
  'bogus-token',
]

export function requestOf(endpoint: Endpoint, target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const token =
    endpoint.surface === 'management'
      ? fc.option(fc.constantFrom(...MANAGEMENT_TOKENS), { freq: 10 })
      : endpoint.surface === 'native'
        ? fc.oneof(
            { weight: 8, arbitrary: fc.constant(target.appToken) },
            { weight: 1, arbitrary: fc.constantFrom('test-api-key', 'tok_nope', '') },
          )
        : endpoint.surface === 'oauth' || endpoint.surface === 'soap'
          ? fc.option(fc.constantFrom(target.appToken, 'tok_nope'), { freq: 2 })
          : fc.constant(null)
  const query = endpoint.queryText?.(target.ids) ?? queryString(endpoint.query ?? [])
  // native calls mostly send what a client sends, so hostile bodies reach past the headers' checks
  const requestHeaders =
    endpoint.surface === 'native'
      ? fc.oneof(
          {
            weight: 3,
            arbitrary: fc.constant<Record<string, string>>({ 'content-type': 'application/json' }),
          },
          { weight: 2, arbitrary: headers() },
        )
      : headers()
  const json = fc.record({
    headers: requestHeaders,
    body: bodyText(endpoint.body ?? fc.jsonValue({ maxDepth: 3 })) as fc.Arbitrary<FuzzRequest['body']>,
  })
  // an endpoint with its own format gets it most of the time, its headers over random ones
  const payload = endpoint.payload
    ? fc.oneof(
        { weight: 1, arbitrary: json },
        {
          weight: 3,
          arbitrary: fc
            .tuple(requestHeaders, endpoint.payload)
            .map(([random, own]) => ({ headers: { ...random, ...own.headers }, body: own.body })),
        },
      )
    : json
  return fc
    .record({
      surface: fc.constant(endpoint.surface),
      method: fc.constantFrom(...endpoint.methods),
      path: endpoint.path(target.ids),
      query,
      payload,
      token: token.map((value) => value ?? undefined),
    })
    .map(({ payload: { headers, body }, ...rest }) => ({ ...rest, headers, body }))
}
