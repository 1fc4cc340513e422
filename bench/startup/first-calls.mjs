// Startup probe: the first and the second call of one surface, in a fresh process
// (`node first-calls.mjs SURFACE`). Before timing, what every test of an app does anyway: create a
// mock, create an environment with the CRM app, get credentials, run one SOQL query. Calls go
// through `replica.fetch` (the app itself, no MSW), so the figures are the surface's own.
// Prints one JSON line: { "surface", "first", "second" } in ms.
import { createReplicaMock } from '../../dist/index.js'

const V = '/services/data/v60.0'
const API = { authorization: 'Bearer test-api-key', 'content-type': 'application/json' }
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

const replica = createReplicaMock()
const base = replica.baseUrl

async function call(url, init, expected) {
  const response = await replica.fetch(new Request(url, init))
  const text = await response.text()
  if (response.status !== expected) {
    throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}, not ${expected}: ${text}`)
  }
  return text
}

const environment = JSON.parse(
  await call(`${base}/v1/environments`, { method: 'POST', headers: API, body: '{"apps":["crm"]}' }, 202),
)
await call(`${base}/v1/environments/${environment.id}`, { headers: API }, 200) // running from here on
const credentials = JSON.parse(
  await call(
    `${base}/v1/environments/${environment.id}/apps/crm/credentials`,
    { method: 'POST', headers: API, body: '{}' },
    200,
  ),
)
const app = credentials.url
const native = { ...credentials.headers, 'content-type': 'application/json' }
const login = credentials.login
const soql = `${V}/query?q=${encodeURIComponent('SELECT Id, Name FROM Account LIMIT 1')}`
await call(`${app}${soql}`, { headers: native }, 200)

/** Each surface: the one call timed twice. */
const surfaces = {
  'bulk-ingest': () =>
    call(
      `${app}${V}/jobs/ingest`,
      {
        method: 'POST',
        headers: native,
        body: JSON.stringify({ object: 'Account', operation: 'insert', contentType: 'CSV' }),
      },
      200,
    ),
  'oauth-password': () =>
    call(
      `${login.url}/services/oauth2/token`,
      {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: login.parameters.client_id,
          client_secret: login.secrets.client_secret,
          username: login.parameters.username,
          password: login.secrets.password,
        }).toString(),
      },
      200,
    ),
  'soap-login': () =>
    call(
      `${login.url}/services/Soap/u/60.0`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/xml', soapaction: '""' },
        body:
          '<se:Envelope xmlns:se="http://schemas.xmlsoap.org/soap/envelope/"><se:Header/><se:Body>' +
          `<login xmlns="urn:partner.soap.sforce.com"><username>${login.parameters.username}</username>` +
          `<password>${login.secrets.password}</password></login></se:Body></se:Envelope>`,
      },
      200,
    ),
  composite: () =>
    call(
      `${app}${V}/composite`,
      {
        method: 'POST',
        headers: native,
        body: JSON.stringify({ compositeRequest: [{ method: 'GET', url: soql, referenceId: 'accounts' }] }),
      },
      200,
    ),
  sosl: () =>
    call(
      `${app}${V}/search?q=${encodeURIComponent('FIND {Acme} RETURNING Account(Name)')}`,
      { headers: native },
      200,
    ),
  inspector: () => call(`${base}/__replica/ui`, {}, 200),
  openapi: () => call(`${base}/v1/openapi.json`, {}, 200),
  fidelity: () => call(`${base}/__replica/fidelity`, {}, 200),
}

const surface = process.argv[2]
const run = surfaces[surface]
if (run === undefined) {
  throw new Error(
    `Unknown surface ${JSON.stringify(surface)} (surfaces: ${Object.keys(surfaces).join(', ')})`,
  )
}
const times = []
for (let i = 0; i < 2; i++) {
  const started = performance.now()
  await run()
  times.push(performance.now() - started)
}
console.log(JSON.stringify({ surface, first: times[0], second: times[1] }))
