/**
 * Recently viewed records: a query `FOR VIEW` / `FOR REFERENCE` stamps `LastViewedDate` /
 * `LastReferencedDate` of what it returns (and nothing else), `GET /recent` lists them newest
 * first, at most 200, and an object's basic information lists its own as `recentItems`.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'
const WILE = '003Rm0000000001IAA'
const ACME_CASE = '500Rm0000000001IAA'
const stampOf = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000')

test('FOR VIEW stamps LastViewedDate of the records returned, FOR REFERENCE LastReferencedDate', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const before = (await app.get(`${V}/sobjects/Account/${ACME}`)).body
  mock.clock.advance(60_000)
  const viewedAt = mock.clock.now().getTime()
  const viewed = await query(
    app,
    "SELECT Id, Name, LastViewedDate FROM Account WHERE Name = 'Acme Corporation' FOR VIEW",
  )
  expect(viewed.status).toBe(200)
  // the answer shows the record as it was read; the stamp is there for the next read
  expect(viewed.body.records).toEqual([expect.objectContaining({ Id: ACME, LastViewedDate: null })])
  const after = (await app.get(`${V}/sobjects/Account/${ACME}`)).body
  expect(after).toMatchObject({
    LastViewedDate: stampOf(viewedAt),
    LastReferencedDate: null,
    LastModifiedDate: before.LastModifiedDate,
    SystemModstamp: before.SystemModstamp,
  })

  mock.clock.advance(60_000)
  const referenced = await query(app, `SELECT Id FROM Contact WHERE Id = '${WILE}' FOR REFERENCE`)
  expect(referenced.status).toBe(200)
  const contact = (await app.get(`${V}/sobjects/Contact/${WILE}`)).body
  expect(contact).toMatchObject({ LastViewedDate: null, LastReferencedDate: stampOf(viewedAt + 60_000) })
  // other records are untouched
  const others = await query(app, 'SELECT COUNT() FROM Account WHERE LastViewedDate != null')
  expect(others.body.totalSize).toBe(1)
})

test('GET /recent lists what was viewed or referenced, newest first, as { attributes, Id, Name }', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  expect((await app.get(`${V}/recent`)).body).toEqual([])
  await query(app, `SELECT Id FROM Account WHERE Id = '${ACME}' FOR VIEW`)
  mock.clock.advance(1000)
  await query(app, `SELECT Id FROM Case WHERE Id = '${ACME_CASE}' FOR REFERENCE`)
  mock.clock.advance(1000)
  await query(app, `SELECT Id FROM Contact WHERE Id = '${WILE}' FOR VIEW`)

  const response = await app.get(`${V}/recent/`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
  const caseNumber = (await app.get(`${V}/sobjects/Case/${ACME_CASE}`)).body.CaseNumber
  expect(response.body).toEqual([
    {
      attributes: { type: 'Contact', url: `${V}/sobjects/Contact/${WILE}` },
      Id: WILE,
      Name: 'Wile E. Coyote',
    },
    { attributes: { type: 'Case', url: `${V}/sobjects/Case/${ACME_CASE}` }, Id: ACME_CASE, Name: caseNumber },
    {
      attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
      Id: ACME,
      Name: 'Acme Corporation',
    },
  ])
  const two = await app.get(`${V}/recent?limit=2`)
  expect(two.body.map((item: { Id: string }) => item.Id)).toEqual([WILE, ACME_CASE])
  // viewing again moves it to the front
  mock.clock.advance(1000)
  await query(app, `SELECT Id FROM Account WHERE Id = '${ACME}' FOR REFERENCE`)
  expect((await app.get(`${V}/recent?limit=1`)).body[0].Id).toBe(ACME)
})

test('GET /recent lists at most 200, newest first; limit must be a positive whole number', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  // 201 records viewed a second apart, stamped as a test seeds them (a query marking 201 rows
  // would only repeat the FOR VIEW test)
  const start = Date.parse('2026-03-01T00:00:00.000Z')
  const ids = mock.records(app.environment.id).insert(
    'Invoice__c',
    Array.from({ length: 201 }, (_, i) => ({ Account__c: ACME, LastViewedDate: stampOf(start + i * 1000) })),
  )
  const listed = async (params = '') =>
    (await app.get(`${V}/recent${params}`)).body.map((item: { Id: string }) => item.Id) as string[]
  const newestFirst = [...ids].reverse()
  expect(await listed()).toEqual(newestFirst.slice(0, 200))
  expect(await listed('?limit=200')).toEqual(newestFirst.slice(0, 200))
  expect(await listed('?limit=201')).toEqual(newestFirst.slice(0, 200))
  expect(await listed('?limit=199')).toEqual(newestFirst.slice(0, 199))
  expect(await listed('?limit=1')).toEqual([ids.at(-1)])
  expectNativeError(await app.get(`${V}/recent?limit=0`), 400, 'MALFORMED_QUERY')
  expectNativeError(await app.get(`${V}/recent?limit=ten`), 400, 'MALFORMED_QUERY')
  expectNativeError(await app.get(`${V}/recent?type=Account`), 400, 'MALFORMED_QUERY')
  expectNativeError(await app.post(`${V}/recent`, { json: {} }), 405, 'METHOD_NOT_ALLOWED')
})

test('an object’s basic information lists its recently viewed records as recentItems', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  await createRecord(app, 'Account', { Name: 'Created, never viewed' })
  expect((await app.get(`${V}/sobjects/Account`)).body.recentItems).toEqual([])
  await query(app, `SELECT Id FROM Account WHERE Id = '${ACME}' FOR VIEW`)
  mock.clock.advance(1000)
  await query(app, `SELECT Id FROM Case WHERE Id = '${ACME_CASE}' FOR VIEW`)
  const accounts = (await app.get(`${V}/sobjects/Account`)).body.recentItems
  expect(accounts).toEqual([
    {
      attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
      Id: ACME,
      Name: 'Acme Corporation',
    },
  ])
  const cases = (await app.get(`${V}/sobjects/Case`)).body.recentItems
  expect(cases).toEqual([
    {
      attributes: { type: 'Case', url: `${V}/sobjects/Case/${ACME_CASE}` },
      Id: ACME_CASE,
      CaseNumber: expect.any(String),
    },
  ])
})

test('FOR VIEW is refused where Salesforce refuses it; FOR UPDATE is still not emulated', async ({
  client,
}) => {
  const app = await connectApp(client)
  const refused = async (soql: string) => expectNativeError(await query(app, soql), 400, 'MALFORMED_QUERY')
  expect((await refused('SELECT Id FROM Task FOR VIEW')).message).toContain('LastViewedDate')
  await refused('SELECT COUNT() FROM Account FOR VIEW')
  await refused('SELECT Name, COUNT(Id) FROM Account GROUP BY Name FOR REFERENCE')
  await refused('SELECT Id, (SELECT Id FROM Contacts FOR VIEW) FROM Account')
  expectNativeError(await query(app, 'SELECT Id FROM Account FOR UPDATE'), 501, 'FEATURE_NOT_ENABLED')
  const bulk = await app.post(`${V}/jobs/query`, {
    json: { operation: 'query', query: 'SELECT Id FROM Account FOR VIEW' },
  })
  expect(bulk.status).toBe(400)
  expect(JSON.stringify(bulk.body)).toContain('FOR VIEW is not supported in Bulk Query')
})
