import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'

test('retrieves a record by external id, the field named in any case, with a fields selection', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.get(`${V}/sobjects/account/external_id__c/acme-001?fields=Name`)
  expect(response.status).toBe(200)
  expect(response.body).toEqual({
    attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
    Name: 'Acme Corporation',
    Id: ACME,
  })
  const byLookup = await app.get(`${V}/sobjects/Contact/Email/wile.coyote@acme.example?fields=LastName`)
  expect(byLookup.body).toMatchObject({ LastName: 'Coyote' })
})

test('takes the value as one URL-encoded path segment', async ({ client }) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Account', { Name: 'Slashed', External_Id__c: 'A/B 1€' })
  const response = await app.get(`${V}/sobjects/Account/External_Id__c/${encodeURIComponent('A/B 1€')}`)
  expect(response.status).toBe(200)
  expect(response.body.Id).toBe(id)
})

test('upserts: 201 created with the external id set, then 200 updated with created false', async ({
  client,
}) => {
  const app = await connectApp(client)
  const created = await app.patch(`${V}/sobjects/Account/External_Id__c/NEW-1`, { json: { Name: 'Fresh' } })
  expect(created.status).toBe(201)
  expect(created.body).toEqual({
    id: expect.stringMatching(/^001/),
    success: true,
    errors: [],
    created: true,
  })
  const updated = await app.patch(`${V}/sobjects/Account/External_Id__c/new-1`, {
    json: { Industry: 'Energy' },
  })
  expect(updated.status).toBe(200)
  expect(updated.body).toEqual({ id: created.body.id, success: true, errors: [], created: false })
  const read = await app.get(`${V}/sobjects/Account/${created.body.id}?fields=Name,Industry,External_Id__c`)
  expect(read.body).toMatchObject({ Name: 'Fresh', Industry: 'Energy', External_Id__c: 'NEW-1' })
})

test('answers 300 with the matching record urls on several matches, and changes nothing', async ({
  client,
}) => {
  const app = await connectApp(client)
  const first = await createRecord(app, 'Account', { Name: 'Twin 1', External_Id__c: 'TWIN' })
  const second = await createRecord(app, 'Account', { Name: 'Twin 2', External_Id__c: 'TWIN' })
  const urls = [`${V}/sobjects/Account/${first}`, `${V}/sobjects/Account/${second}`]
  const retrieved = await app.get(`${V}/sobjects/Account/External_Id__c/TWIN`)
  expect({ status: retrieved.status, body: retrieved.body }).toEqual({ status: 300, body: urls })
  const upserted = await app.patch(`${V}/sobjects/Account/External_Id__c/TWIN`, { json: { Name: 'Changed' } })
  expect({ status: upserted.status, body: upserted.body }).toEqual({ status: 300, body: urls })
  const deleted = await app.delete(`${V}/sobjects/Account/External_Id__c/TWIN`)
  expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 300, body: urls })
  const names = await query(app, "SELECT Name FROM Account WHERE External_Id__c = 'TWIN' ORDER BY Name")
  expect(names.body.records.map((record: { Name: string }) => record.Name)).toEqual(['Twin 1', 'Twin 2'])
})

test('answers 404 NOT_FOUND for a field that is not an external id and for a value no record has', async ({
  client,
}) => {
  const app = await connectApp(client)
  const notExternal = expectNativeError(
    await app.get(`${V}/sobjects/Account/Industry/Energy`),
    404,
    'NOT_FOUND',
  )
  expect(notExternal.message).toBe('Provided external ID field does not exist or is not accessible: Industry')
  expectNativeError(
    await app.patch(`${V}/sobjects/Account/Industry/Energy`, { json: { Name: 'x' } }),
    404,
    'NOT_FOUND',
  )
  expectNativeError(await app.get(`${V}/sobjects/Account/External_Id__c/NOBODY`), 404, 'NOT_FOUND')
  expectNativeError(await app.delete(`${V}/sobjects/Account/External_Id__c/NOBODY`), 404, 'NOT_FOUND')
})

test('updates only with ?updateOnly=true: a match is updated, no match is a 404 and creates nothing', async ({
  client,
}) => {
  const app = await connectApp(client)
  const updated = await app.patch(`${V}/sobjects/Account/External_Id__c/ACME-001?updateOnly=true`, {
    json: { Rating: 'Warm' },
  })
  expect(updated.status).toBe(200)
  expect(updated.body).toEqual({ id: ACME, success: true, errors: [], created: false })
  const missing = await app.patch(`${V}/sobjects/Account/External_Id__c/NONE-1?updateOnly=true`, {
    json: { Name: 'Never' },
  })
  expectNativeError(missing, 404, 'NOT_FOUND')
  expect((await query(app, "SELECT COUNT() FROM Account WHERE Name = 'Never'")).body.totalSize).toBe(0)
})

test('deletes by external id with 204', async ({ client }) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Account', { Name: 'Ext doomed', External_Id__c: 'DOOM-1' })
  expect((await app.delete(`${V}/sobjects/Account/External_Id__c/DOOM-1`)).status).toBe(204)
  expectNativeError(await app.get(`${V}/sobjects/Account/${id}`), 404, 'NOT_FOUND')
})

test('refuses an upsert body that contradicts the external id in the url, and rolls back a failed one', async ({
  client,
}) => {
  const app = await connectApp(client)
  const contradicting = await app.patch(`${V}/sobjects/Account/External_Id__c/X-1`, {
    json: { Name: 'x', External_Id__c: 'X-2' },
  })
  expectNativeError(contradicting, 400, 'INVALID_FIELD')
  const failing = await app.patch(`${V}/sobjects/Account/External_Id__c/X-1`, {
    json: { Name: 'x'.repeat(300) },
  })
  expectNativeError(failing, 400, 'STRING_TOO_LONG')
  expectNativeError(await app.get(`${V}/sobjects/Account/External_Id__c/X-1`), 404, 'NOT_FOUND')
  const readonly = await app.as('readonly')
  const refused = await readonly.patch(`${V}/sobjects/Account/External_Id__c/ACME-001`, {
    json: { Name: 'x' },
  })
  expectNativeError(refused, 400, 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY')
})

test('upserts by a unique external id of a custom object', async ({ client }) => {
  const app = await connectApp(client)
  const created = await app.patch(`${V}/sobjects/Invoice__c/InvoiceNumber__c/INV-9`, {
    json: { Account__c: ACME, Amount__c: 10 },
  })
  expect(created.status).toBe(201)
  const read = await app.get(
    `${V}/sobjects/Invoice__c/${created.body.id}?fields=Name,InvoiceNumber__c,Status__c`,
  )
  expect(read.body).toMatchObject({
    Name: expect.stringMatching(/^INV-\d{4}$/),
    InvoiceNumber__c: 'INV-9',
    Status__c: 'Draft',
  })
})
