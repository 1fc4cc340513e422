/**
 * Files: ContentVersion with VersionData (multipart create as Salesforce documents it, the
 * ContentDocument and ContentDocumentLinks it makes, new versions), Attachment.Body and
 * Document.Body (JSON base64 or multipart), blob GET, blob fields in reads and queries, and what
 * is refused.
 */
import { createHash } from 'node:crypto'
import { conformanceTest, describe, expect } from '../../support/harness.js'
import { binaryBytes, getBytes, MULTIPART, multipartBody } from '../../support/files.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'
const ADMIN_USER = '005Rm0000000001IAA'
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

describe('ContentVersion', () => {
  test('a multipart insert makes the version, its document and the links; VersionData reads back', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const bytes = binaryBytes(3000)
    const response = await app.post(`${V}/sobjects/ContentVersion`, {
      body: multipartBody(
        { PathOnClient: 'Q1 Report.PDF', FirstPublishLocationId: ACME, ReasonForChange: 'First cut' },
        { field: 'VersionData', filename: 'Q1 Report.PDF', bytes, type: 'application/pdf' },
      ),
      headers: MULTIPART,
    })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toEqual({ id: expect.stringMatching(/^068/), success: true, errors: [] })
    const id = response.body.id
    const version = (await app.get(`${V}/sobjects/ContentVersion/${id}`)).body
    expect(version).toMatchObject({
      Title: 'Q1 Report',
      PathOnClient: 'Q1 Report.PDF',
      VersionData: `${V}/sobjects/ContentVersion/${id}/VersionData`,
      ContentSize: 3000,
      Checksum: md5(bytes),
      FileType: 'PDF',
      FileExtension: 'pdf',
      VersionNumber: '1',
      IsLatest: true,
      ContentDocumentId: expect.stringMatching(/^069/),
      FirstPublishLocationId: ACME,
      OwnerId: ADMIN_USER,
    })

    const blob = await getBytes(app, `${V}/sobjects/ContentVersion/${id}/VersionData`)
    expect(blob.response.status).toBe(200)
    expect(blob.response.headers.get('content-type')).toBe('application/octet-stream')
    expect(blob.bytes).toEqual(bytes)
    // the field's name in any case, as Salesforce's examples write it
    expect((await getBytes(app, `${V}/sobjects/ContentVersion/${id}/versiondata`)).bytes).toEqual(bytes)

    const document = (await app.get(`${V}/sobjects/ContentDocument/${version.ContentDocumentId}`)).body
    expect(document).toMatchObject({
      Title: 'Q1 Report',
      LatestPublishedVersionId: id,
      ContentSize: 3000,
      FileType: 'PDF',
      OwnerId: ADMIN_USER,
    })
    const links = await query(
      app,
      `SELECT LinkedEntityId, ShareType, Visibility FROM ContentDocumentLink WHERE ContentDocumentId = '${version.ContentDocumentId}' ORDER BY ShareType`,
    )
    expect(links.body.records.map(({ attributes: _, ...link }: any) => link)).toEqual([
      { LinkedEntityId: ADMIN_USER, ShareType: 'I', Visibility: 'AllUsers' },
      { LinkedEntityId: ACME, ShareType: 'V', Visibility: 'AllUsers' },
    ])
  })

  test('a version with a ContentDocumentId becomes the document’s latest', async ({ client, mock }) => {
    const app = await connectApp(client)
    const first = await createRecord(app, 'ContentVersion', {
      PathOnClient: 'notes.txt',
      VersionData: Buffer.from('first').toString('base64'),
    })
    const documentId = (await app.get(`${V}/sobjects/ContentVersion/${first}`)).body.ContentDocumentId
    mock.clock.advance(1000)
    const second = await createRecord(app, 'ContentVersion', {
      ContentDocumentId: documentId,
      PathOnClient: 'notes-v2.txt',
      Title: 'Notes',
      VersionData: Buffer.from('second, longer').toString('base64'),
    })
    const versions = await query(
      app,
      `SELECT Id, VersionNumber, IsLatest FROM ContentVersion WHERE ContentDocumentId = '${documentId}' ORDER BY VersionNumber`,
    )
    expect(versions.body.records.map(({ attributes: _, ...v }: any) => v)).toEqual([
      { Id: first, VersionNumber: '1', IsLatest: false },
      { Id: second, VersionNumber: '2', IsLatest: true },
    ])
    expect((await app.get(`${V}/sobjects/ContentDocument/${documentId}`)).body).toMatchObject({
      LatestPublishedVersionId: second,
      Title: 'Notes',
      ContentSize: 14,
      FileType: 'TEXT',
    })
    expect(
      new TextDecoder().decode(
        (await getBytes(app, `${V}/sobjects/ContentVersion/${first}/VersionData`)).bytes,
      ),
    ).toBe('first')
  })

  test('deleting the document deletes its versions and links', async ({ client }) => {
    const app = await connectApp(client)
    const id = await createRecord(app, 'ContentVersion', {
      PathOnClient: 'gone.txt',
      VersionData: Buffer.from('soon gone').toString('base64'),
      FirstPublishLocationId: ACME,
    })
    const documentId = (await app.get(`${V}/sobjects/ContentVersion/${id}`)).body.ContentDocumentId
    expectNativeError(
      await app.delete(`${V}/sobjects/ContentVersion/${id}`),
      400,
      'INSUFFICIENT_ACCESS_OR_READONLY',
    )
    expect((await app.delete(`${V}/sobjects/ContentDocument/${documentId}`)).status).toBe(204)
    expectNativeError(await app.get(`${V}/sobjects/ContentVersion/${id}`), 404, 'NOT_FOUND')
    const links = await query(
      app,
      `SELECT Id FROM ContentDocumentLink WHERE ContentDocumentId = '${documentId}'`,
    )
    expect(links.body.totalSize).toBe(0)
    expect((await getBytes(app, `${V}/sobjects/ContentVersion/${id}/VersionData`)).response.status).toBe(404)
  })

  test('what a version insert refuses', async ({ client }) => {
    const app = await connectApp(client)
    const missing = await app.post(`${V}/sobjects/ContentVersion`, {
      body: multipartBody({ PathOnClient: 'empty.txt' }),
      headers: MULTIPART,
    })
    expect(expectNativeError(missing, 400, 'REQUIRED_FIELD_MISSING').fields).toEqual(['VersionData'])
    const wrongPart = await app.post(`${V}/sobjects/ContentVersion`, {
      body: multipartBody(
        { PathOnClient: 'a.txt' },
        { field: 'Body', filename: 'a.txt', bytes: binaryBytes(3) },
      ),
      headers: MULTIPART,
    })
    expect(expectNativeError(wrongPart, 400, 'INVALID_FIELD').message).toContain('VersionData')
    const twice = await app.post(`${V}/sobjects/ContentVersion`, {
      body: multipartBody(
        { PathOnClient: 'a.txt', VersionData: 'YQ==' },
        { field: 'VersionData', filename: 'a.txt', bytes: binaryBytes(3) },
      ),
      headers: MULTIPART,
    })
    expectNativeError(twice, 400, 'INVALID_INPUT')
    const notBase64 = await app.post(`${V}/sobjects/ContentVersion`, {
      json: { PathOnClient: 'a.txt', VersionData: 'not base64!' },
    })
    expect(expectNativeError(notBase64, 400, 'JSON_PARSER_ERROR').fields).toEqual(['VersionData'])
    const id = await createRecord(app, 'ContentVersion', { PathOnClient: 'a.txt', VersionData: 'YQ==' })
    const update = await app.patch(`${V}/sobjects/ContentVersion/${id}`, { json: { VersionData: 'Yg==' } })
    expectNativeError(update, 400, 'INVALID_FIELD_FOR_INSERT_UPDATE')
    expect(
      (await app.patch(`${V}/sobjects/ContentVersion/${id}`, { json: { Title: 'Renamed' } })).status,
    ).toBe(204)
  })
})

