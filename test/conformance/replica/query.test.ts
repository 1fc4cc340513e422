import type { ApiResponse } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'
const PAGE_URL = /^\/services\/data\/v60\.0\/query\/01g[0-9A-Za-z]{15}-(\d+)$/

type Page = { totalSize: number; done: boolean; nextRecordsUrl?: string; records: Array<Record<string, any>> }

/** Adds `n` accounts straight into the environment's records (as a test would seed them). */
function seedAccounts(mock: any, app: AppConnection, n: number, fields: Record<string, unknown> = {}) {
  return mock.records(app.environment.id).insert(
    'Account',
    Array.from({ length: n }, (_, i) => ({ Name: `Bulk ${String(i).padStart(5, '0')}`, ...fields })),
  ) as string[]
}

function batch(size: number | string) {
  return { headers: { 'Sforce-Query-Options': `batchSize=${size}` } }
}

/** Follows nextRecordsUrl to the end; returns every page. */
async function allPages(app: AppConnection, first: ApiResponse<Page>): Promise<Page[]> {
  const pages = [first.body]
  while (!pages.at(-1)!.done) {
    const next = await app.get<Page>(pages.at(-1)!.nextRecordsUrl!)
    expect(next.status, JSON.stringify(next.body)).toBe(200)
    pages.push(next.body)
  }
  return pages
}

test('answers records with attributes and nested parent relationships', async ({ client }) => {
  const app = await connectApp(client)
  const response = await query(
    app,
    "SELECT Id, LastName, Account.Name, Account.Owner.Name FROM Contact WHERE Account.Name = 'Acme Corporation'",
  )
  expect(response.status).toBe(200)
  expect(response.body).toEqual({
    totalSize: 1,
    done: true,
    records: [
      {
        attributes: { type: 'Contact', url: `${V}/sobjects/Contact/003Rm0000000001IAA` },
        Id: '003Rm0000000001IAA',
        LastName: 'Coyote',
        Account: {
          attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
          Name: 'Acme Corporation',
          Owner: {
            attributes: { type: 'User', url: `${V}/sobjects/User/005Rm0000000001IAA` },
            Name: 'Ada Admin',
          },
        },
      },
    ],
  })
})

test('answers child relationships, COUNT() and aggregates in the REST shapes', async ({ client }) => {
  const app = await connectApp(client)
  const children = await query(
    app,
    `SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Id = '${ACME}'`,
  )
  expect(children.body.records[0].Contacts).toEqual({
    totalSize: 1,
    done: true,
    records: [
      {
        attributes: { type: 'Contact', url: `${V}/sobjects/Contact/003Rm0000000001IAA` },
        LastName: 'Coyote',
      },
    ],
  })
  expect((await query(app, 'SELECT COUNT() FROM Account')).body).toEqual({
    totalSize: 3,
    done: true,
    records: [],
  })
  const grouped = await query(
    app,
    'SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry ORDER BY Industry',
  )
  expect(grouped.body.records[0]).toEqual({
    attributes: { type: 'AggregateResult' },
    Industry: 'Energy',
    expr0: 1,
  })
})

test('reads object and field names in any case and answers with the canonical ones', async ({ client }) => {
  const app = await connectApp(client)
  const response = await query(
    app,
    "select NAME, external_id__c from ACCOUNT where name = 'acme corporation'",
  )
  expect(response.body.records).toEqual([
    {
      attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
      Name: 'Acme Corporation',
      External_Id__c: 'ACME-001',
    },
  ])
})

test('pages by nextRecordsUrl in batches of 2000 by default, until done', async ({ client, mock }) => {
  const app = await connectApp(client)
  seedAccounts(mock, app, 2500)
  const first = await query(app, 'SELECT Id FROM Account')
  expect(first.status).toBe(200)
  expect(first.body).toMatchObject({ totalSize: 2503, done: false })
  expect(first.body.records).toHaveLength(2000)
  expect(first.body.nextRecordsUrl).toMatch(PAGE_URL)
  expect(PAGE_URL.exec(first.body.nextRecordsUrl)![1]).toBe('2000')
  const pages = await allPages(app, first)
  expect(pages.map((page) => page.records.length)).toEqual([2000, 503])
  expect(pages[1]).toMatchObject({ totalSize: 2503, done: true })
  expect(pages[1]).not.toHaveProperty('nextRecordsUrl')
  const ids = pages.flatMap((page) => page.records.map((record) => record.Id))
  expect(new Set(ids).size).toBe(2503)
})

test('takes the batch size from Sforce-Query-Options within 200..2000', async ({ client, mock }) => {
  const app = await connectApp(client)
  seedAccounts(mock, app, 2200)
  const sizes: Record<string, number> = {}
  for (const size of [500, 199, 200, 2000, 2001, 1]) {
    sizes[size] = (await query(app, 'SELECT Id FROM Account', batch(size))).body.records.length
  }
  expect(sizes).toEqual({ 500: 500, 199: 200, 200: 200, 2000: 2000, 2001: 2000, 1: 200 })
  const first = await query(app, 'SELECT Id FROM Account', batch(1000))
  const second = await app.get<Page>(first.body.nextRecordsUrl, batch(300))
  expect(second.body.records).toHaveLength(300)
  expect(PAGE_URL.exec(second.body.nextRecordsUrl!)![1]).toBe('1300')
})

