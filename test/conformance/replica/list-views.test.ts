/**
 * List views of the built-in schema (Salesforce's default views): the list, one view's basic
 * information, its describe (columns, query, sort, filters) and its results, paged.
 */
import { conformanceTest, describe, expect } from '../../support/harness.js'
import {
  type AppConnection,
  connectApp,
  createRecord,
  expectNativeError,
  query,
  V,
} from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'

async function viewsOf(app: AppConnection, object: string) {
  const response = await app.get(`${V}/sobjects/${object}/listviews`)
  expect(response.status, response.text).toBe(200)
  return response.body
}

async function viewNamed(app: AppConnection, object: string, developerName: string) {
  const { listviews } = await viewsOf(app, object)
  const found = listviews.find((view: { developerName: string }) => view.developerName === developerName)
  expect(found, developerName).toBeDefined()
  return found as { id: string; url: string; describeUrl: string; resultsUrl: string }
}

describe('the list', () => {
  test('an object lists Salesforce’s default views, each with its urls', async ({ client }) => {
    const app = await connectApp(client)
    const body = await viewsOf(app, 'account')
    expect(body).toMatchObject({ done: true, nextRecordsUrl: null, size: 5, sobjectType: 'Account' })
    expect(
      body.listviews.map((view: { developerName: string; label: string }) => [
        view.developerName,
        view.label,
      ]),
    ).toEqual([
      ['AllAccounts', 'All Accounts'],
      ['MyAccounts', 'My Accounts'],
      ['NewThisWeek', 'New This Week'],
      ['NewLastWeek', 'New Last Week'],
      ['RecentlyViewedAccounts', 'Recently Viewed Accounts'],
    ])
    const [all] = body.listviews
    expect(all).toEqual({
      describeUrl: `${V}/sobjects/Account/listviews/${all.id}/describe`,
      developerName: 'AllAccounts',
      id: expect.stringMatching(/^00B[0-9A-Za-z]{15}$/),
      label: 'All Accounts',
      resultsUrl: `${V}/sobjects/Account/listviews/${all.id}/results`,
      soqlCompatible: true,
      url: `${V}/sobjects/Account/listviews/${all.id}`,
    })
    // a custom object's "All" view, and none for an object without a recently viewed list
    expect((await viewsOf(app, 'Invoice__c')).listviews[0]).toMatchObject({
      developerName: 'All',
      label: 'All',
    })
    expect(await viewsOf(app, 'Task')).toEqual({
      done: true,
      listviews: [],
      nextRecordsUrl: null,
      size: 0,
      sobjectType: 'Task',
    })
  })

  test('one view’s basic information, by its 18- or 15-character id', async ({ client }) => {
    const app = await connectApp(client)
    const all = await viewNamed(app, 'Account', 'AllAccounts')
    const one = await app.get(all.url)
    expect(one.status).toBe(200)
    expect(one.body).toEqual(all)
    expect((await app.get(`${V}/sobjects/Account/LISTVIEWS/${all.id.slice(0, 15)}`)).body).toEqual(all)
    expectNativeError(await app.get(`${V}/sobjects/Contact/listviews/${all.id}`), 404, 'NOT_FOUND')
    expectNativeError(await app.get(`${V}/sobjects/Account/listviews/00BRm0000000000`), 404, 'NOT_FOUND')
    expectNativeError(await app.get(`${V}/sobjects/Account/listviews/recent`), 501, 'FEATURE_NOT_ENABLED')
    expectNativeError(await app.get(`${V}/sobjects/Account/listviews?x=1`), 400, 'MALFORMED_QUERY')
    expectNativeError(await app.post(all.url, { json: {} }), 405, 'METHOD_NOT_ALLOWED')
  })
})

describe('describe', () => {
  test('columns, the query, the sort and the filters, as Salesforce shows them', async ({ client }) => {
    const app = await connectApp(client)
    const view = await viewNamed(app, 'Account', 'NewThisWeek')
    const response = await app.get(view.describeUrl)
    expect(response.status).toBe(200)
    const body = response.body
    expect(body).toMatchObject({
      id: view.id.slice(0, 15),
      orderBy: [
        { fieldNameOrPath: 'Name', nullsPosition: 'first', sortDirection: 'ascending' },
        { fieldNameOrPath: 'Id', nullsPosition: 'first', sortDirection: 'ascending' },
      ],
      query:
        'SELECT name, site, billingstate, phone, tolabel(type), owner.alias, id, createddate, lastmodifieddate, systemmodstamp FROM Account WHERE (CreatedDate = THIS_WEEK) ORDER BY Name ASC NULLS FIRST, Id ASC NULLS FIRST',
      scope: null,
      sobjectType: 'Account',
      whereCondition: { field: 'CreatedDate', operator: 'equals', values: ['THIS_WEEK'] },
    })
    expect(
      body.columns.map((column: { fieldNameOrPath: string; hidden: boolean }) => [
        column.fieldNameOrPath,
        column.hidden,
      ]),
    ).toEqual([
      ['Name', false],
      ['Site', false],
      ['BillingState', false],
      ['Phone', false],
      ['Type', false],
      ['Owner.Alias', false],
      ['Id', true],
      ['CreatedDate', true],
      ['LastModifiedDate', true],
      ['SystemModstamp', true],
    ])
    expect(body.columns[0]).toEqual({
      ascendingLabel: 'Z-A',
      descendingLabel: 'A-Z',
      fieldNameOrPath: 'Name',
      hidden: false,
      label: 'Account Name',
      selectListItem: 'Name',
      sortDirection: 'ascending',
      sortIndex: 0,
      sortable: true,
      type: 'string',
    })
    expect(body.columns[4]).toMatchObject({
      selectListItem: 'toLabel(Type)',
      type: 'picklist',
      sortIndex: null,
    })
    expect(body.columns[6]).toMatchObject({ ascendingLabel: null, sortable: false, type: 'id' })
    const mine = (await app.get((await viewNamed(app, 'Account', 'MyAccounts')).describeUrl)).body
    expect(mine.scope).toBe('mine')
    expect(mine.query).toContain("WHERE OwnerId = '005Rm0000000001IAA'")
    expect(mine.whereCondition).toEqual({ conditions: [], conjunction: 'and' })
  })
})

