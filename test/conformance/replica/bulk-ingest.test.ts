import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, query, V } from '../../support/native.js'
import {
  createIngestJob,
  csvRows,
  INGEST,
  jobInfo,
  resultText,
  runIngest,
  setState,
  uploadCsv,
} from '../../support/bulk.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'
const GLOBEX = '001Rm0000000002IAA'
const INITECH = '001Rm0000000003IAA'
const JOB_ID = /^750Rm0000000\d{3}[A-Z]{3}$/
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/

async function accountsNamed(app: AppConnection, prefix: string) {
  const response = await query(
    app,
    `SELECT Id, Name, Industry, NumberOfEmployees, Phone FROM Account WHERE Name LIKE '${prefix}%' ORDER BY Name`,
  )
  return response.body.records as Array<Record<string, any>>
}

test('creates an ingest job Open, with a relative contentUrl, and closes it', async ({ client }) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'account', operation: 'insert', lineEnding: 'LF' })
  expect(job).toEqual({
    id: expect.stringMatching(JOB_ID),
    operation: 'insert',
    object: 'Account',
    createdById: '005Rm0000000001IAA',
    createdDate: expect.stringMatching(DATETIME),
    systemModstamp: job.createdDate,
    state: 'Open',
    concurrencyMode: 'Parallel',
    contentType: 'CSV',
    apiVersion: 60,
    contentUrl: `services/data/v60.0/jobs/ingest/${job.id}/batches`,
    lineEnding: 'LF',
    columnDelimiter: 'COMMA',
  })
  expect(await jobInfo(app, job.id)).toMatchObject({
    state: 'Open',
    jobType: 'V2Ingest',
    numberRecordsProcessed: 0,
    numberRecordsFailed: 0,
    retries: 0,
    totalProcessingTime: 0,
  })
  expect((await uploadCsv(app, job.id, 'Name\nOnly One\n')).status).toBe(201)
  const closed = await setState(app, job.id, 'UploadComplete')
  expect(closed.status).toBe(200)
  expect(closed.body).toMatchObject({ id: job.id, state: 'UploadComplete' })
  // bulkMs is 0: the job is processed before the first status read
  expect(await jobInfo(app, job.id)).toMatchObject({
    state: 'JobComplete',
    numberRecordsProcessed: 1,
    numberRecordsFailed: 0,
  })
})

test('inserts good rows, fails bad ones, and answers exact result files', async ({ client }) => {
  const app = await connectApp(client)
  const info = await runIngest(
    app,
    { object: 'Account', operation: 'insert' },
    'Name,Industry,NumberOfEmployees,Phone\n' +
      'Bulk One,Banking,10,\n' +
      'Bulk Two,Banking,many,+1 555\n' +
      ',Energy,5,\n' +
      '"Bulk, ""Three""",,#N/A,\n',
  )
  expect(info).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 4, numberRecordsFailed: 2 })
  const [one, three] = await accountsNamed(app, 'Bulk')
  expect(one).toMatchObject({ Name: 'Bulk One', Industry: 'Banking', NumberOfEmployees: 10, Phone: null })
  expect(three).toMatchObject({ Name: 'Bulk, "Three"', Industry: null, NumberOfEmployees: null })

  expect(await resultText(app, info.id, 'successfulResults')).toBe(
    '"sf__Id","sf__Created","Name","Industry","NumberOfEmployees","Phone"\n' +
      `"${one!.Id}","true","Bulk One","Banking","10",""\n` +
      `"${three!.Id}","true","Bulk, ""Three""","","#N/A",""\n`,
  )
  expect(await resultText(app, info.id, 'failedResults')).toBe(
    '"sf__Id","sf__Error","Name","Industry","NumberOfEmployees","Phone"\n' +
      '"","INVALID_TYPE_ON_FIELD_IN_RECORD:Employees: value not of required type: many","Bulk Two","Banking","many","+1 555"\n' +
      '"","REQUIRED_FIELD_MISSING:Required fields are missing: [Name]","","Energy","5",""\n',
  )
  expect(await resultText(app, info.id, 'unprocessedrecords')).toBe(
    '"Name","Industry","NumberOfEmployees","Phone"\n',
  )
})

