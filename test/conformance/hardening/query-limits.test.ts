/**
 * A query can neither freeze the server (LIKE in linear time, a row and time
 * budget answered with QUERY_TIMEOUT) nor overflow the parser's stack (nesting and length limits).
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query } from '../../support/native.js'

// 40 rows visited at most: a deterministic budget (the default adds a 100 ms time bound)
const test = conformanceTest({ clock: 'manual', queryMaxRows: 40 })

test('answers a LIKE with many wildcards over a long value at once', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock
    .records(app.environment.id)
    .insert('Account', [{ Name: 'a'.repeat(255) }, { Name: `${'a'.repeat(200)}b` }])
  // a backtracking regular expression takes seconds per row on this (the server froze once)
  const response = await query(app, "SELECT Name FROM Account WHERE Name LIKE '%a%a%a%a%a%b'")
  expect(response.status, response.text).toBe(200)
  expect(response.body.records.map((row: any) => row.Name.length)).toEqual([201])
  const health = await client.get('/__replica/health')
  expect(health.status).toBe(200)
})

test('answers QUERY_TIMEOUT when a query visits more rows than its budget', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock.records(app.environment.id).insert(
    'Account',
    Array.from({ length: 37 }, (_, i) => ({ Name: `Budget ${i}` })),
  )
  // 3 sample accounts + 37 = 40 scanned: within the budget, but rendering them is over it
  const over = await query(app, 'SELECT Id FROM Account')
  const error = expectNativeError(over, 400, 'QUERY_TIMEOUT')
  expect(error.message).toBe('Your query request was running for too long.')
  // counting scans 40 rows and renders none: exactly the budget
  const count = await query(app, 'SELECT COUNT() FROM Account')
  expect(count.status, count.text).toBe(200)
  expect(count.body.totalSize).toBe(40)
  // an index lookup visits one row
  const [acme] = mock.records(app.environment.id).query("SELECT Id FROM Account WHERE Name = 'Budget 0'")
  const byId = await query(app, `SELECT Name FROM Account WHERE Id = '${acme!.Id}'`)
  expect(byId.body.records).toEqual([expect.objectContaining({ Name: 'Budget 0' })])
  // the test accessor is the test's own read: never bounded
  expect(mock.records(app.environment.id).query('SELECT Id FROM Account')).toHaveLength(40)
})

test('refuses deeply nested conditions with MALFORMED_QUERY, not a 500', async ({ client }) => {
  const app = await connectApp(client)
  const at = (depth: number) =>
    `SELECT Id FROM Account WHERE ${'('.repeat(depth)}Name = 'x'${')'.repeat(depth)}`
  const deep = await query(app, at(5000))
  const error = expectNativeError(deep, 400, 'MALFORMED_QUERY')
  expect(error.message).toMatch(/nested too deeply/)
  const fine = await query(app, at(100))
  expect(fine.status, fine.text).toBe(200)
})
