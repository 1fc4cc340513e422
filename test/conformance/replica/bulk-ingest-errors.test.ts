import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query } from '../../support/native.js'
import {
  createIngestJob,
  csvRows,
  INGEST,
  jobInfo,
  resultText,
  runIngest,
  setState,
  uploadCsv,
  uploadGzipCsv,
} from '../../support/bulk.js'

const test = conformanceTest({ clock: 'manual' })

test.for([
  [
    { object: 'Nope', operation: 'insert' },
    'INVALIDJOB',
    "InvalidJob : sObject type 'Nope' is not supported",
  ],
  [
    { object: 'Account', operation: 'upsert' },
    'INVALIDJOB',
    'InvalidJob : External ID was blank for Account. An External ID must be specified for upsert.',
  ],
  [
    { object: 'Account', operation: 'upsert', externalIdFieldName: 'Industry' },
    'INVALIDJOB',
    'InvalidJob : Field name provided, Industry is not an External ID or indexed field for Account',
  ],
  [
    { object: 'Account', operation: 'upsert', externalIdFieldName: 'Nope__c' },
    'INVALIDJOB',
    'InvalidJob : Field name provided, Nope__c is not an External ID or indexed field for Account',
  ],
  [
    { object: 'Account', operation: 'insert', externalIdFieldName: 'External_Id__c' },
    'INVALIDJOB',
    'InvalidJob : externalIdFieldName applies to upsert jobs only, not insert',
  ],
  [
    { object: 'Account', operation: 'merge' },
    'INVALIDJOB',
    expect.stringMatching(/^InvalidJob : operation: /),
  ],
  [
    { object: 'Account', operation: 'insert', columnDelimiter: 'COLON' },
    'INVALIDJOB',
    expect.stringMatching(/^InvalidJob : columnDelimiter: /),
  ],
  [
    { object: 'Account', operation: 'insert', contentType: 'JSON' },
    'INVALIDJOB',
    expect.stringMatching(/^InvalidJob : contentType: /),
  ],
  [{ object: 'Account', operation: 'insert', foo: 1 }, 'JSON_PARSER_ERROR', 'Unrecognized field "foo"'],
] as const)('refuses to create %j', async ([body, errorCode, message], { client }) => {
  const app = await connectApp(client)
  const response = await app.post(INGEST, { json: body })
  expect(response.status).toBe(400)
  expect(response.body).toEqual([{ errorCode, message }])
  expect((await app.get(INGEST)).body.records).toEqual([])
})

test('creates an upsert job keyed by an idLookup field (Name)', async ({ client }) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, {
    object: 'Account',
    operation: 'upsert',
    externalIdFieldName: 'name',
  })
  expect(job.externalIdFieldName).toBe('Name')
})

