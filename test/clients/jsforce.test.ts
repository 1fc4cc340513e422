/**
 * End-to-end with a stock Salesforce client: jsforce 3 against the standalone server, with an
 * environment and credentials made over the management API, exactly as a user's app would.
 */
import { expect, it } from 'vitest'
import { useJsforceSession } from '../support/jsforce-session.js'

const session = useJsforceSession()

it('describes every object (describeGlobal)', async () => {
  const result = await session.conn.describeGlobal()
  const names = result.sobjects.map((sobject) => sobject.name)
  expect(names).toEqual(expect.arrayContaining(['Account', 'Contact', 'Opportunity', 'Invoice__c']))
  expect(result.sobjects.find((sobject) => sobject.name === 'Account')).toMatchObject({
    keyPrefix: '001',
    createable: true,
    queryable: true,
  })
})

it('describes an object with its fields and relationships', async () => {
  const account = await session.conn.sobject('Account').describe()
  expect(account.name).toBe('Account')
  expect(account.fields.find((field) => field.name === 'External_Id__c')).toMatchObject({
    externalId: true,
    type: 'string',
  })
  expect(account.childRelationships.map((relationship) => relationship.relationshipName)).toContain(
    'Contacts',
  )
})

it('creates, retrieves, updates and destroys a record', async () => {
  const created = await session.conn
    .sobject('Account')
    .create({ Name: 'jsforce Inc', Industry: 'Technology' })
  expect(created).toMatchObject({ success: true, errors: [] })
  const id = created.id!
  expect(id).toMatch(/^001[0-9A-Za-z]{15}$/)

  const record = await session.conn.sobject('Account').retrieve(id)
  expect(record).toMatchObject({ Id: id, Name: 'jsforce Inc', Industry: 'Technology', IsDeleted: false })
  expect(record.attributes).toEqual({ type: 'Account', url: `/services/data/v60.0/sobjects/Account/${id}` })

  const updated = await session.conn.sobject('Account').update({ Id: id, Industry: 'Banking' })
  expect(updated).toEqual({ id, success: true, errors: [] })
  expect((await session.conn.sobject('Account').retrieve(id)).Industry).toBe('Banking')

  const destroyed = await session.conn.sobject('Account').destroy(id)
  expect(destroyed).toEqual({ id, success: true, errors: [] })
  await expect(session.conn.sobject('Account').retrieve(id)).rejects.toMatchObject({ errorCode: 'NOT_FOUND' })
})

it('surfaces the replica’s errors as jsforce errors with their errorCode', async () => {
  await expect(session.conn.sobject('Account').create({ Industry: 'Banking' })).rejects.toMatchObject({
    errorCode: 'REQUIRED_FIELD_MISSING',
    message: 'Required fields are missing: [Name]',
  })
  await expect(session.conn.query('SELECT Nope FROM Account')).rejects.toMatchObject({
    errorCode: 'INVALID_FIELD',
  })
})

it('upserts by external id: created, then updated', async () => {
  const account = session.conn.sobject('Account')
  const created = await account.upsert({ Name: 'Upserted', External_Id__c: 'JSF-1' }, 'External_Id__c')
  expect(created).toMatchObject({ success: true, created: true })
  const updated = await account.upsert({ External_Id__c: 'JSF-1', Rating: 'Hot' }, 'External_Id__c')
  expect(updated).toMatchObject({ id: (created as { id: string }).id, success: true, created: false })
  const found = await account.find({ External_Id__c: 'JSF-1' }, ['Name', 'Rating'])
  expect(found).toEqual([expect.objectContaining({ Name: 'Upserted', Rating: 'Hot' })])
})

it('reports several external id matches as a multiple-choices error', async () => {
  const account = session.conn.sobject('Account')
  await account.create({ Name: 'Twin 1', External_Id__c: 'TWIN' })
  await account.create({ Name: 'Twin 2', External_Id__c: 'TWIN' })
  await expect(
    account.upsert({ External_Id__c: 'TWIN', Name: 'Changed' }, 'External_Id__c'),
  ).rejects.toMatchObject({
    errorCode: 'MULTIPLE_CHOICES',
  })
})

it('queries with parent relationship fields and child subqueries', async () => {
  const result = await session.conn.query<{
    LastName: string
    Account: { Name: string; Owner: { Name: string } }
  }>(
    "SELECT Id, LastName, Account.Name, Account.Owner.Name FROM Contact WHERE Account.Name = 'Acme Corporation'",
  )
  expect(result.totalSize).toBe(1)
  expect(result.records[0]).toMatchObject({
    LastName: 'Coyote',
    Account: { Name: 'Acme Corporation', Owner: { Name: 'Ada Admin' } },
  })
  const parents = await session.conn.query<{ Contacts: { records: Array<{ LastName: string }> } }>(
    "SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Name = 'Acme Corporation'",
  )
  expect(parents.records[0]!.Contacts.records.map((contact) => contact.LastName)).toEqual(['Coyote'])
})

it('pages with queryMore and fetches every page with autoFetch', async () => {
  session.server.mock.records(session.environment.id).insert(
    'Account',
    Array.from({ length: 4500 }, (_, i) => ({ Name: `Bulk ${i}`, External_Id__c: `B-${i}` })),
  )
  const first = await session.conn.query('SELECT Id, Name FROM Account')
  expect(first).toMatchObject({ totalSize: 4503, done: false })
  expect(first.records).toHaveLength(2000)
  const second = await session.conn.queryMore(first.nextRecordsUrl!)
  expect(second.records).toHaveLength(2000)
  expect(second.done).toBe(false)

  const all = await session.conn
    .query('SELECT Id, Name FROM Account')
    .run({ autoFetch: true, maxFetch: 10_000 })
  expect(all.records).toHaveLength(4503)
  expect(new Set(all.records.map((record) => record.Id)).size).toBe(4503)

  const streamed: unknown[] = []
  await new Promise<void>((resolve, reject) => {
    session.conn
      .query("SELECT Id FROM Account WHERE Name LIKE 'Bulk%'")
      .on('record', (record) => streamed.push(record))
      .on('end', () => resolve())
      .on('error', reject)
      .run({ autoFetch: true, maxFetch: 10_000 })
  })
  expect(streamed).toHaveLength(4500)
})

it('finds deleted records with queryAll (scanAll) only, across pages', async () => {
  const { id } = await session.conn.sobject('Account').create({ Name: 'Recycled' })
  await session.conn.sobject('Account').destroy(id!)
  const soql = `SELECT Id, Name, IsDeleted FROM Account WHERE Id = '${id}'`
  expect((await session.conn.query(soql)).totalSize).toBe(0)
  const all = await session.conn.query(soql).scanAll(true)
  expect(all.records).toEqual([expect.objectContaining({ Id: id, Name: 'Recycled', IsDeleted: true })])

  const records = session.server.mock.records(session.environment.id)
  const ids = records.insert(
    'Account',
    Array.from({ length: 2100 }, (_, i) => ({ Name: `Gone ${i}` })),
  )
  for (const doomed of ids) records.delete('Account', doomed)
  const gone = "SELECT Id, IsDeleted FROM Account WHERE Name LIKE 'Gone%'"
  expect((await session.conn.query(gone)).totalSize).toBe(0)
  const recycled = await session.conn.query(gone).scanAll(true).run({ autoFetch: true, maxFetch: 5000 })
  expect(recycled.records).toHaveLength(2100)
  expect(recycled.records.every((record) => record.IsDeleted === true)).toBe(true)
})
