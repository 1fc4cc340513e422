/**
 * The fidelity report lists the replication, record count, recently viewed, list view and blob
 * resources as served endpoints: each is named among those not exercised until a call reaches
 * it, then counted, and none is reported as unemulated. The resources that share an
 * endpoint (a file's multipart insert, basic information's recent items, the records a file
 * makes, FOR VIEW / FOR REFERENCE) are counted under it, as SOQL features for the last.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { getBytes, MULTIPART, multipartBody } from '../../support/files.js'
import { type AppConnection, connectApp, createRecord, query, V } from '../../support/native.js'

const test = conformanceTest()

const SERVED = [
  'sobjects/{object}/updated',
  'sobjects/{object}/deleted',
  'limits/recordCount',
  'recent',
  'sobjects/{object}/listviews',
  'sobjects/{object}/listviews/{id}',
  'sobjects/{object}/listviews/{id}/describe',
  'sobjects/{object}/listviews/{id}/results',
  'sobjects/{object}/{id}/{blobField}',
]

const report = async (client: any) => (await client.get('/__replica/fidelity', { token: null })).body

test('names each resource as served, and counts the calls that reach it', async ({ client }) => {
  expect((await client.delete('/__replica/fidelity', { token: null })).status).toBe(200)
  const before = await report(client)
  expect(before.nativeEndpointsNotExercised).toEqual(expect.arrayContaining(SERVED))

  const app = await connectApp(client)
  const day = 24 * 60 * 60 * 1000
  const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString())
  const window = `start=${at(Date.now() - day)}&end=${at(Date.now())}`
  await app.get(`${V}/sobjects/Account/updated?${window}`)
  await app.get(`${V}/sobjects/Account/deleted?${window}`)
  await app.get(`${V}/limits/recordCount?sObjects=Account`)
  await app.get(`${V}/recent`)
  const { listviews } = (await app.get(`${V}/sobjects/Account/listviews`)).body
  await app.get(listviews[0].url)
  await app.get(listviews[0].describeUrl)
  await app.get(listviews[0].resultsUrl)
  const id = await createRecord(app, 'Attachment', {
    ParentId: '001Rm0000000001IAA',
    Name: 'a.txt',
    Body: 'YQ==',
  })
  expect((await getBytes(app, `${V}/sobjects/Attachment/${id}/Body`)).response.status).toBe(200)

  const after = await report(client)
  for (const name of SERVED) {
    expect(
      after.nativeEndpoints.map((entry: { name: string }) => entry.name),
      name,
    ).toContain(`GET ${name}`)
    expect(after.nativeEndpointsNotExercised).not.toContain(name)
  }
  expect(after.unemulated).toEqual([])
})

test('counts file inserts, recent items and FOR VIEW / FOR REFERENCE under the endpoints that serve them', async ({
  client,
}) => {
  expect((await client.delete('/__replica/fidelity', { token: null })).status).toBe(200)
  const app = await connectApp(client)
  const account = await createRecord(app, 'Account', { Name: 'Filed' })
  const inserted = await app.post(`${V}/sobjects/ContentVersion`, {
    body: multipartBody(
      { PathOnClient: 'notes.txt', FirstPublishLocationId: account },
      { field: 'VersionData', filename: 'notes.txt', bytes: new TextEncoder().encode('notes') },
    ),
    headers: MULTIPART,
  })
  expect(inserted.status, inserted.text).toBe(201)
  const version = (await app.get(`${V}/sobjects/ContentVersion/${inserted.body.id}`)).body
  expect((await app.get(`${V}/sobjects/ContentDocument/${version.ContentDocumentId}`)).status).toBe(200)
  const links = await query(
    app,
    `SELECT Id, ShareType FROM ContentDocumentLink WHERE LinkedEntityId = '${account}'`,
  )
  expect(links.status, links.text).toBe(200)
  expect((await query(app, `SELECT Id FROM Account WHERE Id = '${account}' FOR REFERENCE`)).status).toBe(200)
  expect((await query(app, `SELECT Id FROM Account WHERE Id = '${account}' FOR VIEW`)).status).toBe(200)
  expect((await app.get(`${V}/sobjects/Account`)).body.recentItems).toEqual([
    expect.objectContaining({ Id: account }),
  ])
  const document = await app.post(`${V}/sobjects/Document`, {
    body: multipartBody(
      { Name: 'Brochure', FolderId: await adminUser(app) },
      {
        field: 'Body',
        filename: 'brochure.pdf',
        bytes: new TextEncoder().encode('%PDF'),
        type: 'application/pdf',
      },
    ),
    headers: MULTIPART,
  })
  expect(document.status, document.text).toBe(201)
  expect((await getBytes(app, `${V}/sobjects/Document/${document.body.id}/Body`)).response.status).toBe(200)

  const after = await report(client)
  const endpoints = after.nativeEndpoints.map((entry: { name: string }) => entry.name)
  for (const name of [
    'POST sobjects/{object}',
    'GET sobjects/{object}',
    'GET sobjects/{object}/{id}',
    'GET query',
    'GET sobjects/{object}/{id}/{blobField}',
  ]) {
    expect(endpoints, name).toContain(name)
  }
  const features = after.soqlFeatures.map((entry: { name: string }) => entry.name)
  expect(features).toEqual(expect.arrayContaining(['FOR VIEW', 'FOR REFERENCE']))
  expect(after.unemulated).toEqual([])
  expect(after.errorCodes).toEqual([])
})

async function adminUser(app: AppConnection): Promise<string> {
  const found = await query(app, "SELECT Id FROM User WHERE Username = 'admin@crm.replica.test'")
  return found.body.records[0].Id
}
