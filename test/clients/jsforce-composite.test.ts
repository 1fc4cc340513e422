/**
 * End to end with jsforce 3: its array forms of create/retrieve/update/destroy/upsert go through
 * sObject Collections, and `requestPost` reaches the composite resources, against the standalone
 * server with an environment and credentials made over the management API.
 */
import { expect, it } from 'vitest'
import { useJsforceSession } from '../support/jsforce-session.js'

const session = useJsforceSession()

const V = '/services/data/v60.0'
const ACME = '001Rm0000000001IAA'

it('creates, retrieves, updates and destroys arrays of records through sObject Collections', async () => {
  const account = session.conn.sobject('Account')
  const created = await account.create([
    { Name: 'Array One', Industry: 'Banking' },
    { Name: 'Array Two' },
    { Industry: 'No name' },
  ])
  expect(created.map((result) => result.success)).toEqual([true, true, false])
  expect(created[2]).toMatchObject({ success: false, errors: [{ statusCode: 'REQUIRED_FIELD_MISSING' }] })
  const ids = created.slice(0, 2).map((result) => (result as { id: string }).id)

  const retrieved = await account.retrieve([...ids, '001Rm0000000099IAA'])
  expect(retrieved).toEqual([
    expect.objectContaining({ Id: ids[0], Name: 'Array One', Industry: 'Banking' }),
    expect.objectContaining({ Id: ids[1], Name: 'Array Two', Industry: null }),
    null,
  ])
  const someFields = await account.retrieve(ids, { fields: ['Name'] })
  expect(someFields[0]).toEqual({
    attributes: { type: 'Account', url: `${V}/sobjects/Account/${ids[0]}` },
    Name: 'Array One',
    Id: ids[0],
  })

  const updated = await account.update([
    { Id: ids[0]!, Rating: 'Hot' },
    { Id: ids[1]!, Name: 'x'.repeat(256) },
  ])
  expect(updated[0]).toEqual({ id: ids[0], success: true, errors: [] })
  expect(updated[1]).toMatchObject({
    id: ids[1],
    success: false,
    errors: [{ statusCode: 'STRING_TOO_LONG' }],
  })
  expect((await account.retrieve(ids[0]!)).Rating).toBe('Hot')

  const destroyed = await account.destroy(ids)
  expect(destroyed).toEqual(ids.map((id) => ({ id, success: true, errors: [] })))
  expect(await account.retrieve(ids)).toEqual([null, null])
})

it('rolls back a whole array with allOrNone', async () => {
  const before = await session.conn.query('SELECT COUNT() FROM Account')
  const results = await session.conn
    .sobject('Account')
    .create([{ Name: 'Rolled back' }, { Industry: 'No name' }], {
      allOrNone: true,
    })
  expect(results[0]).toMatchObject({
    success: false,
    errors: [{ statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK' }],
  })
  expect((await session.conn.query('SELECT COUNT() FROM Account')).totalSize).toBe(before.totalSize)
})

it('upserts an array by external id: created and updated per record', async () => {
  const account = session.conn.sobject('Account')
  await account.create({ Name: 'Existing', External_Id__c: 'JSF-EXT-1' })
  const results = await account.upsert(
    [
      { Name: 'Existing renamed', External_Id__c: 'JSF-EXT-1' },
      { Name: 'Brand new', External_Id__c: 'JSF-EXT-2' },
    ],
    'External_Id__c',
  )
  expect(results).toEqual([
    { id: expect.stringMatching(/^001/), success: true, errors: [], created: false },
    { id: expect.stringMatching(/^001/), success: true, errors: [], created: true },
  ])
  const found = await account.find({ External_Id__c: { $in: ['JSF-EXT-1', 'JSF-EXT-2'] } }, ['Name'])
  expect(found.map((record) => record.Name).sort()).toEqual(['Brand new', 'Existing renamed'])
})

it('refuses arrays over 200 records unless jsforce splits them (allowRecursive)', async () => {
  const records = Array.from({ length: 450 }, (_, i) => ({ Name: `Many ${i}` }))
  await expect(session.conn.sobject('Account').create(records)).rejects.toMatchObject({
    errorCode: 'EXCEEDED_ID_LIMIT',
  })
  expect((await session.conn.query("SELECT COUNT() FROM Account WHERE Name LIKE 'Many%'")).totalSize).toBe(0)
  const created = await session.conn.sobject('Account').create(records, { allowRecursive: true })
  expect(created).toHaveLength(450)
  expect(created.every((result) => result.success)).toBe(true)
  const ids = created.map((result) => (result as { id: string }).id)
  const retrieved = await session.conn.sobject('Account').retrieve(ids, { fields: ['Name'] })
  expect(retrieved.map((record) => record?.Name)).toEqual(records.map((record) => record.Name))
  const destroyed = await session.conn.sobject('Account').destroy(ids, { allowRecursive: true })
  expect(destroyed.filter((result) => result.success)).toHaveLength(450)
})

it('posts to /composite, /composite/batch, /composite/graph and /composite/tree/Account', async () => {
  const composite = await session.conn.requestPost<{
    compositeResponse: Array<{ httpStatusCode: number; body: any }>
  }>('/composite', {
    allOrNone: true,
    compositeRequest: [
      { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'acc', body: { Name: 'Composite Co' } },
      {
        method: 'POST',
        url: `${V}/sobjects/Contact`,
        referenceId: 'con',
        body: { LastName: 'C', AccountId: '@{acc.id}' },
      },
    ],
  })
  expect(composite.compositeResponse.map((item) => item.httpStatusCode)).toEqual([201, 201])

  const batch = await session.conn.requestPost<{
    hasErrors: boolean
    results: Array<{ statusCode: number; result: any }>
  }>('/composite/batch', {
    batchRequests: [{ method: 'GET', url: `v60.0/sobjects/Account/${ACME}?fields=Name` }],
  })
  expect(batch).toEqual({
    hasErrors: false,
    results: [{ statusCode: 200, result: expect.objectContaining({ Name: 'Acme Corporation' }) }],
  })

  const graph = await session.conn.requestPost<{ graphs: Array<{ graphId: string; isSuccessful: boolean }> }>(
    '/composite/graph',
    {
      graphs: [
        {
          graphId: 'g1',
          compositeRequest: [
            { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'a', body: { Name: 'Graph Co' } },
          ],
        },
      ],
    },
  )
  expect(graph.graphs).toEqual([expect.objectContaining({ graphId: 'g1', isSuccessful: true })])

  const tree = await session.conn.requestPost<{
    hasErrors: boolean
    results: Array<{ referenceId: string; id: string }>
  }>('/composite/tree/Account', {
    records: [
      {
        attributes: { type: 'Account', referenceId: 'root' },
        Name: 'Tree Co',
        Contacts: { records: [{ attributes: { type: 'Contact', referenceId: 'kid' }, LastName: 'Kid' }] },
      },
    ],
  })
  expect(tree.hasErrors).toBe(false)
  expect(tree.results.map((item) => item.referenceId)).toEqual(['root', 'kid'])
  const kid = await session.conn.sobject('Contact').retrieve(tree.results[1]!.id)
  expect(kid.AccountId).toBe(tree.results[0]!.id)
})