test('returns fewer rows than the batch when they are large, keeping a page well under 4 MiB', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  seedAccounts(mock, app, 300, { Description: 'd'.repeat(30_000) })
  const first = await query(app, "SELECT Id, Description FROM Account WHERE Name LIKE 'Bulk%'")
  expect(first.status).toBe(200)
  expect(first.body.records.length).toBeLessThan(300)
  expect(first.text.length).toBeLessThan(4 * 1024 * 1024)
  const pages = await allPages(app, first)
  expect(pages.reduce((sum, page) => sum + page.records.length, 0)).toBe(300)
})

test('includes the recycle bin with queryAll, paging under /queryAll', async ({ client, mock }) => {
  const app = await connectApp(client)
  const ids = seedAccounts(mock, app, 250)
  for (const id of ids.slice(0, 210)) mock.records(app.environment.id).delete('Account', id)
  const soql = "SELECT Id, IsDeleted FROM Account WHERE Name LIKE 'Bulk%'"
  expect((await query(app, soql)).body.totalSize).toBe(40)
  const all = await app.get<Page>(`${V}/queryAll?q=${encodeURIComponent(soql)}`, batch(200))
  expect(all.body).toMatchObject({ totalSize: 250, done: false })
  expect(all.body.nextRecordsUrl).toMatch(/^\/services\/data\/v60\.0\/queryAll\/01g[0-9A-Za-z]{15}-200$/)
  const pages = await allPages(app, all)
  const deleted = pages.flatMap((page) => page.records).filter((record) => record.IsDeleted)
  expect(deleted).toHaveLength(210)
})

test('answers MALFORMED_QUERY with the row and column, INVALID_FIELD and INVALID_TYPE', async ({
  client,
}) => {
  const app = await connectApp(client)
  const malformed = expectNativeError(await query(app, 'SELEC Id FROM Account'), 400, 'MALFORMED_QUERY')
  expect(malformed.message).toContain('ERROR at Row:1:Column:1')
  const field = expectNativeError(await query(app, 'SELECT Nope FROM Account'), 400, 'INVALID_FIELD')
  expect(field.message).toContain("No such column 'Nope' on entity 'Account'")
  expectNativeError(await query(app, 'SELECT Id FROM Nope'), 400, 'INVALID_TYPE')
  expectNativeError(await app.get(`${V}/query`), 400, 'MALFORMED_QUERY')
  expectNativeError(await app.get(`${V}/query?q=`), 400, 'MALFORMED_QUERY')
})

test('lets the actor query only the fields it sees', async ({ client }) => {
  const app = await connectApp(client)
  expect((await query(app, 'SELECT AnnualRevenue FROM Account')).status).toBe(200)
  const integration = await app.as('integration')
  expectNativeError(await query(integration, 'SELECT AnnualRevenue FROM Account'), 400, 'INVALID_FIELD')
})

test('fails loudly on what the replica does not emulate: TYPEOF, explain, other query options', async ({
  client,
}) => {
  const app = await connectApp(client)
  const typeOf = await query(app, 'SELECT TYPEOF What WHEN Account THEN Name END FROM Task')
  expect(expectNativeError(typeOf, 501, 'FEATURE_NOT_ENABLED').message).toContain('TYPEOF is not supported')
  expectNativeError(await app.get(`${V}/query?explain=SELECT+Id+FROM+Account`), 501, 'FEATURE_NOT_ENABLED')
  const option = await query(app, 'SELECT Id FROM Account', {
    headers: { 'Sforce-Query-Options': 'fetchSize=5' },
  })
  expect(expectNativeError(option, 501, 'FEATURE_NOT_ENABLED').message).toContain('fetchSize')
  expectNativeError(await query(app, 'SELECT Id FROM Account', batch('many')), 400, 'INVALID_BATCH_SIZE')
})

test('answers INVALID_QUERY_LOCATOR for an unknown, malformed, foreign or overrun locator', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  seedAccounts(mock, app, 300)
  const first = await query(app, 'SELECT Id FROM Account', batch(200))
  const [, locator] = /\/query\/(01g[0-9A-Za-z]{15})-200$/.exec(first.body.nextRecordsUrl)!
  expectNativeError(await app.get(`${V}/query/01gRm0000000999IAA-200`), 400, 'INVALID_QUERY_LOCATOR')
  expectNativeError(await app.get(`${V}/query/nonsense`), 400, 'INVALID_QUERY_LOCATOR')
  expectNativeError(await app.get(`${V}/query/${locator}-304`), 400, 'INVALID_QUERY_LOCATOR')
  expect((await app.get(`${V}/query/${locator}-303`)).body).toMatchObject({ done: true, records: [] })
  const integration = await app.as('integration')
  expectNativeError(await integration.get(`${V}/query/${locator}-200`), 400, 'INVALID_QUERY_LOCATOR')
  expect((await app.get(`${V}/query/${locator}-200`)).status).toBe(200)
})

test('expires a cursor after 15 minutes without use, on the mock clock', async ({ client, mock }) => {
  const app = await connectApp(client)
  seedAccounts(mock, app, 300)
  const first = await query(app, 'SELECT Id FROM Account', batch(200))
  mock.clock.advance(15 * 60_000)
  expect((await app.get(first.body.nextRecordsUrl)).status).toBe(200)
  mock.clock.advance(15 * 60_000 + 1)
  expectNativeError(await app.get(first.body.nextRecordsUrl), 400, 'INVALID_QUERY_LOCATOR')
})
