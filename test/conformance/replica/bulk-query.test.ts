import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, createRecord, V } from '../../support/native.js'
import { createQueryJob, csvRows, jobInfo, QUERY, resultsPage, setState } from '../../support/bulk.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'
const JOB_ID = /^750Rm0000000\d{3}[A-Z]{3}$/

/** Every page of a query job's results from the first, following Sforce-Locator. */
async function allPages(app: AppConnection, jobId: string, maxRecords?: number, base = QUERY) {
  const pages: string[][][] = []
  let locator: string | null = null
  do {
    const params = new URLSearchParams()
    if (locator) params.set('locator', locator)
    if (maxRecords) params.set('maxRecords', String(maxRecords))
    const page = await resultsPage(app, jobId, params.size ? `?${params}` : '', base)
    expect(page.response.text.length).toBeLessThanOrEqual(4 * 1024 * 1024)
    pages.push(page.rows)
    locator = page.locator
  } while (locator)
  return pages
}

test('runs a query job and answers its rows as CSV: SELECT order, nulls empty, Salesforce formats', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  mock.clock.set('2026-05-01T10:00:00.000Z')
  const id = await createRecord(app, 'Contact', {
    LastName: 'Bulkquery',
    Birthdate: '1990-02-03',
    DoNotCall: true,
    AccountId: ACME,
  })
  const soql =
    "SELECT Id, LastName, FirstName, Birthdate, DoNotCall, CreatedDate, Account.Name, Account.AnnualRevenue FROM Contact WHERE LastName = 'Bulkquery'"
  const job = await createQueryJob(app, soql)
  expect(job).toEqual({
    id: expect.stringMatching(JOB_ID),
    operation: 'query',
    object: 'Contact',
    createdById: '005Rm0000000001IAA',
    createdDate: '2026-05-01T10:00:00.000+0000',
    systemModstamp: '2026-05-01T10:00:00.000+0000',
    state: 'UploadComplete',
    concurrencyMode: 'Parallel',
    contentType: 'CSV',
    apiVersion: 60,
    lineEnding: 'LF',
    columnDelimiter: 'COMMA',
  })
  expect(await jobInfo(app, job.id, QUERY)).toMatchObject({
    state: 'JobComplete',
    jobType: 'V2Query',
    numberRecordsProcessed: 1,
    retries: 0,
    isPkChunkingSupported: false,
  })
  const page = await resultsPage(app, job.id)
  expect(page.response.text).toBe(
    '"Id","LastName","FirstName","Birthdate","DoNotCall","CreatedDate","Account.Name","Account.AnnualRevenue"\n' +
      `"${id}","Bulkquery",,"1990-02-03","true","2026-05-01T10:00:00.000Z","Acme Corporation","5000000"\n`,
  )
  expect(page.locator).toBeNull()
  expect(page.response.headers.get('sforce-locator')).toBe('null')
  expect(page.response.headers.get('vendor-locator')).toBe('null')
  expect(page.response.headers.get('content-type')).toMatch(/^text\/csv/)
})

test('writes results in the job dialect (semicolons, CRLF) and header-only when nothing matches', async ({
  client,
}) => {
  const app = await connectApp(client)
  const job = await createQueryJob(app, `SELECT Id, Name FROM Account WHERE Id = '${ACME}'`, {
    columnDelimiter: 'SEMICOLON',
    lineEnding: 'CRLF',
  })
  expect((await app.get(`${QUERY}/${job.id}/results`)).text).toBe(
    `"Id";"Name"\r\n"${ACME}";"Acme Corporation"\r\n`,
  )
  const none = await createQueryJob(app, "SELECT Id, Name FROM Account WHERE Name = 'Nobody'")
  const page = await resultsPage(app, none.id)
  expect(page.response.text).toBe('"Id","Name"\n')
  expect(page.response.headers.get('sforce-numberofrecords')).toBe('0')
})

test('queryAll sees deleted rows; query does not', async ({ client }) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Account', { Name: 'Recycled' })
  expect((await app.delete(`${V}/sobjects/Account/${id}`)).status).toBe(204)
  const soql = "SELECT Id, IsDeleted FROM Account WHERE Name = 'Recycled'"
  const all = await createQueryJob(app, soql, { operation: 'queryAll' })
  expect(all.operation).toBe('queryAll')
  expect((await resultsPage(app, all.id)).rows).toEqual([
    ['Id', 'IsDeleted'],
    [id, 'true'],
  ])
  const live = await createQueryJob(app, soql)
  expect((await resultsPage(app, live.id)).rows).toEqual([['Id', 'IsDeleted']])
})