test('updates by Id: a blank cell keeps the value, #N/A clears it, bad ids fail their row', async ({
  client,
}) => {
  const app = await connectApp(client)
  const info = await runIngest(
    app,
    { object: 'Account', operation: 'update' },
    'Id,Industry,Phone\n' +
      `${ACME},Banking,\n` +
      `${GLOBEX.slice(0, 15)},,#N/A\n` +
      ',Energy,\n' +
      'not-an-id,Energy,\n' +
      '001Rm00000000ZZIAA,Energy,\n' +
      '003Rm0000000001IAA,Energy,\n',
  )
  expect(info).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 6, numberRecordsFailed: 4 })
  const rows = (
    await query(app, `SELECT Id, Industry, Phone FROM Account WHERE Id IN ('${ACME}', '${GLOBEX}')`)
  ).body.records
  expect(rows).toEqual([
    expect.objectContaining({ Id: ACME, Industry: 'Banking', Phone: '+1 555 0100' }),
    expect.objectContaining({ Id: GLOBEX, Industry: 'Energy', Phone: null }),
  ])
  expect(csvRows(await resultText(app, info.id, 'successfulResults'))).toEqual([
    ['sf__Id', 'sf__Created', 'Id', 'Industry', 'Phone'],
    [ACME, 'false', ACME, 'Banking', ''],
    [GLOBEX, 'false', GLOBEX.slice(0, 15), '', '#N/A'],
  ])
  expect(csvRows(await resultText(app, info.id, 'failedResults'))).toEqual([
    ['sf__Id', 'sf__Error', 'Id', 'Industry', 'Phone'],
    ['', 'MISSING_ARGUMENT:Id not specified in an update call', '', 'Energy', ''],
    [
      'not-an-id',
      'MALFORMED_ID:Account ID: id value of incorrect type: not-an-id',
      'not-an-id',
      'Energy',
      '',
    ],
    [
      '001Rm00000000ZZIAA',
      'INVALID_CROSS_REFERENCE_KEY:invalid cross reference id',
      '001Rm00000000ZZIAA',
      'Energy',
      '',
    ],
    [
      '003Rm0000000001IAA',
      'MALFORMED_ID:Account ID: id value of incorrect type: 003Rm0000000001IAA',
      '003Rm0000000001IAA',
      'Energy',
      '',
    ],
  ])
})

test('upserts by external id: creates, updates, and refuses a key two records share', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  mock.records(app.environment.id).create('Account', { Name: 'Twin A', External_Id__c: 'TWIN' })
  mock.records(app.environment.id).create('Account', { Name: 'Twin B', External_Id__c: 'TWIN' })
  const info = await runIngest(
    app,
    { object: 'Account', operation: 'upsert', externalIdFieldName: 'external_id__c' },
    'External_Id__c,Name,Industry\nACME-001,Acme Renamed,\nNEW-1,Newco,Retail\nTWIN,Twin C,\n,Keyless,\n',
  )
  expect(info).toMatchObject({
    state: 'JobComplete',
    externalIdFieldName: 'External_Id__c',
    numberRecordsProcessed: 4,
    numberRecordsFailed: 1,
  })
  const created = (
    await query(
      app,
      "SELECT Id, External_Id__c FROM Account WHERE Name IN ('Newco', 'Keyless') ORDER BY Name",
    )
  ).body.records
  expect(created.map((row: any) => row.External_Id__c)).toEqual([null, 'NEW-1'])
  expect(csvRows(await resultText(app, info.id, 'successfulResults'))).toEqual([
    ['sf__Id', 'sf__Created', 'External_Id__c', 'Name', 'Industry'],
    [ACME, 'false', 'ACME-001', 'Acme Renamed', ''],
    [created[1].Id, 'true', 'NEW-1', 'Newco', 'Retail'],
    [created[0].Id, 'true', '', 'Keyless', ''],
  ])
  const [failed] = csvRows(await resultText(app, info.id, 'failedResults')).slice(1)
  expect(failed).toEqual(['', expect.stringMatching(/^DUPLICATE_EXTERNAL_ID:/), 'TWIN', 'Twin C', ''])
  expect((await query(app, `SELECT Name FROM Account WHERE Id = '${ACME}'`)).body.records[0].Name).toBe(
    'Acme Renamed',
  )
})