describe('Attachment and Document', () => {
  test('an Attachment from JSON base64 (simple-salesforce’s upload_base64): Body reads back with its type', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const bytes = binaryBytes(600)
    const id = await createRecord(app, 'Attachment', {
      ParentId: ACME,
      Name: 'logo.png',
      ContentType: 'image/png',
      Body: Buffer.from(bytes).toString('base64'),
    })
    const record = (await app.get(`${V}/sobjects/Attachment/${id}`)).body
    expect(record).toMatchObject({
      Body: `${V}/sobjects/Attachment/${id}/Body`,
      BodyLength: 600,
      ParentId: ACME,
    })
    const blob = await getBytes(app, `${V}/sobjects/Attachment/${id}/body`)
    expect(blob.response.headers.get('content-type')).toBe('image/png')
    expect(blob.bytes).toEqual(bytes)
    // attachments go with their record
    expect((await app.delete(`${V}/sobjects/Account/${ACME}`)).status).toBe(204)
    expectNativeError(await app.get(`${V}/sobjects/Attachment/${id}`), 404, 'NOT_FOUND')
  })

  test('a Document from a multipart insert (entity_document), its Body replaced by a multipart update', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const created = await app.post(`${V}/sobjects/Document/`, {
      body: multipartBody(
        { Name: 'Brochure.pdf', FolderId: ADMIN_USER, Keywords: 'marketing' },
        { field: 'Body', filename: 'brochure.pdf', bytes: binaryBytes(100), type: 'application/pdf' },
        'entity_document',
      ),
      headers: MULTIPART,
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.id
    expect((await app.get(`${V}/sobjects/Document/${id}`)).body).toMatchObject({
      BodyLength: 100,
      Type: 'pdf',
    })
    const updated = await app.patch(`${V}/sobjects/Document/${id}`, {
      body: multipartBody(
        { Keywords: 'sales' },
        { field: 'Body', filename: 'v2.pdf', bytes: binaryBytes(250) },
      ),
      headers: MULTIPART,
    })
    expect(updated.status, updated.text).toBe(204)
    expect((await app.get(`${V}/sobjects/Document/${id}`)).body).toMatchObject({
      BodyLength: 250,
      Keywords: 'sales',
    })
    expect((await getBytes(app, `${V}/sobjects/Document/${id}/Body`)).bytes).toEqual(binaryBytes(250))
  })

  test('a blob field in queries: its URL; never filtered on, nor selected by a bulk query', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const id = await createRecord(app, 'Attachment', { ParentId: ACME, Name: 'a.txt', Body: 'YWJj' })
    const rows = await query(app, `SELECT Name, Body, BodyLength FROM Attachment WHERE Id = '${id}'`)
    expect(rows.body.records[0]).toMatchObject({
      Name: 'a.txt',
      Body: `${V}/sobjects/Attachment/${id}/Body`,
      BodyLength: 3,
    })
    expectNativeError(await query(app, "SELECT Id FROM Attachment WHERE Body = 'x'"), 400, 'INVALID_FIELD')
    const bulk = await app.post(`${V}/jobs/query`, {
      json: { operation: 'query', query: 'SELECT Body FROM Attachment' },
    })
    expect(bulk.status).toBe(400)
    expect(JSON.stringify(bulk.body)).toContain('base64')
    const describe = (await app.get(`${V}/sobjects/Attachment/describe`)).body
    expect(describe.fields.find((field: { name: string }) => field.name === 'Body')).toMatchObject({
      type: 'base64',
      soapType: 'xsd:base64Binary',
      filterable: false,
      sortable: false,
    })
    // a record's field that is no blob is not served as one
    expectNativeError(await app.get(`${V}/sobjects/Attachment/${id}/Name`), 501, 'FEATURE_NOT_ENABLED')
    expectNativeError(await app.get(`${V}/sobjects/Attachment/00PRm0000009999IAA/Body`), 404, 'NOT_FOUND')
  })
})
