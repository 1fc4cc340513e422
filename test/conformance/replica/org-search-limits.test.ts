/**
 * What the Salesforce CLI reads besides records: the Organization object (one record, the
 * environment's org, read-only), `columns=true` column metadata of a query, unknown query
 * parameters refused, `//services/...` paths served as `/services/...`, simple SOSL search and
 * the org limits.
 */
import { describe, expect, test } from '../../support/harness.js'
import { connectApp, expectNativeError, query, V } from '../../support/native.js'

const ORG_FIELDS = 'Name, InstanceName, IsSandbox, TrialExpirationDate, NamespacePrefix, OrganizationType'

describe('Organization', () => {
  test('one record, the environment org, describable and read-only', async ({ client }) => {
    const app = await connectApp(client)
    const response = await query(app, `SELECT Id, ${ORG_FIELDS} FROM Organization`)
    expect(response.status).toBe(200)
    expect(response.body.records).toEqual([
      {
        attributes: { type: 'Organization', url: expect.stringContaining('/sobjects/Organization/00D') },
        Id: app.credentials.token.split('!')[0],
        Name: 'Replica CRM',
        InstanceName: 'RM1',
        IsSandbox: false,
        TrialExpirationDate: null,
        NamespacePrefix: null,
        OrganizationType: 'Developer Edition',
      },
    ])
    const describe = await app.get(`${V}/sobjects/Organization/describe`)
    expect(describe.body).toMatchObject({
      name: 'Organization',
      keyPrefix: '00D',
      createable: false,
      updateable: false,
    })
    expectNativeError(
      await app.post(`${V}/sobjects/Organization`, { json: { Name: 'Other' } }),
      400,
      'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
    )
  })

  test('a User per actor, with the fields clients read', async ({ client }) => {
    const app = await connectApp(client)
    const users = await query(app, 'SELECT Id, Username, Email, Name, IsActive FROM User ORDER BY Username')
    expect(users.body.records.map((user: { Username: string }) => user.Username)).toEqual(
      expect.arrayContaining(['admin@crm.replica.test']),
    )
    expect(users.body.records.every((user: { IsActive: boolean }) => user.IsActive)).toBe(true)
  })
})

describe('query parameters', () => {
  test('columns=true answers the column metadata, relationships nested', async ({ client }) => {
    const app = await connectApp(client)
    const soql = 'SELECT Id, Name, Owner.Name, (SELECT LastName FROM Contacts) FROM Account'
    const response = await app.get(`${V}/query?q=${encodeURIComponent(soql)}&columns=true`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      entityName: 'Account',
      groupBy: false,
      idSelected: true,
      keyPrefixes: ['001'],
    })
    const [id, name, owner, contacts] = response.body.columnMetadata
    expect(id).toMatchObject({
      columnName: 'Id',
      apexType: 'Id',
      aggregate: false,
      joinColumns: [],
      insertable: false,
    })
    expect(name).toMatchObject({ columnName: 'Name', displayName: 'Name', aggregate: false })
    expect(owner).toMatchObject({
      columnName: 'Owner',
      foreignKeyName: 'OwnerId',
      aggregate: false,
      apexType: null,
      joinColumns: [expect.objectContaining({ columnName: 'Name', apexType: 'String', textType: true })],
    })
    expect(contacts).toMatchObject({
      columnName: 'Contacts',
      aggregate: true,
      joinColumns: [expect.objectContaining({ columnName: 'LastName' })],
    })
  })

  test('columns=true of an aggregate: exprN with the function as display name', async ({ client }) => {
    const app = await connectApp(client)
    const soql = 'SELECT StageName, COUNT(Id) FROM Opportunity GROUP BY StageName'
    const response = await app.get(`${V}/query?q=${encodeURIComponent(soql)}&columns=true`)
    expect(response.body.groupBy).toBe(true)
    expect(response.body.columnMetadata[1]).toMatchObject({
      columnName: 'expr0',
      aggregate: true,
      displayName: 'count(Id)',
    })
  })

  test('a parameter the query resource does not define, or a bad columns value, is refused', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const unknown = await app.get(`${V}/query?q=SELECT+Id+FROM+Account&foo=bar`)
    expect(expectNativeError(unknown, 400, 'MALFORMED_QUERY').message).toContain('"foo"')
    expectNativeError(
      await app.get(`${V}/query?q=SELECT+Id+FROM+Account&columns=yes`),
      400,
      'MALFORMED_QUERY',
    )
    expect(
      (await app.get(`${V}/query?q=SELECT+Id+FROM+Account&columns=false`)).body.totalSize,
    ).toBeGreaterThan(0)
  })
})