test('sets parents through relationship columns (Account.External_Id__c), by upsert on Email', async ({
  client,
}) => {
  const app = await connectApp(client)
  const info = await runIngest(
    app,
    { object: 'Contact', operation: 'upsert', externalIdFieldName: 'Email' },
    'Email,LastName,Account.External_Id__c,ReportsTo.Email\n' +
      'wile.coyote@acme.example,Coyote,GLOBEX-001,\n' +
      'new@example.test,Newman,ACME-001,hank@globex.example\n' +
      'lost@example.test,Lost,NOPE-1,\n' +
      'hank@globex.example,Scorpio,#N/A,\n',
  )
  expect(info).toMatchObject({ numberRecordsProcessed: 4, numberRecordsFailed: 1 })
  const rows = (
    await query(
      app,
      "SELECT LastName, Account.Name, ReportsTo.LastName FROM Contact WHERE Email IN ('wile.coyote@acme.example', 'new@example.test', 'hank@globex.example') ORDER BY LastName",
    )
  ).body.records
  expect(
    rows.map((row: any) => [row.LastName, row.Account?.Name ?? null, row.ReportsTo?.LastName ?? null]),
  ).toEqual([
    ['Coyote', 'Globex', null],
    ['Newman', 'Acme Corporation', 'Scorpio'],
    ['Scorpio', null, null],
  ])
  expect(csvRows(await resultText(app, info.id, 'failedResults'))[1]).toEqual([
    '',
    'INVALID_FIELD:Foreign key external ID: NOPE-1 not found for field External_Id__c in entity Account',
    'lost@example.test',
    'Lost',
    'NOPE-1',
    '',
  ])
})

test('deletes to the recycle bin (queryAll sees them) and hard deletes for good', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const [a, b, c] = mock
    .records(app.environment.id)
    .insert('Account', [{ Name: 'Del A' }, { Name: 'Del B' }, { Name: 'Del C' }])
  const deleted = await runIngest(app, { object: 'Account', operation: 'delete' }, `Id\n${a}\n${b}\n${a}\n`)
  expect(deleted).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 3, numberRecordsFailed: 1 })
  expect(csvRows(await resultText(app, deleted.id, 'failedResults'))[1]).toEqual([
    a,
    'ENTITY_IS_DELETED:entity is deleted',
    a,
  ])
  const hard = await runIngest(app, { object: 'Account', operation: 'hardDelete' }, `Id\n${c}\n`)
  expect(hard).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 1, numberRecordsFailed: 0 })

  const live = await query(app, "SELECT Id FROM Account WHERE Name LIKE 'Del%'")
  expect(live.body.totalSize).toBe(0)
  const all = await app.get(
    `${V}/queryAll?q=${encodeURIComponent("SELECT Id, IsDeleted FROM Account WHERE Name LIKE 'Del%' ORDER BY Name")}`,
  )
  expect(all.body.records.map((row: any) => [row.Id, row.IsDeleted])).toEqual([
    [a, true],
    [b, true],
  ])
})

test('takes several uploads with the same header, and refuses another header', async ({ client }) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  expect((await uploadCsv(app, job.id, 'Name,Industry\nMulti 1,Banking\n')).status).toBe(201)
  expect((await uploadCsv(app, job.id, 'name,INDUSTRY\nMulti 2,Energy\n')).status).toBe(201)
  const other = await uploadCsv(app, job.id, 'Name\nMulti 3\n')
  expect(other.status).toBe(400)
  expect(other.body).toEqual([
    {
      errorCode: 'INVALIDBATCH',
      message:
        'InvalidBatch : Every upload to a job has the same header row: expected Name,Industry, got Name',
    },
  ])
  await setState(app, job.id, 'UploadComplete')
  expect(await jobInfo(app, job.id)).toMatchObject({ numberRecordsProcessed: 2, numberRecordsFailed: 0 })
  expect((await accountsNamed(app, 'Multi')).map((row) => row.Name)).toEqual(['Multi 1', 'Multi 2'])
})

test('reads and writes the job dialect: tab-delimited, CRLF line endings', async ({ client }) => {
  const app = await connectApp(client)
  const info = await runIngest(
    app,
    { object: 'Account', operation: 'insert', columnDelimiter: 'TAB', lineEnding: 'CRLF' },
    'Name\tDescription\r\nTabbed\t"two\r\nlines, a comma"\r\n',
  )
  expect(info).toMatchObject({ columnDelimiter: 'TAB', lineEnding: 'CRLF', numberRecordsProcessed: 1 })
  const text = await resultText(app, info.id, 'successfulResults')
  expect(text).toMatch(
    /^"sf__Id"\t"sf__Created"\t"Name"\t"Description"\r\n"001\w{15}"\t"true"\t"Tabbed"\t"two\r\nlines, a comma"\r\n$/,
  )
  const stored = (await query(app, "SELECT Description FROM Account WHERE Name = 'Tabbed'")).body.records[0]
  expect(stored.Description).toBe('two\r\nlines, a comma')
})

