import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

type Entry = {
  name: string
  createable: boolean
  updateable: boolean
  deletable: boolean
  queryable: boolean
}
const byName = (body: { sobjects: Entry[] }, name: string) =>
  body.sobjects.find((entry) => entry.name === name)!
const fieldNames = (body: { fields: Array<{ name: string }> }) => body.fields.map((field) => field.name)

test('lists every object with its operation flags and urls (describeGlobal)', async ({ client }) => {
  const app = await connectApp(client)
  const response = await app.get(`${V}/sobjects`)
  expect(response.status).toBe(200)
  expect(response.body).toMatchObject({ encoding: 'UTF-8', maxBatchSize: 200 })
  expect(response.body.sobjects.map((entry: Entry) => entry.name)).toEqual(
    expect.arrayContaining([
      'Account',
      'Contact',
      'Opportunity',
      'Lead',
      'Case',
      'Task',
      'User',
      'Invoice__c',
    ]),
  )
  expect(byName(response.body, 'Account')).toMatchObject({
    keyPrefix: '001',
    label: 'Account',
    createable: true,
    updateable: true,
    deletable: true,
    queryable: true,
    custom: false,
    urls: {
      sobject: `${V}/sobjects/Account`,
      describe: `${V}/sobjects/Account/describe`,
      rowTemplate: `${V}/sobjects/Account/{ID}`,
    },
  })
  expect(byName(response.body, 'Invoice__c')).toMatchObject({ custom: true, keyPrefix: 'a00' })
  expect(byName(response.body, 'User')).toMatchObject({
    createable: false,
    updateable: false,
    deletable: false,
  })
})

test('gives the readonly actor no create, update or delete, and the urls of the path version', async ({
  client,
}) => {
  const readonly = await (await connectApp(client)).as('readonly')
  const response = await readonly.get('/services/data/v55.0/sobjects')
  expect(byName(response.body, 'Account')).toMatchObject({
    createable: false,
    updateable: false,
    deletable: false,
    queryable: true,
    urls: { sobject: '/services/data/v55.0/sobjects/Account' },
  })
})

test('answers an object’s basic information with its recently viewed records first', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  mock.clock.advance(60_000)
  const id = await createRecord(app, 'Account', { Name: 'Newest' })
  const viewed = `SELECT Id FROM Account WHERE Name IN ('Newest', 'Acme Corporation') FOR VIEW`
  expect((await app.get(`${V}/query?q=${encodeURIComponent(viewed)}`)).status).toBe(200)
  const response = await app.get(`${V}/sobjects/account`)
  expect(response.status).toBe(200)
  const global = (await app.get(`${V}/sobjects`)).body
  expect(response.body.objectDescribe).toEqual(byName(global, 'Account'))
  expect(response.body.recentItems).toContainEqual({
    attributes: { type: 'Account', url: `${V}/sobjects/Account/${id}` },
    Id: id,
    Name: 'Newest',
  })
  expect(response.body.recentItems.map((item: { Name: string }) => item.Name).sort()).toEqual([
    'Acme Corporation',
    'Newest',
  ])
  expect((await app.get(`${V}/sobjects/Case`)).body.recentItems).toEqual([])
})

test('describes an object named in any case, with its fields, flags and relationships', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.get(`${V}/sobjects/ACCOUNT/describe`)
  expect(response.status).toBe(200)
  expect(response.body).toMatchObject({ name: 'Account', keyPrefix: '001', createable: true })
  const field = (name: string) => response.body.fields.find((entry: { name: string }) => entry.name === name)
  expect(field('Id')).toMatchObject({ type: 'id', idLookup: true, createable: false, nillable: false })
  expect(field('Name')).toMatchObject({ type: 'string', length: 255, nillable: false, nameField: true })
  expect(field('External_Id__c')).toMatchObject({ externalId: true, custom: true, createable: true })
  expect(field('OwnerId')).toMatchObject({
    type: 'reference',
    referenceTo: ['User'],
    relationshipName: 'Owner',
    defaultedOnCreate: true,
  })
  expect(field('Tier__c')).toMatchObject({
    type: 'picklist',
    restrictedPicklist: true,
    picklistValues: [
      { value: 'Gold', label: 'Gold', active: true, defaultValue: false, validFor: null },
      expect.objectContaining({ value: 'Silver' }),
      expect.objectContaining({ value: 'Bronze' }),
    ],
  })
  expect(response.body.childRelationships).toContainEqual(
    expect.objectContaining({ childSObject: 'Contact', field: 'AccountId', relationshipName: 'Contacts' }),
  )
})

test('describes what the path version has: a field from 52.0 is absent at 51.0', async ({ client }) => {
  const app = await connectApp(client)
  expect(fieldNames((await app.get('/services/data/v52.0/sobjects/Account/describe')).body)).toContain(
    'Tier__c',
  )
  expect(fieldNames((await app.get('/services/data/v51.0/sobjects/Account/describe')).body)).not.toContain(
    'Tier__c',
  )
})

test('describes what the actor sees and may write', async ({ client }) => {
  const app = await connectApp(client)
  expect(fieldNames((await app.get(`${V}/sobjects/Account/describe`)).body)).toContain('AnnualRevenue')
  const integration = await app.as('integration')
  expect(fieldNames((await integration.get(`${V}/sobjects/Account/describe`)).body)).not.toContain(
    'AnnualRevenue',
  )
  const readonly = await app.as('readonly')
  const described = (await readonly.get(`${V}/sobjects/Account/describe`)).body
  expect(described).toMatchObject({ createable: false, updateable: false })
  expect(described.fields.find((field: { name: string }) => field.name === 'Name')).toMatchObject({
    createable: false,
    updateable: false,
  })
})

test('answers 404 NOT_FOUND for an object that does not exist', async ({ client }) => {
  const app = await connectApp(client)
  expectNativeError(await app.get(`${V}/sobjects/Nope__c`), 404, 'NOT_FOUND')
  expectNativeError(await app.get(`${V}/sobjects/Nope__c/describe`), 404, 'NOT_FOUND')
  expectNativeError(await app.post(`${V}/sobjects/Nope__c`, { json: { Name: 'x' } }), 404, 'NOT_FOUND')
})