describe('repeated slashes', () => {
  test('//services/data/... is served as /services/data/..., writes included', async ({ client }) => {
    const app = await connectApp(client)
    const origin = new URL(app.credentials.url).origin
    const headers = { authorization: `Bearer ${app.credentials.token}`, 'content-type': 'application/json' }
    const versions = await fetch(`${origin}//services/data/v60.0`, { headers })
    expect(versions.status).toBe(200)
    expect((await versions.json()).identity).toMatch(/\/id\/00D\w{15}\/005\w{15}$/)
    const created = await fetch(`${origin}//services/data/v60.0//sobjects/Account`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ Name: 'Slashes Inc' }),
    })
    expect(created.status).toBe(201)
    const { id } = await created.json()
    const read = await fetch(`${app.credentials.url}//services/data/v60.0/sobjects/Account/${id}`, {
      headers,
    })
    expect((await read.json()).Name).toBe('Slashes Inc')
  })
})

describe('GET /search (simple SOSL)', () => {
  test('finds records by the term in the searched fields, with the fields asked for', async ({ client }) => {
    const app = await connectApp(client)
    const sosl = 'FIND {acme} IN NAME FIELDS RETURNING Account(Name), Contact(LastName)'
    const response = await app.get(`${V}/search?q=${encodeURIComponent(sosl)}`)
    expect(response.status).toBe(200)
    expect(response.body.searchRecords).toEqual([
      {
        attributes: { type: 'Account', url: `${V}/sobjects/Account/001Rm0000000001IAA` },
        Name: 'Acme Corporation',
      },
    ])
    const byEmail = await app.get(
      `${V}/search?q=${encodeURIComponent('FIND {wile.coy*} IN EMAIL FIELDS RETURNING Contact(LastName)')}`,
    )
    expect(byEmail.body.searchRecords).toEqual([expect.objectContaining({ LastName: 'Coyote' })])
    const limited = await app.get(`${V}/search?q=${encodeURIComponent('FIND {acme} LIMIT 1')}`)
    expect(limited.body.searchRecords).toHaveLength(1)
    expect(Object.keys(limited.body.searchRecords[0])).toEqual(['attributes', 'Id'])
  })

  test('refuses what it does not build loudly, and malformed searches as Salesforce does', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const search = (sosl: string) => app.get(`${V}/search?q=${encodeURIComponent(sosl)}`)
    expectNativeError(await search('FIND {acme AND coyote}'), 501, 'FEATURE_NOT_ENABLED')
    expectNativeError(
      await search("FIND {acme} RETURNING Account(Name WHERE Name != 'x')"),
      501,
      'FEATURE_NOT_ENABLED',
    )
    expectNativeError(await search('FIND {acme} WITH SNIPPET'), 501, 'FEATURE_NOT_ENABLED')
    expectNativeError(await search('FIND acme'), 400, 'MALFORMED_SEARCH')
    expectNativeError(await search('FIND {a}'), 400, 'INVALID_SEARCH')
    expectNativeError(await search('FIND {acme} RETURNING Nope__c'), 400, 'INVALID_TYPE')
    expectNativeError(await app.get(`${V}/search?q=FIND+%7Bacme%7D&foo=1`), 400, 'MALFORMED_QUERY')
  })
})

describe('GET /limits', () => {
  test('each limit is { Max, Remaining }; DailyApiRequests counts the recorded calls', async ({ client }) => {
    const app = await connectApp(client)
    const first = await app.get(`${V}/limits`)
    expect(first.status).toBe(200)
    expect(first.body.DataStorageMB).toEqual({ Max: 5, Remaining: 5 })
    const { Max, Remaining } = first.body.DailyApiRequests
    expect(Max).toBe(15000)
    await app.get(`${V}/sobjects`)
    await app.get(`${V}/sobjects`)
    const second = await app.get(`${V}/limits`)
    // the two calls and the first /limits call
    expect(second.body.DailyApiRequests.Remaining).toBe(Remaining - 3)
  })
})
