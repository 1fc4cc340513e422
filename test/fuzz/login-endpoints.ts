/**
 * Fuzz table rows for the login surfaces: the OAuth endpoints (errors in OAuth's own
 * `{ error, error_description }`, urlencoded for revoke), the SOAP `login`/`logout` endpoint (faults
 * as XML, HTTP 500 as in Salesforce), the identity URL, SOSL search and limits (native errors).
 */
import fc from 'fast-check'
import { mostly, segment } from './arbitraries.js'
import type { Payload } from './csv-arbitraries.js'
import type { Endpoint } from './endpoint.js'
import { V } from './endpoint.js'

const GRANTS = ['password', 'refresh_token', 'client_credentials', 'authorization_code', 'implicit', '']

/** A token request as a client posts it: a form of known fields with hostile values, or junk. */
const tokenForm: fc.Arbitrary<Payload> = fc
  .record(
    {
      grant_type: mostly(GRANTS),
      username: fc.string({ maxLength: 80 }),
      password: fc.string({ maxLength: 80 }),
      client_id: fc.string({ maxLength: 80 }),
      client_secret: fc.string({ maxLength: 80 }),
      refresh_token: fc.string({ maxLength: 120 }),
      code: fc.string({ maxLength: 120 }),
      redirect_uri: fc.oneof(fc.webUrl(), fc.string({ maxLength: 40 })),
      format: fc.constantFrom('json', 'urlencoded', 'xml', ''),
    },
    { requiredKeys: [] },
  )
  .chain((fields) =>
    fc.oneof(
      fc.constant<Payload>({
        body: new URLSearchParams(fields as Record<string, string>).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      fc.constant<Payload>({ body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } }),
    ),
  )

/** A SOAP envelope around `login`/`logout` with hostile credentials, or a broken envelope. */
const soapEnvelope: fc.Arbitrary<Payload> = fc
  .tuple(
    fc.constantFrom('login', 'logout', 'query', ''),
    fc.string({ maxLength: 60 }),
    fc.string({ maxLength: 60 }),
    fc.constantFrom('full', 'cut', 'entity', 'no-namespace', 'unterminated', 'char-ref', 'deep'),
  )
  .map(([operation, username, password, shape]) => {
    const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
    const inner = `<n1:${operation} xmlns:n1="urn:partner.soap.sforce.com"><n1:username>${xmlText(username)}</n1:username><n1:password>${xmlText(password)}</n1:password></n1:${operation}>`
    const envelope =
      shape === 'no-namespace'
        ? `<Envelope><Body>${inner}</Body></Envelope>`
        : `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>${
            shape === 'entity' ? '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>&a;' : ''
          }${inner}</soapenv:Body></soapenv:Envelope>`
    const hostile: Record<string, string> = {
      // start tags that never end: the shape that made the old regular-expression reader quadratic
      unterminated: `<soapenv:Envelope><soapenv:Body>${'<username '.repeat(20_000)}`,
      'char-ref': envelope.replace('<n1:username>', '<n1:username>&#x110000;&#99999999999;'),
      deep: `<Envelope><Body>${'<a>'.repeat(200)}${'</a>'.repeat(200)}</Body></Envelope>`,
    }
    return {
      body: hostile[shape] ?? (shape === 'cut' ? envelope.slice(0, envelope.length >> 1) : envelope),
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${operation}"` },
    }
  })

export const LOGIN_ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'oauth2 token',
    surface: 'oauth',
    methods: ['POST', 'POST', 'POST', 'GET', 'PUT'],
    path: () => fc.constantFrom('/services/oauth2/token', '//services/oauth2/token'),
    payload: tokenForm,
  },
  {
    name: 'oauth2 revoke',
    surface: 'oauth',
    methods: ['POST', 'GET', 'DELETE'],
    path: () => fc.constant('/services/oauth2/revoke'),
    query: ['token'],
    payload: fc.string({ maxLength: 200 }).map((token) => ({
      body: new URLSearchParams({ token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })),
  },
  {
    name: 'oauth2 authorize',
    surface: 'oauth',
    methods: ['GET', 'POST'],
    path: () => fc.constant('/services/oauth2/authorize'),
    query: ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'code_challenge'],
    payload: tokenForm,
  },
  {
    name: 'oauth2 userinfo',
    surface: 'oauth',
    methods: ['GET', 'POST'],
    path: () => fc.constant('/services/oauth2/userinfo'),
    query: ['format', 'oauth_token'],
  },
  {
    name: 'SOAP login',
    surface: 'soap',
    methods: ['POST', 'POST', 'POST', 'GET'],
    path: (ids) =>
      fc
        .tuple(segment(['60.0', '30.0', '5.0', '61.0']), fc.option(segment([ids.organizationId])))
        .map(([version, org]) => `/services/Soap/u/${version}${org === null ? '' : `/${org}`}`),
    payload: soapEnvelope,
  },
  {
    name: 'identity',
    surface: 'native',
    methods: ['GET', 'POST', 'DELETE'],
    path: (ids) =>
      fc
        .tuple(segment([ids.organizationId]), segment([ids.userId, '005Rm0000000001IAA']))
        .map(([org, user]) => `/id/${org}/${user}`),
    query: ['format', 'version', 'callback', 'oauth_token'],
  },
  {
    name: 'search',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () => fc.constant(`${V}/search`),
    queryText: () =>
      fc
        .tuple(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('', ' IN NAME FIELDS', ' IN ALL FIELDS', ' IN EMAIL FIELDS', ' IN x'),
          fc.constantFrom(
            ' RETURNING Account(Name)',
            ' RETURNING Contact(Email, Name), Account',
            '',
            ' RETURNING',
          ),
          fc.constantFrom('', ' LIMIT 5', ' LIMIT -1', ' WITH SNIPPET'),
        )
        .map(
          ([term, scope, returning, tail]) =>
            `q=${encodeURIComponent(`FIND {${term}}${scope}${returning}${tail}`)}`,
        ),
  },
  {
    name: 'limits',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () => fc.constantFrom(`${V}/limits`, `${V}/limits/`, '/services/data/v20.0/limits'),
    query: ['fields'],
  },
]