test.for([
  [
    'unbalanced quotes',
    'Name,Industry\n"Open,Banking\nNext,Energy\n',
    /^InvalidBatch : Failed to parse the CSV data: Quote Not Closed/,
  ],
  [
    'a short row',
    'Name,Industry\nOne,Banking\nTwo\n',
    /^InvalidBatch : Failed to parse the CSV data: Invalid Record Length: .* on line 3/,
  ],
  [
    'a long row',
    'Name,Industry\nOne,Banking,extra\n',
    /^InvalidBatch : Failed to parse the CSV data: Invalid Record Length/,
  ],
  ['an unknown column', 'Name,Colour__c\nOne,Red\n', /^InvalidBatch : Field name not found : Colour__c$/],
  [
    'a repeated column',
    'Name,Industry,name\nOne,Banking,Two\n',
    /^InvalidBatch : Duplicate field name: name$/,
  ],
  [
    'a column and its relationship column',
    'AccountId,LastName,Account.External_Id__c\n,X,ACME-001\n',
    /^InvalidBatch : Duplicate field name: Account.External_Id__c$/,
  ],
  [
    'a relationship column by a non-indexed field',
    'LastName,Account.Industry\nX,Banking\n',
    /^InvalidBatch : Field name provided, Industry is not an External ID or indexed field for Account/,
  ],
  [
    'a byte order mark',
    '\uFEFFName,Industry\nOne,Banking\n',
    /^InvalidBatch : The CSV data starts with a byte order mark \(BOM\)/,
  ],
  [
    'CRLF data in an LF job',
    'Name,Industry\r\nOne,Banking\r\n',
    /^InvalidBatch : Field name not found : Industry\\r \(the data has CRLF line endings/,
  ],
  ['no data at all', '', /^InvalidBatch : The CSV data is empty/],
] as const)('refuses an upload with %s, keeping nothing of it', async ([, csv, message], { client }) => {
  const app = await connectApp(client)
  const object = csv.includes('LastName') ? 'Contact' : 'Account'
  const job = await createIngestJob(app, { object, operation: 'insert' })
  const response = await uploadCsv(app, job.id, csv)
  expect(response.status).toBe(400)
  expect(response.body).toEqual([{ errorCode: 'INVALIDBATCH', message: expect.stringMatching(message) }])
  // the job is still Open and empty: closing it fails it for want of rows
  await setState(app, job.id, 'UploadComplete')
  expect(await jobInfo(app, job.id)).toMatchObject({
    state: 'Failed',
    numberRecordsProcessed: 0,
    errorMessage: 'InvalidBatch : No data rows were uploaded to the job',
  })
})

test('refuses an upload that is not text/csv (415), and one to a job that is not Open (409)', async ({
  client,
}) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  const json = await app.request('PUT', `${INGEST}/${job.id}/batches`, { json: [{ Name: 'x' }] })
  expectNativeError(json, 415, 'UNSUPPORTED_MEDIA_TYPE')
  await uploadCsv(app, job.id, 'Name\nLate\n')
  await setState(app, job.id, 'UploadComplete')
  const late = await uploadCsv(app, job.id, 'Name\nLater\n')
  expect(expectNativeError(late, 409, 'INVALIDJOBSTATE').message).toMatch(
    /it is JobComplete \(allowed: Open\)/,
  )
  expectNativeError(await setState(app, job.id, 'UploadComplete'), 409, 'INVALIDJOBSTATE')
  expectNativeError(await setState(app, job.id, 'Aborted'), 409, 'INVALIDJOBSTATE')
  expectNativeError(await setState(app, job.id, 'JobComplete'), 400, 'INVALIDJOB')
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Later'")).body.totalSize).toBe(0)
})

test('fails a job whose header lacks what its operation needs, leaving every row unprocessed', async ({
  client,
}) => {
  const app = await connectApp(client)
  const update = await runIngest(app, { object: 'Account', operation: 'update' }, 'Name\nNo Id\n')
  expect(update).toMatchObject({
    state: 'Failed',
    numberRecordsProcessed: 0,
    numberRecordsFailed: 0,
    errorMessage: 'InvalidBatch : Field name not found : Id (an update job needs an Id column)',
  })
  expect(await resultText(app, update.id, 'unprocessedrecords')).toBe('"Name"\n"No Id"\n')
  expect(await resultText(app, update.id, 'successfulResults')).toBe('"sf__Id","sf__Created","Name"\n')

  const upsert = await runIngest(
    app,
    { object: 'Account', operation: 'upsert', externalIdFieldName: 'External_Id__c' },
    'Name\nNo Key\n',
  )
  expect(upsert.errorMessage).toMatch(/^InvalidBatch : Field name not found : External_Id__c/)
  const remove = await runIngest(
    app,
    { object: 'Account', operation: 'delete' },
    'Id,Name\n001Rm0000000001IAA,x\n',
  )
  expect(remove.errorMessage).toBe('InvalidBatch : A delete job takes the Id column only; found also Name')
  expect((await query(app, "SELECT Id FROM Account WHERE Id = '001Rm0000000001IAA'")).body.totalSize).toBe(1)
})

