/**
 * Files against the gateway and the state: a blob's bytes count against the 4 MiB request and
 * response caps (exactly 4 MiB passes), the recording keeps them out (`binary`, no preview), and
 * they live in snapshots, the state document and reset like any field.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { expectRefusal, lastRecorded, MiB } from '../../support/app-calls.js'
import { binaryBytes, getBytes, MULTIPART, multipartBody } from '../../support/files.js'
import { createEnvironment, createSnapshot } from '../../support/management.js'
import { connectApp, connectTo, createRecord, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual', lifecycle: { snapshotMs: 100 } })

const ACME = '001Rm0000000001IAA'

/** A ContentVersion multipart body of exactly `size` bytes. */
function uploadOfSize(size: number): Uint8Array {
  const fields = { PathOnClient: 'big.bin' }
  const file = (n: number) => ({ field: 'VersionData', filename: 'big.bin', bytes: binaryBytes(n) })
  const overhead = multipartBody(fields, file(0)).byteLength
  return multipartBody(fields, file(size - overhead))
}

test('an upload of exactly 4 MiB passes the gateway; one byte more is refused unread', async ({ client }) => {
  const app = await connectApp(client)
  const exact = uploadOfSize(4 * MiB)
  expect(exact.byteLength).toBe(4 * MiB)
  const accepted = await app.post(`${V}/sobjects/ContentVersion`, { body: exact, headers: MULTIPART })
  expect(accepted.status, accepted.text).toBe(201)
  const over = await app.post(`${V}/sobjects/ContentVersion`, {
    body: uploadOfSize(4 * MiB + 1),
    headers: MULTIPART,
  })
  expectRefusal(over, 413, 'request_too_large')
})

test('a blob of exactly 4 MiB downloads; one byte more is refused by the response cap', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const records = mock.records(app.environment.id)
  const [exact, over] = records.insert('Attachment', [
    { ParentId: ACME, Name: 'exact.bin', Body: Buffer.from(binaryBytes(4 * MiB)).toString('base64') },
    { ParentId: ACME, Name: 'over.bin', Body: Buffer.from(binaryBytes(4 * MiB + 1)).toString('base64') },
  ])
  const downloaded = await getBytes(app, `${V}/sobjects/Attachment/${exact}/Body`)
  expect(downloaded.response.status).toBe(200)
  expect(downloaded.bytes.byteLength).toBe(4 * MiB)
  const refused = await app.get(`${V}/sobjects/Attachment/${over}/Body`)
  expectRefusal(refused, 502, 'response_too_large')
})

test('the recording keeps a blob’s bytes out of uploads and downloads, marked binary', async ({ client }) => {
  const app = await connectApp(client)
  const upload = await app.post(`${V}/sobjects/ContentVersion`, {
    body: multipartBody(
      { PathOnClient: 'secret.txt' },
      { field: 'VersionData', filename: 'secret.txt', bytes: new TextEncoder().encode('TOP SECRET FILE') },
    ),
    headers: MULTIPART,
  })
  expect(upload.status).toBe(201)
  const recordedUpload = await lastRecorded(client, app.environment.id)
  expect(recordedUpload.requestBody).toMatchObject({
    coverage: 'omitted',
    encoding: 'binary',
    preview: null,
    previewTruncated: false,
    bytes: expect.any(Number),
  })
  // the answer is no file: it is recorded as usual
  expect(recordedUpload.responseBody).toMatchObject({ coverage: 'recorded', encoding: 'utf8' })

  const download = await getBytes(app, `${V}/sobjects/ContentVersion/${upload.body.id}/VersionData`)
  expect(download.response.status).toBe(200)
  const recordedDownload = await lastRecorded(client, app.environment.id)
  expect(recordedDownload.responseBody).toMatchObject({
    coverage: 'omitted',
    encoding: 'binary',
    preview: null,
    bytes: 15,
  })
  expect(JSON.stringify(recordedDownload)).not.toContain('TOP SECRET')

  // base64 in a JSON body is a file's bytes too
  await createRecord(app, 'Attachment', {
    ParentId: ACME,
    Name: 'a.txt',
    Body: Buffer.from('TOP SECRET').toString('base64'),
  })
  expect((await lastRecorded(client, app.environment.id)).requestBody).toMatchObject({
    encoding: 'binary',
    preview: null,
  })
  // as are sObject Collections and composite bodies whose records send one
  const collection = await app.post(`${V}/composite/sobjects`, {
    json: { records: [{ attributes: { type: 'Attachment' }, ParentId: ACME, Name: 'c.txt', Body: 'YQ==' }] },
  })
  expect(collection.body).toEqual([expect.objectContaining({ success: true })])
  expect((await lastRecorded(client, app.environment.id)).requestBody).toMatchObject({
    encoding: 'binary',
    preview: null,
  })
  const composite = await app.post(`${V}/composite`, {
    json: {
      compositeRequest: [
        {
          method: 'POST',
          url: `${V}/sobjects/Attachment`,
          referenceId: 'file',
          body: { ParentId: ACME, Name: 'd.txt', Body: 'YQ==' },
        },
      ],
    },
  })
  expect(composite.body.compositeResponse[0].httpStatusCode).toBe(201)
  expect((await lastRecorded(client, app.environment.id)).requestBody).toMatchObject({
    encoding: 'binary',
    preview: null,
  })
  // a write without a blob field is recorded as before
  await createRecord(app, 'Attachment', { ParentId: ACME, Name: 'b.txt', Body: 'YQ==' })
  await app.patch(`${V}/sobjects/Account/${ACME}`, { json: { Rating: 'Hot' } })
  expect((await lastRecorded(client, app.environment.id)).requestBody).toMatchObject({
    coverage: 'recorded',
    preview: '{"Rating":"Hot"}',
  })
})

test('blobs live in snapshots and the state document, and go with a reset', async ({ client, mock }) => {
  const source = await createEnvironment(client)
  const app = await connectTo(client, source)
  const bytes = binaryBytes(2048)
  const id = await createRecord(app, 'ContentVersion', {
    PathOnClient: 'kept.bin',
    VersionData: Buffer.from(bytes).toString('base64'),
  })
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)
  const restored = await connectTo(client, await createEnvironment(client, { snapshotId: snapshot.id }))
  expect((await getBytes(restored, `${V}/sobjects/ContentVersion/${id}/VersionData`)).bytes).toEqual(bytes)

  const state = await mock.exportState()
  expect(JSON.stringify(state)).toContain(Buffer.from(bytes).toString('base64'))
  await mock.reset()
  await mock.importState(state)
  const again = await connectTo(client, source)
  expect((await getBytes(again, `${V}/sobjects/ContentVersion/${id}/VersionData`)).bytes).toEqual(bytes)
  await mock.reset()
  expect((await client.get(`/v1/environments/${source.id}`)).status).toBe(404)
})
