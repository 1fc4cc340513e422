import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, query } from '../../support/native.js'
import {
  createIngestJob,
  createQueryJob,
  csvRows,
  INGEST,
  jobInfo,
  QUERY,
  resultText,
  setState,
  uploadCsv,
} from '../../support/bulk.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { bulkMs: 5000 } })

test('moves UploadComplete -> InProgress -> JobComplete on the mock clock, writing at the end', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  await uploadCsv(app, job.id, 'Name\nClocked\n')
  expect((await setState(app, job.id, 'UploadComplete')).body.state).toBe('UploadComplete')
  expect((await jobInfo(app, job.id)).state).toBe('UploadComplete')
  mock.clock.advance(1)
  expect(await jobInfo(app, job.id)).toMatchObject({ state: 'InProgress', numberRecordsProcessed: 0 })
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Clocked'")).body.totalSize).toBe(0)
  mock.clock.advance(4998)
  expect((await jobInfo(app, job.id)).state).toBe('InProgress')
  mock.clock.advance(1)
  // any call to the app after the due time sees the rows, before any status read
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Clocked'")).body.totalSize).toBe(1)
  expect(await jobInfo(app, job.id)).toMatchObject({
    state: 'JobComplete',
    numberRecordsProcessed: 1,
    totalProcessingTime: 5000,
    apiActiveProcessingTime: 5000,
  })
})

test('aborts a job in progress: nothing is written', async ({ client, mock }) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  await uploadCsv(app, job.id, 'Name\nHalted\n')
  await setState(app, job.id, 'UploadComplete')
  mock.clock.advance(10)
  expect((await setState(app, job.id, 'Aborted')).body.state).toBe('Aborted')
  mock.clock.advance(10_000)
  expect(await jobInfo(app, job.id)).toMatchObject({ state: 'Aborted', totalProcessingTime: 0 })
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Halted'")).body.totalSize).toBe(0)
  expect(csvRows(await resultText(app, job.id, 'unprocessedrecords'))).toEqual([['Name'], ['Halted']])
})

test('fails the next job on a named object (in-process fault); other jobs run', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock.lifecycle.bulkMs = 0
  mock.faults.add({ kind: 'bulk.job', object: 'contact', message: 'InternalError : disk on fire' })
  const account = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  await uploadCsv(app, account.id, 'Name\nUnharmed\n')
  await setState(app, account.id, 'UploadComplete')
  expect((await jobInfo(app, account.id)).state).toBe('JobComplete')
  expect(mock.faults.list()).toHaveLength(1)

  const contact = await createIngestJob(app, { object: 'Contact', operation: 'insert' })
  await uploadCsv(app, contact.id, 'LastName\nDoomed\n')
  await setState(app, contact.id, 'UploadComplete')
  expect(await jobInfo(app, contact.id)).toMatchObject({
    state: 'Failed',
    numberRecordsProcessed: 0,
    errorMessage: 'InternalError : disk on fire',
  })
  expect(mock.faults.list()).toEqual([])
  expect((await query(app, "SELECT Id FROM Contact WHERE LastName = 'Doomed'")).body.totalSize).toBe(0)
  expect(csvRows(await resultText(app, contact.id, 'unprocessedrecords'))).toEqual([['LastName'], ['Doomed']])
})

test('fails the next query job through POST /__replica/faults', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock.lifecycle.bulkMs = 0
  const queued = await client.post('/__replica/faults', {
    json: { kind: 'bulk.job', environmentId: app.environment.id, app: 'crm' },
  })
  expect(queued.status).toBe(201)
  expect(queued.body).toMatchObject({ kind: 'bulk.job', times: 1, id: expect.stringMatching(/^flt_/) })
  const job = await createQueryJob(app, 'SELECT Id FROM Account')
  expect(await jobInfo(app, job.id, QUERY)).toMatchObject({
    state: 'Failed',
    errorMessage: 'InternalError : The job failed (an injected bulk.job fault)',
  })
  const results = await app.get(`${QUERY}/${job.id}/results`)
  expect(results.status).toBe(412)
  expect(results.body[0]).toMatchObject({ errorCode: 'JOB_NOT_COMPLETE' })
  const next = await createQueryJob(app, 'SELECT Id FROM Account')
  expect((await jobInfo(app, next.id, QUERY)).state).toBe('JobComplete')
})

test('refuses an invalid bulk.job fault', async ({ client }) => {
  const bad = await client.post('/__replica/faults', { json: { kind: 'bulk.job', object: '', times: 0 } })
  expect(bad.status).toBe(400)
})

test('creates an ingest job with its data in one multipart request, closed at once', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  mock.lifecycle.bulkMs = 0
  const boundary = 'BOUNDARY'
  const body =
    `--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name="job"\r\n\r\n` +
    '{"object":"Contact","contentType":"CSV","operation":"insert","lineEnding":"LF"}\r\n' +
    `--${boundary}\r\nContent-Type: text/csv\r\nContent-Disposition: form-data; name="content"; filename="content"\r\n\r\n` +
    'FirstName,LastName,Account.External_Id__c\nAstro,Nomical,ACME-001\nHootie,McOwl,\n' +
    `\r\n--${boundary}--\r\n`
  const created = await app.post(INGEST, {
    body,
    headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
  })
  expect(created.status, created.text).toBe(200)
  expect(created.body).toMatchObject({ object: 'Contact', operation: 'insert', state: 'UploadComplete' })
  expect(await jobInfo(app, created.body.id)).toMatchObject({
    state: 'JobComplete',
    numberRecordsProcessed: 2,
  })
  const rows = (
    await query(
      app,
      "SELECT LastName, Account.Name FROM Contact WHERE FirstName IN ('Astro', 'Hootie') ORDER BY LastName",
    )
  ).body.records
  expect(rows.map((row: any) => [row.LastName, row.Account?.Name ?? null])).toEqual([
    ['McOwl', null],
    ['Nomical', 'Acme Corporation'],
  ])
  // a bad CSV part creates no job
  const bad = await app.post(INGEST, {
    body: body.replace('FirstName,LastName', 'FirstName,Surname'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  expect(bad.status).toBe(400)
  expect(bad.body[0].errorCode).toBe('INVALIDBATCH')
  // a repeated part (two different jobs, or two CSV parts) creates no job either
  const jobPart = (operation: string) =>
    `--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name="job"\r\n\r\n` +
    `{"object":"Contact","contentType":"CSV","operation":"${operation}","lineEnding":"LF"}\r\n`
  const contentAt = body.indexOf(`--${boundary}\r\nContent-Type: text/csv`)
  for (const repeated of [
    jobPart('insert') + jobPart('delete') + body.slice(contentAt),
    body.slice(0, contentAt) + body.slice(contentAt, -`--${boundary}--\r\n`.length) + body.slice(contentAt),
  ]) {
    const twice = await app.post(INGEST, {
      body: repeated,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(twice.status, twice.text).toBe(400)
    expect(twice.body[0].message).toMatch(/repeats the part\(s\) (job|content): send each once/)
  }
  expect((await app.get(INGEST)).body.records).toHaveLength(1)
})