describe('results', () => {
  test('a page of rows, every value as text, with the total size', async ({ client, mock }) => {
    const app = await connectApp(client)
    mock.clock.set(Date.parse('2026-03-10T12:00:30.000Z'))
    const created = await createRecord(app, 'Account', {
      Name: 'Aardvark Ltd',
      Phone: '555-0100',
      Type: 'Prospect',
    })
    const all = await viewNamed(app, 'Account', 'AllAccounts')
    const response = await app.get(all.resultsUrl)
    expect(response.status).toBe(200)
    const total = (await query(app, 'SELECT COUNT() FROM Account')).body.totalSize
    expect(response.body).toMatchObject({
      developerName: 'AllAccounts',
      done: true,
      id: all.id.slice(0, 15),
      label: 'All Accounts',
      size: total,
    })
    expect(response.body.columns).toHaveLength(10)
    const [first] = response.body.records
    expect(first.columns).toEqual([
      { fieldNameOrPath: 'Name', value: 'Aardvark Ltd' },
      { fieldNameOrPath: 'Site', value: null },
      { fieldNameOrPath: 'BillingState', value: null },
      { fieldNameOrPath: 'Phone', value: '555-0100' },
      { fieldNameOrPath: 'Type', value: 'Prospect' },
      { fieldNameOrPath: 'Owner.Alias', value: 'aadmin' },
      { fieldNameOrPath: 'Id', value: created },
      { fieldNameOrPath: 'CreatedDate', value: 'Tue Mar 10 12:00:30 GMT 2026' },
      { fieldNameOrPath: 'LastModifiedDate', value: 'Tue Mar 10 12:00:30 GMT 2026' },
      { fieldNameOrPath: 'SystemModstamp', value: 'Tue Mar 10 12:00:30 GMT 2026' },
    ])
    const page = await app.get(`${all.resultsUrl}?limit=1&offset=1`)
    expect(page.body).toMatchObject({ done: false, size: total })
    expect(page.body.records).toHaveLength(1)
    expect(page.body.records[0].columns[0].value).toBe(response.body.records[1].columns[0].value)
  })

  test('limit is 1 to 2000 and offset 0 to 2000; other parameters are refused', async ({ client }) => {
    const app = await connectApp(client)
    const all = await viewNamed(app, 'Account', 'AllAccounts')
    const status = async (params: string) => (await app.get(`${all.resultsUrl}?${params}`)).status
    expect(await status('limit=1')).toBe(200)
    expect(await status('limit=2000')).toBe(200)
    expect(await status('offset=0')).toBe(200)
    expect(await status('offset=2000')).toBe(200)
    for (const params of ['limit=0', 'limit=2001', 'offset=2001', 'offset=-1', 'limit=ten', 'sort=Name']) {
      expectNativeError(await app.get(`${all.resultsUrl}?${params}`), 400, 'MALFORMED_QUERY')
    }
  })

  test('My views list the caller’s records; Recently Viewed the viewed ones, newest first', async ({
    client,
    mock,
  }) => {
    const admin = await connectApp(client)
    const integration = await admin.as('integration')
    const theirs = await createRecord(integration, 'Account', { Name: 'Integration’s own' })
    const mine = await viewNamed(admin, 'Account', 'MyAccounts')
    const adminRows = (await admin.get(mine.resultsUrl)).body
    const ids = (body: any) =>
      body.records.map((row: any) => row.columns.find((c: any) => c.fieldNameOrPath === 'Id').value)
    expect(ids(adminRows)).not.toContain(theirs)
    expect(ids((await integration.get(mine.resultsUrl)).body)).toEqual([theirs])

    const recent = await viewNamed(admin, 'Account', 'RecentlyViewedAccounts')
    expect((await admin.get(recent.resultsUrl)).body).toMatchObject({ size: 0, records: [] })
    await query(admin, `SELECT Id FROM Account WHERE Id = '${ACME}' FOR VIEW`)
    mock.clock.advance(1000)
    await query(admin, `SELECT Id FROM Account WHERE Id = '${theirs}' FOR VIEW`)
    expect(ids((await admin.get(recent.resultsUrl)).body)).toEqual([theirs, ACME])
    expect((await admin.get(recent.describeUrl)).body).toMatchObject({
      scope: 'mru',
      orderBy: [
        { fieldNameOrPath: 'LastViewedDate', sortDirection: 'descending' },
        { fieldNameOrPath: 'Id' },
      ],
    })
  })
})