test('aborts an open job: nothing is written, every row is unprocessed', async ({ client }) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  await uploadCsv(app, job.id, 'Name\nNever\n')
  const aborted = await setState(app, job.id, 'Aborted')
  expect(aborted.body).toMatchObject({ state: 'Aborted' })
  expect(await jobInfo(app, job.id)).toMatchObject({ state: 'Aborted', numberRecordsProcessed: 0 })
  expect(csvRows(await resultText(app, job.id, 'unprocessedrecords'))).toEqual([['Name'], ['Never']])
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Never'")).body.totalSize).toBe(0)
  expect((await app.delete(`${INGEST}/${job.id}`)).status).toBe(204)
})

test('answers results only for a finished job, deletes only a closed one', async ({ client }) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  for (const kind of ['successfulResults', 'failedResults', 'unprocessedrecords']) {
    const early = await app.get(`${INGEST}/${job.id}/${kind}`)
    expect(expectNativeError(early, 409, 'INVALIDJOBSTATE').message).toMatch(/it is Open/)
  }
  expectNativeError(await app.delete(`${INGEST}/${job.id}`), 409, 'INVALIDJOBSTATE')
  expectNativeError(await app.get(`${INGEST}/750Rm00000000ZZIAA`), 404, 'NOT_FOUND')
  expectNativeError(await app.get(`${INGEST}/not-a-job`), 404, 'NOT_FOUND')
  expectNativeError(await app.request('POST', `${INGEST}/${job.id}/batches`), 405, 'METHOD_NOT_ALLOWED')
})

test("does not show one environment's jobs to another", async ({ client }) => {
  const app = await connectApp(client)
  const other = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  expectNativeError(await other.get(`${INGEST}/${job.id}`), 404, 'NOT_FOUND')
  expect((await other.get(INGEST)).body.records).toEqual([])
})

test('inflates a gzip upload, and refuses a corrupt one or another encoding', async ({ client }) => {
  const { gzipSync } = await import('node:zlib')
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  const put = (body: Uint8Array | string, encoding: string) =>
    app.request('PUT', `${INGEST}/${job.id}/batches`, {
      body,
      headers: { 'content-type': 'text/csv', 'content-encoding': encoding },
    })
  expect((await put(new Uint8Array(gzipSync('Name\nZipped\n')), 'gzip')).status).toBe(201)
  const corrupt = await put('Name\nnot gzip\n', 'gzip')
  expect(expectNativeError(corrupt, 400, 'INVALIDBATCH').message).toMatch(
    /^InvalidBatch : Failed to read the CSV data/,
  )
  expectNativeError(await put('Name\nx\n', 'br'), 415, 'UNSUPPORTED_MEDIA_TYPE')
  await setState(app, job.id, 'UploadComplete')
  expect(await jobInfo(app, job.id)).toMatchObject({ numberRecordsProcessed: 1, numberRecordsFailed: 0 })
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Zipped'")).body.totalSize).toBe(1)
})

test('refuses a gzip upload that inflates more than 100 times its size past 1 MiB (413)', async ({
  client,
}) => {
  const { randomBytes } = await import('node:crypto')
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  const put = (csv: string) => uploadGzipCsv(app, job.id, csv)
  // 1.3 MiB of random names compresses about 2x: taken
  const varied = Array.from({ length: 40_000 }, () => randomBytes(16).toString('hex'))
  expect((await put(`Name\n${varied.join('\n')}\n`)).status).toBe(201)
  // 2.2 MiB of one repeated name compresses over 100x: a bomb's shape, refused
  const bomb = await put(`Name\n${'Same Account Name\n'.repeat(120_000)}`)
  expect(expectNativeError(bomb, 413, 'EXCEEDED_MAX_SIZE_REQUEST').message).toBe(
    'Failed to read the job data: the gzip body inflates to more than 100 times its compressed size',
  )
  await setState(app, job.id, 'UploadComplete')
  expect(await jobInfo(app, job.id)).toMatchObject({ numberRecordsProcessed: 40_000 })
})
