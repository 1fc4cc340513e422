/**
 * The fixed segments of the versioned REST resources are served in any case (docs/decisions/0042):
 * Salesforce's references spell `jobs/ingest/{id}/unprocessedrecords`, simple-salesforce sends
 * `unprocessedRecords`, and both work against a real org. Parameters (object names, ids,
 * external id values) keep their case; a segment no route has stays NOT_FOUND.
 */
import type { ApiResponse } from '../../support/client.js'
import { describe, expect, test } from '../../support/harness.js'
import {
  createIngestJob,
  createQueryJob,
  INGEST,
  QUERY,
  runIngest,
  setState,
  uploadCsv,
} from '../../support/bulk.js'
import { type AppConnection, connectApp, createRecord, expectNativeError, V } from '../../support/native.js'

/** GETs each spelling of a path and expects the same answer. */
async function sameAnswer(app: AppConnection, spellings: string[]): Promise<ApiResponse> {
  const [first, ...others] = await Promise.all(spellings.map((path) => app.get(path)))
  expect(first!.status, `${spellings[0]}: ${first!.text}`).toBe(200)
  others.forEach((response, index) => {
    expect(response.status, `${spellings[index + 1]}: ${response.text}`).toBe(200)
    expect(response.text, spellings[index + 1]).toBe(first!.text)
  })
  return first!
}

describe('fixed path segments in any case', () => {
  test('sobjects, describe resources, limits and search', async ({ client }) => {
    const app = await connectApp(client)
    const id = await createRecord(app, 'Account', { Name: 'Case Inc' })
    await sameAnswer(app, [`${V}/sobjects`, `${V}/SObjects`, `${V}/SOBJECTS`])
    await sameAnswer(app, [`${V}/sobjects/Account/${id}`, `${V}/Sobjects/Account/${id}`])
    await sameAnswer(app, [`${V}/sobjects/Account/describe`, `${V}/sobjects/Account/Describe`])
    // served in any case: both ask for the window's dates
    for (const path of [`${V}/sobjects/Account/updated`, `${V}/sobjects/Account/Updated`]) {
      expectNativeError(await app.get(path), 400, 'MISSING_ARGUMENT')
    }
    await sameAnswer(app, [
      `${V}/composite/sobjects/Account?ids=${id}&fields=Name`,
      `${V}/Composite/SObjects/Account?ids=${id}&fields=Name`,
    ])
    const limits = await Promise.all([app.get(`${V}/limits`), app.get(`${V}/Limits`)])
    for (const response of limits) expect(response.status, response.text).toBe(200)
    await sameAnswer(app, [
      `${V}/search?q=${encodeURIComponent('FIND {Case}')}`,
      `${V}/Search?q=${encodeURIComponent('FIND {Case}')}`,
    ])
  })

  test('query and queryAll', async ({ client }) => {
    const app = await connectApp(client)
    const q = `q=${encodeURIComponent('SELECT Id, Name FROM Account ORDER BY Id')}`
    await sameAnswer(app, [`${V}/query?${q}`, `${V}/Query?${q}`, `${V}/QUERY?${q}`])
    await sameAnswer(app, [`${V}/queryAll?${q}`, `${V}/queryall?${q}`, `${V}/QueryAll?${q}`])
  })

  test('composite resources take both spellings, their subrequest URLs too', async ({ client }) => {
    const app = await connectApp(client)
    const id = await createRecord(app, 'Account', { Name: 'Composite Case' })
    for (const path of [`${V}/composite`, `${V}/Composite`]) {
      const response = await app.post(path, {
        json: { compositeRequest: [{ method: 'GET', url: `${V}/SObjects/Account/${id}`, referenceId: 'a' }] },
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body.compositeResponse[0].httpStatusCode).toBe(200)
    }
  })

  test('Bulk API 2.0 ingest job resources and result files', async ({ client }) => {
    const app = await connectApp(client)
    const job = await runIngest(app, { object: 'Account', operation: 'insert' }, 'Name\nBulk Case\n')
    await sameAnswer(app, [`${INGEST}/${job.id}`, `${V}/Jobs/Ingest/${job.id}`])
    await sameAnswer(app, [`${INGEST}/${job.id}/successfulResults`, `${INGEST}/${job.id}/successfulresults`])
    await sameAnswer(app, [`${INGEST}/${job.id}/failedResults`, `${INGEST}/${job.id}/failedresults`])
    await sameAnswer(app, [
      `${INGEST}/${job.id}/unprocessedrecords`,
      `${INGEST}/${job.id}/unprocessedRecords`,
      `${INGEST}/${job.id}/UnprocessedRecords`,
    ])
  })

  test('a CSV upload to batches in another case takes the upload limit, not the JSON one', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
    const rows = Array.from({ length: 80_000 }, (_, index) => `Upload Case ${index}`).join('\n')
    // over the 4 MiB JSON cap, under the upload limit
    const csv = `Name\n${rows.padEnd(4.5 * 1024 * 1024, 'x')}\n`
    const upload = await uploadCsv(app, job.id, csv, `${V}/Jobs/Ingest`)
    expect(upload.status, upload.text).toBe(201)
    expect((await setState(app, job.id, 'UploadComplete')).status).toBe(200)
  })

  test('Bulk API 2.0 query job results and resultPages', async ({ client }) => {
    const app = await connectApp(client)
    const job = await createQueryJob(app, 'SELECT Id, Name FROM Account')
    await sameAnswer(app, [
      `${QUERY}/${job.id}/results`,
      `${QUERY}/${job.id}/Results`,
      `${V}/jobs/Query/${job.id}/RESULTS`,
    ])
    await sameAnswer(app, [`${QUERY}/${job.id}/resultPages`, `${QUERY}/${job.id}/resultpages`])
  })

  test('parameters keep their case, even one that reads like a fixed segment', async ({ client }) => {
    const app = await connectApp(client)
    const upsert = await app.patch(`${V}/SObjects/Account/External_Id__c/Query`, {
      json: { Name: 'By Query' },
    })
    expect(upsert.status, upsert.text).toBe(201)
    const read = await app.get(`${V}/sobjects/Account/${upsert.body.id}?fields=External_Id__c`)
    expect(read.body.External_Id__c).toBe('Query')
  })

  test('a segment no route has is still NOT_FOUND', async ({ client }) => {
    const app = await connectApp(client)
    const job = await runIngest(app, { object: 'Account', operation: 'insert' }, 'Name\nUnknown Case\n')
    expectNativeError(await app.get(`${V}/sobjectz`), 404, 'NOT_FOUND')
    expectNativeError(await app.get(`${INGEST}/${job.id}/unprocessedResults`), 404, 'NOT_FOUND')
    expectNativeError(await app.get(`${V}/Queries`), 404, 'NOT_FOUND')
  })
})