test('answers the rows as they were when the job ran: later writes to them or their parents do not show', async ({
  client,
}) => {
  const app = await connectApp(client)
  const parent = await createRecord(app, 'Account', { Name: 'Parent Before' })
  const child = await createRecord(app, 'Contact', {
    LastName: 'Snapshot',
    FirstName: 'Before',
    AccountId: parent,
  })
  const job = await createQueryJob(
    app,
    "SELECT Id, FirstName, Account.Name FROM Contact WHERE LastName = 'Snapshot'",
  )
  expect(await jobInfo(app, job.id, QUERY)).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 1 })
  const before = [
    ['Id', 'FirstName', 'Account.Name'],
    [child, 'Before', 'Parent Before'],
  ]
  expect((await resultsPage(app, job.id)).rows).toEqual(before)
  const renamed = { json: { FirstName: 'After' } }
  expect((await app.patch(`${V}/sobjects/Contact/${child}`, renamed)).status).toBe(204)
  expect(
    (await app.patch(`${V}/sobjects/Account/${parent}`, { json: { Name: 'Parent After' } })).status,
  ).toBe(204)
  expect((await resultsPage(app, job.id)).rows).toEqual(before)
  expect((await app.delete(`${V}/sobjects/Contact/${child}`)).status).toBe(204)
  expect((await resultsPage(app, job.id)).rows).toEqual(before)
  // a job created now sees the writes
  const later = await createQueryJob(
    app,
    "SELECT Id, FirstName, Account.Name FROM Contact WHERE LastName = 'Snapshot'",
    { operation: 'queryAll' },
  )
  expect((await resultsPage(app, later.id)).rows).toEqual([before[0], [child, 'After', 'Parent After']])
})

test('pages with maxRecords and locators to the end; a locator reads its page again', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  mock.records(app.environment.id).insert(
    'Account',
    Array.from({ length: 7 }, (_, n) => ({ Name: `Page ${n}` })),
  )
  const job = await createQueryJob(app, "SELECT Name FROM Account WHERE Name LIKE 'Page %' ORDER BY Name")
  const pages = await allPages(app, job.id, 3)
  expect(pages.map((rows) => rows.length - 1)).toEqual([3, 3, 1])
  expect(pages.flatMap((rows) => rows.slice(1).map((row) => row[0]))).toEqual(
    Array.from({ length: 7 }, (_, n) => `Page ${n}`),
  )
  const first = await resultsPage(app, job.id, '?maxRecords=3')
  const again = await resultsPage(app, job.id, `?locator=${first.locator}&maxRecords=3`)
  const twice = await resultsPage(app, job.id, `?locator=${first.locator}&maxRecords=3`)
  expect(twice.rows).toEqual(again.rows)
  expect(again.rows[1]).toEqual(['Page 3'])
})

test('answers every row of a result past 4096 rows in order, each cell in its own row and column', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const count = 4096 * 2 + 11
  const name = (n: number) => `Block ${String(n).padStart(5, '0')}`
  mock.records(app.environment.id).insert(
    'Account',
    Array.from({ length: count }, (_, n) => ({ Name: name(n), External_Id__c: `B-${n}` })),
  )
  const job = await createQueryJob(
    app,
    "SELECT Name, External_Id__c FROM Account WHERE Name LIKE 'Block %' ORDER BY Name",
  )
  const rows = (await allPages(app, job.id, 3000)).flatMap((page) => page.slice(1))
  expect(rows).toEqual(Array.from({ length: count }, (_, n) => [name(n), `B-${n}`]))
})

test('refuses bad results parameters and a locator of another job', async ({ client }) => {
  const app = await connectApp(client)
  const one = await createQueryJob(app, 'SELECT Id FROM Account')
  const two = await createQueryJob(app, 'SELECT Id FROM Contact')
  const first = await resultsPage(app, one.id, '?maxRecords=1')
  const foreign = await app.get(`${QUERY}/${two.id}/results?locator=${first.locator}`)
  expect(foreign.status).toBe(400)
  expect(foreign.body[0]).toMatchObject({ errorCode: 'INVALID_QUERY_LOCATOR' })
  for (const params of ['?locator=%%%', '?locator=bm9wZQ', '?maxRecords=0', '?maxRecords=ten', '?max=1']) {
    const response = await app.get(`${QUERY}/${one.id}/results${params}`)
    expect(response.status, params).toBe(400)
  }
})

