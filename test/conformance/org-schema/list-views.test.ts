/**
 * List views from an SFDX project's `listViews/*.listView-meta.xml`: old-style column names
 * (`ACCOUNT.NAME`, `CORE.USERS.ALIAS`) and API names translated, filters with filter logic, the
 * Mine scope, and what cannot be served left out and listed in the load report.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, createRecord, expectNativeError, V } from '../../support/native.js'
import { SFDX_PROJECT } from '../../support/org-schema.js'

const test = conformanceTest({ schema: SFDX_PROJECT })

async function view(app: AppConnection, object: string, developerName: string) {
  const { listviews } = (await app.get(`${V}/sobjects/${object}/listviews`)).body
  return listviews.find((entry: { developerName: string }) => entry.developerName === developerName)
}

const column = (row: any, path: string) =>
  row.columns.find((entry: { fieldNameOrPath: string }) => entry.fieldNameOrPath === path).value

test('a custom object’s views: columns by API or old-style name, filters joined, values compared', async ({
  client,
}) => {
  const app = await connectApp(client)
  const { listviews } = (await app.get(`${V}/sobjects/Property__c/listviews`)).body
  // the project's "All" and "Available"; "Queued" (a queue's view) is left out
  expect(listviews.map((entry: { developerName: string }) => entry.developerName)).toEqual([
    'All',
    'Available',
  ])
  const available = await view(app, 'Property__c', 'Available')
  const describe = (await app.get(available.describeUrl)).body
  expect(
    describe.columns.filter((entry: any) => !entry.hidden).map((entry: any) => entry.fieldNameOrPath),
  ).toEqual(['Name', 'Status__c', 'Price__c', 'Owner.Alias'])
  expect(describe.whereCondition).toEqual({
    conditions: [
      { field: 'Status__c', operator: 'equals', values: ['Available', 'Under_Offer'] },
      { field: 'Price__c', operator: 'greaterThan', values: ['100000'] },
    ],
    conjunction: 'and',
  })
  const cheap = await createRecord(app, 'Property__c', {
    Name: 'Shed',
    Address__c: '1 Lane',
    Price__c: 5000,
    Status__c: 'Available',
  })
  const sold = await createRecord(app, 'Property__c', {
    Name: 'Manor',
    Address__c: '2 Lane',
    Price__c: 900_000,
    Status__c: 'Sold',
    Listed_On__c: '2026-01-01',
  })
  const listed = await createRecord(app, 'Property__c', {
    Name: 'Cottage',
    Address__c: '3 Lane',
    Price__c: 250_000,
  })
  const results = (await app.get(available.resultsUrl)).body
  const ids = results.records.map((row: any) => column(row, 'Id'))
  expect(ids).toEqual([listed])
  expect(ids).not.toContain(cheap)
  expect(ids).not.toContain(sold)
  expect(column(results.records[0], 'Price__c')).toBe('250000')
})

test('a standard object’s view from the project joins the defaults; Mine and filter logic apply', async ({
  client,
}) => {
  const app = await connectApp(client)
  const hot = await view(app, 'Account', 'HotOrWarmInNorth')
  expect(hot).toMatchObject({ label: 'Hot or warm in the north' })
  expect(await view(app, 'Account', 'AllAccounts')).toBeDefined()
  const describe = (await app.get(hot.describeUrl)).body
  expect(
    describe.columns.filter((entry: any) => !entry.hidden).map((entry: any) => entry.fieldNameOrPath),
  ).toEqual(['Name', 'BillingState', 'Phone', 'Rating', 'Owner.Alias'])
  expect(describe.scope).toBe('mine')
  const north = await createRecord(app, 'Account', { Name: 'North Hot', Rating: 'Hot', Region__c: 'North' })
  await createRecord(app, 'Account', { Name: 'North Cold', Rating: 'Cold', Region__c: 'North' })
  const warm = await createRecord(app, 'Account', { Name: 'North Warm', Rating: 'Warm', Region__c: 'North' })
  const integration = await app.as('integration')
  await createRecord(integration, 'Account', { Name: 'Not mine', Rating: 'Hot', Region__c: 'North' })
  const rows = (await app.get(hot.resultsUrl)).body.records
  expect(rows.map((row: any) => column(row, 'Name'))).toEqual(['North Hot', 'North Warm'])
  expect(rows.map((row: any) => column(row, 'Id'))).toEqual([north, warm])
})

test('the load report lists the view and the column the replica leaves out', async ({ client }) => {
  const report = (await client.get('/__replica/schema', { token: null })).body
  const ignored = JSON.stringify(report)
  expect(ignored).toContain('Property__c/listViews/Queued')
  expect(ignored).toContain('filterScope Queue')
  expect(ignored).toContain('column Broker__c.NOT_A_FIELD')
  const app = await connectApp(client)
  expectNativeError(await app.get(`${V}/sobjects/Property__c/listviews/00BRm0000000001`), 404, 'NOT_FOUND')
})
