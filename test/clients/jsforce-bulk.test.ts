/**
 * Bulk API 2.0 end to end with a stock client: jsforce 3's `bulk2` against the standalone server,
 * with an environment and credentials made over the management API. jsforce drops the instance
 * URL's path for ingest jobs and resolves query job paths against it, so both the root and a
 * partial app-URL prefix are exercised, routed by the app token.
 */
import { expect, it } from 'vitest'
import { useJsforceSession } from '../support/jsforce-session.js'

const context = useJsforceSession((conn) => {
  conn.bulk2.pollInterval = 20
  conn.bulk2.pollTimeout = 10_000
})

const records = () => context.server.mock.records(context.environment.id)

it('inserts with loadAndWaitForResults, answering successful and failed rows', async () => {
  const results = await context.conn.bulk2.loadAndWaitForResults({
    object: 'Account',
    operation: 'insert',
    input: [
      { Name: 'jsforce Bulk 1', NumberOfEmployees: 5 },
      { Name: 'jsforce Bulk 2', NumberOfEmployees: 'many' },
      { Name: 'jsforce Bulk 3', Industry: 'Banking' },
    ],
  })
  expect(results.successfulResults).toHaveLength(2)
  expect(results.successfulResults[0]).toMatchObject({
    sf__Id: expect.stringMatching(/^001\w{15}$/),
    sf__Created: 'true',
    Name: 'jsforce Bulk 1',
  })
  expect(results.failedResults).toEqual([
    expect.objectContaining({
      sf__Error: 'INVALID_TYPE_ON_FIELD_IN_RECORD:Employees: value not of required type: many',
      Name: 'jsforce Bulk 2',
    }),
  ])
  expect(results.unprocessedRecords).toEqual([])
  const stored = records().query("SELECT Name FROM Account WHERE Name LIKE 'jsforce Bulk%' ORDER BY Name")
  expect(stored.map((row) => row.Name)).toEqual(['jsforce Bulk 1', 'jsforce Bulk 3'])
})

it('updates, upserts and deletes with loadAndWaitForResults', async () => {
  const [a, b] = records().insert('Account', [{ Name: 'Up A' }, { Name: 'Up B', External_Id__c: 'UPB' }])
  const updated = await context.conn.bulk2.loadAndWaitForResults({
    object: 'Account',
    operation: 'update',
    input: [{ Id: a, Industry: 'Energy' }],
  })
  expect(updated.successfulResults).toEqual([expect.objectContaining({ sf__Id: a, sf__Created: 'false' })])
  expect(records().get('Account', a!)?.Industry).toBe('Energy')

  const upserted = await context.conn.bulk2.loadAndWaitForResults({
    object: 'Account',
    operation: 'upsert',
    externalIdFieldName: 'External_Id__c',
    input: [
      { External_Id__c: 'UPB', Name: 'Up B renamed' },
      { External_Id__c: 'UPC', Name: 'Up C' },
    ],
  })
  expect(
    upserted.successfulResults.map((row) => [
      (row as Record<string, unknown>).External_Id__c,
      row.sf__Created,
    ]),
  ).toEqual([
    ['UPB', 'false'],
    ['UPC', 'true'],
  ])
  expect(records().get('Account', b!)?.Name).toBe('Up B renamed')

  const deleted = await context.conn.bulk2.loadAndWaitForResults({
    object: 'Account',
    operation: 'delete',
    input: [{ Id: a }, { Id: b }],
  })
  expect(deleted.successfulResults.map((row) => row.sf__Id)).toEqual([a, b])
  expect(records().get('Account', a!)).toBeUndefined()
  expect(records().query(`SELECT Id FROM Account WHERE Id = '${a}'`, { all: true })).toHaveLength(1)
})

it('streams a query of a few thousand rows (bulk2.query)', async () => {
  records().insert(
    'Account',
    Array.from({ length: 3000 }, (_, n) => ({ Name: `Streamed ${String(n).padStart(4, '0')}` })),
  )
  const stream = await context.conn.bulk2.query(
    "SELECT Id, Name, Owner.Name FROM Account WHERE Name LIKE 'Streamed%' ORDER BY Name",
  )
  const rows: Record<string, string>[] = []
  for await (const row of stream) rows.push(row as Record<string, string>)
  expect(rows).toHaveLength(3000)
  expect(rows[0]).toEqual({
    Id: expect.stringMatching(/^001/),
    Name: 'Streamed 0000',
    'Owner.Name': 'Ada Admin',
  })
  expect(rows[2999]!.Name).toBe('Streamed 2999')
})