test('orders columns alphabetically below 50.0, and refuses results across the 50.0 boundary', async ({
  client,
}) => {
  const app = await connectApp(client)
  const soql = `SELECT Name, Parent.Name, Industry, Id FROM Account WHERE Id = '${ACME}'`
  const old = await createQueryJob(app, soql, {}, '/services/data/v49.0/jobs/query')
  expect(old.apiVersion).toBe(49)
  const oldResults = await app.get(`/services/data/v48.0/jobs/query/${old.id}/results`)
  expect(csvRows(oldResults.text)).toEqual([
    ['Id', 'Industry', 'Name', 'Parent.Name'],
    [ACME, 'Manufacturing', 'Acme Corporation', ''],
  ])
  const across = await app.get(`/services/data/v50.0/jobs/query/${old.id}/results`)
  expect(across.status).toBe(409)
  expect(across.body[0]).toMatchObject({
    errorCode: 'CONFLICT',
    message: expect.stringMatching(/created at 49\.0/),
  })

  const current = await createQueryJob(app, soql, {}, '/services/data/v50.0/jobs/query')
  expect(csvRows((await app.get(`${QUERY}/${current.id}/results`)).text)[0]).toEqual([
    'Name',
    'Parent.Name',
    'Industry',
    'Id',
  ])
  const back = await app.get(`/services/data/v49.0/jobs/query/${current.id}/results`)
  expect(back.status).toBe(409)
  expect(back.body[0].errorCode).toBe('CONFLICT')
})

// 24 MB of results: more than five 4 MiB pages, so resultPages pages too
test('keeps each page under the response cap with the default maxRecords; resultPages from 58.0', {
  timeout: 60_000,
}, async ({ client, mock }) => {
  const app = await connectApp(client)
  const description = 'w'.repeat(30_000)
  mock.records(app.environment.id).insert(
    'Account',
    Array.from({ length: 800 }, (_, n) => ({
      Name: `Wide ${String(n).padStart(3, '0')}`,
      Description: description,
    })),
  )
  const soql = "SELECT Name, Description FROM Account WHERE Name LIKE 'Wide%' ORDER BY Name"
  const job = await createQueryJob(app, soql)
  const pages = await allPages(app, job.id)
  expect(pages.length).toBeGreaterThan(5)
  expect(pages.flatMap((rows) => rows.slice(1).map((row) => row[0]))).toHaveLength(800)
  expect(pages.every((rows) => rows.slice(1).every((row) => row[1] === description))).toBe(true)

  const links = await app.get(`/services/data/v58.0/jobs/query/${job.id}/resultPages`)
  expect(links.status).toBe(200)
  expect(links.body).toEqual({
    resultPages: Array.from({ length: 5 }, () => ({
      resultUrl: expect.stringMatching(
        new RegExp(`^/services/data/v58\\.0/jobs/query/${job.id}/results\\?locator=[\\w-]+$`),
      ),
    })),
    nextRecordsUrl: expect.stringMatching(/\/resultPages\?locator=/),
    done: false,
  })
  const rest = await app.get(links.body.nextRecordsUrl)
  expect(rest.body).toMatchObject({ done: true, nextRecordsUrl: null })
  const urls = [...links.body.resultPages, ...rest.body.resultPages].map((page: any) => page.resultUrl)
  expect(urls).toHaveLength(pages.length)
  const rows: string[] = []
  for (const url of urls) {
    const page = await app.get(url)
    expect(page.status).toBe(200)
    rows.push(
      ...csvRows(page.text)
        .slice(1)
        .map((row) => row[0]!),
    )
  }
  expect(rows).toEqual(pages.flatMap((page) => page.slice(1).map((row) => row[0])))

  const before = await app.get(`/services/data/v57.0/jobs/query/${job.id}/resultPages`)
  expect(before.status).toBe(404)
  expect(before.body[0].errorCode).toBe('NOT_FOUND')
})

test('answers JOB_NOT_COMPLETE (412) for results before JobComplete', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock.lifecycle.bulkMs = 1000
  const job = await createQueryJob(app, 'SELECT Id FROM Account')
  const early = await app.get(`${QUERY}/${job.id}/results`)
  expect(early.status).toBe(412)
  expect(early.body).toEqual([
    {
      errorCode: 'JOB_NOT_COMPLETE',
      message:
        'can only download query results of successfully completed bulk job with status: JOB_COMPLETE. Current status: UPLOAD_COMPLETE',
    },
  ])
  mock.clock.advance(10)
  expect((await app.get(`${QUERY}/${job.id}/results`)).body[0].message).toMatch(
    /Current status: IN_PROGRESS$/,
  )
  expect((await app.get(`/services/data/v58.0/jobs/query/${job.id}/resultPages`)).status).toBe(412)
  mock.clock.advance(990)
  expect((await app.get(`${QUERY}/${job.id}/results`)).status).toBe(200)
})

