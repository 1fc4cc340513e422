import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, V } from '../../support/native.js'
import { createIngestJob, INGEST, jobInfo, setState, uploadCsv, uploadGzipCsv } from '../../support/bulk.js'

const test = conformanceTest({ clock: 'manual', maxUploadBytes: 2048 })

/** A CSV of exactly `bytes` bytes: a header and one row padded with a Description. */
function csvOf(bytes: number): string {
  const head = 'Name,Description\nSized,'
  return head + 'x'.repeat(bytes - head.length - 1) + '\n'
}

test('takes an upload up to maxUploadBytes and refuses one byte more (413, nothing stored)', async ({
  client,
}) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  const tooLarge = await uploadCsv(app, job.id, csvOf(2049))
  expect(tooLarge.status).toBe(413)
  expect(tooLarge.body).toEqual({
    error: {
      code: 'request_too_large',
      message: 'Failed to pass the request on: its body is larger than 2048 bytes',
    },
  })
  expect((await uploadCsv(app, job.id, csvOf(2048))).status).toBe(201)
  await setState(app, job.id, 'UploadComplete')
  expect(await jobInfo(app, job.id)).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 1 })
})

test('keeps the 4 MiB cap on every other native request body', async ({ client }) => {
  const app = await connectApp(client)
  const large = await app.post(`${V}/sobjects/Account`, {
    json: { Name: 'Big', Description: 'x'.repeat(4 * 1024 * 1024) },
  })
  expect(large.status).toBe(413)
  expect(large.body.error.code).toBe('request_too_large')
  // only PUT .../batches is an upload: a large POST to the job's path is capped as JSON
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  const post = await app.post(`${INGEST}/${job.id}/batches`, {
    body: csvOf(3000),
    headers: { 'content-type': 'text/csv' },
  })
  expect(post.status).toBe(405)
})

test('counts a gzip upload inflated: up to maxUploadBytes taken, one byte more refused (413)', async ({
  client,
}) => {
  const app = await connectApp(client)
  const job = await createIngestJob(app, { object: 'Account', operation: 'insert' })
  const put = (csv: string) => uploadGzipCsv(app, job.id, csv)
  const over = await put(csvOf(2049))
  expect(over.status).toBe(413)
  expect(over.body).toEqual([
    {
      errorCode: 'EXCEEDED_MAX_SIZE_REQUEST',
      message:
        'Failed to read the job data: the gzip body inflates to more than 2048 bytes, the upload limit',
    },
  ])
  expect((await put(csvOf(2048))).status).toBe(201)
  await setState(app, job.id, 'UploadComplete')
  expect(await jobInfo(app, job.id)).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 1 })
})