test.for([
  ['BACKQUOTE', '`'],
  ['CARET', '^'],
  ['PIPE', '|'],
  ['SEMICOLON', ';'],
] as const)('takes %s as the column delimiter', async ([delimiter, char], { client }) => {
  const app = await connectApp(client)
  const info = await runIngest(
    app,
    { object: 'Account', operation: 'insert', columnDelimiter: delimiter },
    `Name${char}Industry\nDelim ${delimiter}${char}Banking\n`,
  )
  expect(info).toMatchObject({
    numberRecordsProcessed: 1,
    numberRecordsFailed: 0,
    columnDelimiter: delimiter,
  })
  expect(csvRows(await resultText(app, info.id, 'successfulResults'), char)[1]!.slice(1)).toEqual([
    'true',
    `Delim ${delimiter}`,
    'Banking',
  ])
})

test('lists ingest jobs, with the filters, also with a trailing /? before the query', async ({ client }) => {
  const app = await connectApp(client)
  const first = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  const second = await createIngestJob(app, { object: 'Contact', operation: 'delete' })
  for (const path of [
    INGEST,
    `${INGEST}/?jobType=V2Ingest`,
    `${INGEST}?concurrencyMode=Parallel&isPkChunkingEnabled=false`,
  ]) {
    const listed = await app.get(path)
    expect(listed.status, path).toBe(200)
    expect(listed.body).toEqual({
      done: true,
      records: [
        expect.objectContaining({ id: first.id, object: 'Account', state: 'Open', jobType: 'V2Ingest' }),
        expect.objectContaining({ id: second.id, object: 'Contact', operation: 'delete' }),
      ],
      nextRecordsUrl: null,
    })
  }
  for (const filter of [
    'jobType=Classic',
    'jobType=BigObjectIngest',
    'isPkChunkingEnabled=true',
    'concurrencyMode=serial',
  ]) {
    expect((await app.get(`${INGEST}?${filter}`)).body.records, filter).toEqual([])
  }
  const bad = await app.get(`${INGEST}?jobType=Batch`)
  expect(bad.status).toBe(400)
  expect((await app.get(`${INGEST}?queryLocator=nonsense`)).status).toBe(400)
  expect((await app.get(`${INGEST}?unknown=1`)).status).toBe(400)
})

test('pages the job list by 1000 with a queryLocator', async ({ client }) => {
  const app = await connectApp(client)
  const ids: string[] = []
  for (let n = 0; n < 1001; n += 50) {
    const batch = Array.from({ length: Math.min(50, 1001 - n) }, () =>
      createIngestJob(app, { object: 'Account', operation: 'insert' }),
    )
    for (const job of await Promise.all(batch)) ids.push(job.id)
  }
  const first = await app.get(INGEST)
  expect(first.body.done).toBe(false)
  expect(first.body.records).toHaveLength(1000)
  expect(first.body.nextRecordsUrl).toMatch(/^\/services\/data\/v60\.0\/jobs\/ingest\?queryLocator=[\w-]+$/)
  expect(first.body.records.map((job: any) => job.id)).toEqual(ids.slice(0, 1000))
  const rest = await app.get(first.body.nextRecordsUrl)
  expect(rest.body).toEqual({
    done: true,
    records: [expect.objectContaining({ id: ids[1000] })],
    nextRecordsUrl: null,
  })
})

test('deletes a finished job (204) and then no longer finds it', async ({ client }) => {
  const app = await connectApp(client)
  const info = await runIngest(app, { object: 'Account', operation: 'insert' }, 'Name\nGone Soon\n')
  expect((await app.delete(`${INGEST}/${info.id}`)).status).toBe(204)
  const gone = await app.get(`${INGEST}/${info.id}`)
  expect(gone.status).toBe(404)
  expect(gone.body).toEqual([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }])
  // the records it wrote stay
  expect((await accountsNamed(app, 'Gone Soon')).length).toBe(1)
  expect((await app.get(`${INGEST}/${INITECH}`)).status).toBe(404)
})

test('takes an upload larger than the 4 MiB JSON cap (the upload limit is 150 MiB)', async ({ client }) => {
  const app = await connectApp(client)
  const description = 'd'.repeat(8 * 1024)
  const rows = Array.from({ length: 640 }, (_, n) => `Large ${n},${description}`)
  const csv = `Name,Description\n${rows.join('\n')}\n`
  expect(csv.length).toBeGreaterThan(5 * 1024 * 1024)
  const info = await runIngest(app, { object: 'Account', operation: 'insert' }, csv)
  expect(info).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 640, numberRecordsFailed: 0 })
})