test('aborts a query job in progress, lists and deletes query jobs', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock.lifecycle.bulkMs = 1000
  const job = await createQueryJob(app, 'SELECT Id FROM Account')
  expect((await setState(app, job.id, 'Aborted', QUERY)).body.state).toBe('Aborted')
  mock.clock.advance(5000)
  expect(await jobInfo(app, job.id, QUERY)).toMatchObject({ state: 'Aborted', numberRecordsProcessed: 0 })
  expect((await app.get(`${QUERY}/${job.id}/results`)).status).toBe(412)
  const listed = await app.get(`${QUERY}/?jobType=V2Query`)
  expect(listed.body).toEqual({
    done: true,
    records: [expect.objectContaining({ id: job.id, jobType: 'V2Query', state: 'Aborted' })],
    nextRecordsUrl: null,
  })
  expect((await app.get(`${QUERY}?jobType=V2Ingest`)).body.records).toEqual([])
  expect((await app.delete(`${QUERY}/${job.id}`)).status).toBe(204)
  expect((await app.get(`${QUERY}/${job.id}`)).status).toBe(404)
  expect((await app.get(`${V}/jobs/ingest/${job.id}`)).status).toBe(404)
})

test.for([
  ['SELECT Industry FROM Account GROUP BY Industry', 'GROUP BY is not supported in Bulk Query'],
  ['SELECT COUNT() FROM Account', 'Aggregate functions are not supported in Bulk Query'],
  ['SELECT MAX(Name) FROM Account', 'Aggregate functions are not supported in Bulk Query'],
  ['SELECT Id FROM Account ORDER BY Name OFFSET 5', 'OFFSET is not supported in Bulk Query'],
  ['SELECT TYPEOF Who WHEN Contact THEN Email END FROM Task', 'TYPEOF is not supported in Bulk Query'],
  [
    'SELECT Id, (SELECT Id FROM Contacts) FROM Account',
    'Aggregate Relationships not supported in Bulk Query',
  ],
  ['SELECT Id, BillingAddress FROM Account', 'Selecting compound data not supported in Bulk Query'],
  ['SELECT FIELDS(ALL) FROM Contact LIMIT 10', 'FIELDS(ALL) is not supported in Bulk Query'],
  ['SELECT FIELDS(CUSTOM) FROM Account LIMIT 10', 'FIELDS(CUSTOM) is not supported in Bulk Query'],
  ['SELECT FIELDS(STANDARD) FROM Account', 'Selecting compound data not supported in Bulk Query'],
  // a real org's Contact has MailingAddress and OtherAddress among its standard fields
  ['SELECT FIELDS(STANDARD) FROM Contact', 'Selecting compound data not supported in Bulk Query'],
] as const)('refuses %s at creation with API_ERROR', async ([soql, detail], { client }) => {
  const app = await connectApp(client)
  const response = await app.post(QUERY, { json: { operation: 'query', query: soql } })
  expect(response.status).toBe(400)
  expect(response.body).toEqual([
    {
      errorCode: 'API_ERROR',
      message: expect.stringMatching(new RegExp(`\\n${detail.replace(/[()]/g, '\\$&')}$`)),
    },
  ])
  expect((await app.get(QUERY)).body.records).toEqual([])
})

test('expands FIELDS(STANDARD) to the visible standard fields; refuses bad queries with REST codes', async ({
  client,
}) => {
  const app = await connectApp(client)
  // Case has no compound field among its standard ones
  const job = await createQueryJob(app, 'SELECT FIELDS(STANDARD) FROM Case')
  const [header, row] = (await resultsPage(app, job.id)).rows
  expect(header).toEqual(expect.arrayContaining(['Id', 'CaseNumber', 'Subject', 'SuppliedCompany']))
  expect(row![header!.indexOf('Subject')]).toBe('Rocket skates fail on slopes')

  const unknown = await app.post(QUERY, { json: { operation: 'query', query: 'SELECT Nope FROM Account' } })
  expect(unknown.body[0].errorCode).toBe('INVALID_FIELD')
  const malformed = await app.post(QUERY, { json: { operation: 'query', query: 'SELECT FROM' } })
  expect(malformed.body[0].errorCode).toBe('MALFORMED_QUERY')
  const badOperation = await app.post(QUERY, {
    json: { operation: 'insert', query: 'SELECT Id FROM Account' },
  })
  expect(badOperation.body[0].errorCode).toBe('INVALIDJOB')
})

test('accepts the headers a generic HTTP client sends (Content-Type on a GET, Accept-Encoding)', async ({
  client,
}) => {
  const app = await connectApp(client)
  const job = await createQueryJob(app, `SELECT Id FROM Account WHERE Id = '${ACME}'`)
  const response = await app.get(`${QUERY}/${job.id}/results`, {
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate', accept: 'text/csv' },
  })
  expect(response.status).toBe(200)
  expect(csvRows(response.text)).toEqual([['Id'], [ACME]])
})
