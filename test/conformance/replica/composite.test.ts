import {
  ACME,
  COYOTE,
  composite,
  countOf,
  expectStatuses,
  HALTED,
  storeContent,
  sub,
} from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

test('runs subrequests in order, references reading ids, fields, records[0].Id and nested paths in bodies and URLs', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await composite(app, [
    sub('POST', '/sobjects/Account', 'acc', { Name: 'Ref Co', BillingCity: 'Lyon' }),
    sub('GET', '/sobjects/Account/@{acc.id}?fields=Name,BillingAddress', 'accRead'),
    sub('POST', '/sobjects/Contact', 'con', {
      LastName: 'Referenced',
      AccountId: '@{acc.id}',
      Description: 'Works in @{accRead.BillingAddress.city} for @{accRead.Name}',
    }),
    sub('GET', "/query?q=SELECT+Id+FROM+Contact+WHERE+AccountId='@{acc.id}'", 'q'),
    sub('PATCH', '/sobjects/Contact/@{q.records[0].Id}', 'upd', { FirstName: '@{accRead.Name}' }),
  ])
  const items = expectStatuses(response, [
    ['acc', 201],
    ['accRead', 200],
    ['con', 201],
    ['q', 200],
    ['upd', 204],
  ])
  const accountId = items[0]!.body.id
  expect(items[0]).toEqual({
    body: { id: expect.stringMatching(/^001/), success: true, errors: [] },
    httpHeaders: { Location: `${V}/sobjects/Account/${accountId}` },
    httpStatusCode: 201,
    referenceId: 'acc',
  })
  expect(items[1]!.body).toMatchObject({ Name: 'Ref Co', BillingAddress: { city: 'Lyon' } })
  expect(items[3]!.body).toMatchObject({ totalSize: 1, records: [{ Id: items[2]!.body.id }] })
  expect(items[4]!.body).toBeNull()

  const contact = await app.get(
    `${V}/sobjects/Contact/${items[2]!.body.id}?fields=Name,AccountId,Description`,
  )
  expect(contact.body).toMatchObject({
    Name: 'Ref Co Referenced',
    AccountId: accountId,
    Description: 'Works in Lyon for Ref Co',
  })
})

test('allOrNone: a failure rolls back every write (counts, values, auto-numbers, recycle bin); the failed subrequest keeps its error, the others answer PROCESSING_HALTED', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const before = storeContent(mock, app)
  const counts = ['Account', 'Contact', 'Case'].map((object) => countOf(mock, app, object))
  const recycled = (await app.get(`${V}/queryAll?q=SELECT+Id+FROM+Contact+WHERE+IsDeleted=true`)).body
    .totalSize

  const response = await composite(
    app,
    [
      sub('POST', '/sobjects/Account', 'acc', { Name: 'Rolled Back Co' }),
      sub('POST', '/sobjects/Case', 'case', { Subject: 'Rolled back', AccountId: '@{acc.id}' }),
      sub('PATCH', `/sobjects/Account/${ACME}`, 'acme', { Industry: 'Energy' }),
      sub('DELETE', `/sobjects/Contact/${COYOTE}`, 'coyote'),
      sub('POST', '/sobjects/Contact', 'bad', { FirstName: 'No last name' }),
      sub('POST', '/sobjects/Account', 'never', { Name: 'Never run' }),
    ],
    true,
  )
  const items = expectStatuses(response, [
    ['acc', 400],
    ['case', 400],
    ['acme', 400],
    ['coyote', 400],
    ['bad', 400],
    ['never', 400],
  ])
  for (const at of [0, 1, 2, 3, 5]) expect(items[at]!.body).toEqual(HALTED)
  expect(items[4]!.body).toEqual([
    {
      message: 'Required fields are missing: [LastName]',
      errorCode: 'REQUIRED_FIELD_MISSING',
      fields: ['LastName'],
    },
  ])

  expect(storeContent(mock, app)).toEqual(before)
  expect(['Account', 'Contact', 'Case'].map((object) => countOf(mock, app, object))).toEqual(counts)
  expect((await app.get(`${V}/sobjects/Account/${ACME}?fields=Industry`)).body.Industry).toBe('Manufacturing')
  expect((await app.get(`${V}/sobjects/Contact/${COYOTE}?fields=LastName`)).status).toBe(200)
  const recycledAfter = (await app.get(`${V}/queryAll?q=SELECT+Id+FROM+Contact+WHERE+IsDeleted=true`)).body
  expect(recycledAfter.totalSize).toBe(recycled)
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Rolled Back Co'")).body.totalSize).toBe(0)
  // the rolled-back Case did not use up its auto-number: the next Case gets it
  const next = await app.post(`${V}/sobjects/Case`, { json: { Subject: 'After the rollback' } })
  const caseNumber = (await app.get(`${V}/sobjects/Case/${next.body.id}?fields=CaseNumber`)).body.CaseNumber
  expect(caseNumber).toBe('00000002')
})

test('without allOrNone each subrequest stands alone: a failed one writes nothing, one that reads it fails with the reference error, the rest are kept', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const contacts = countOf(mock, app, 'Contact')
  const response = await composite(
    app,
    [
      sub('POST', '/sobjects/Account', 'bad', { Industry: 'Banking' }),
      sub('POST', '/sobjects/Contact', 'dependent', { LastName: 'Orphan', AccountId: '@{bad.id}' }),
      sub('POST', '/sobjects/Account', 'good', { Name: 'Kept Co' }),
      sub('POST', '/sobjects/Contact', 'child', { LastName: 'Kept', AccountId: '@{good.id}' }),
    ],
    false,
  )
  const items = expectStatuses(response, [
    ['bad', 400],
    ['dependent', 400],
    ['good', 201],
    ['child', 201],
  ])
  expect(items[0]!.body[0].errorCode).toBe('REQUIRED_FIELD_MISSING')
  expect(items[1]!.body).toEqual([
    {
      errorCode: 'PROCESSING_HALTED',
      message: 'Invalid reference specified. No value for bad.id found in bad',
    },
  ])
  expect(countOf(mock, app, 'Contact')).toBe(contacts + 1)
  expect((await query(app, "SELECT Name FROM Account WHERE Name = 'Kept Co'")).body.totalSize).toBe(1)
})

test('a reference with no value at run time (a query with no rows) fails its subrequest; under allOrNone everything rolls back', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const before = storeContent(mock, app)
  const response = await composite(
    app,
    [
      sub('POST', '/sobjects/Account', 'acc', { Name: 'Before the lookup' }),
      sub('GET', "/query?q=SELECT+Id+FROM+Account+WHERE+Name='Nobody'", 'lookup'),
      sub('PATCH', '/sobjects/Account/@{lookup.records[0].Id}', 'upd', { Industry: 'Energy' }),
    ],
    true,
  )
  const items = expectStatuses(response, [
    ['acc', 400],
    ['lookup', 400],
    ['upd', 400],
  ])
  expect(items[2]!.body).toEqual([
    {
      errorCode: 'PROCESSING_HALTED',
      message: 'Invalid reference specified. No value for lookup.records[0].Id found in lookup',
    },
  ])
  expect(items[0]!.body).toEqual(HALTED)
  expect(storeContent(mock, app)).toEqual(before)
})

test('an all-or-none composite makes its sObject Collections subrequests all-or-none; without it they keep their own flag', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const collection = (allOrNone: boolean) =>
    sub('POST', '/composite/sobjects', 'accounts', {
      allOrNone,
      records: [
        { attributes: { type: 'Account' }, Name: 'Collected Co' },
        { attributes: { type: 'Contact' }, FirstName: 'No last name' },
      ],
    })
  const before = storeContent(mock, app)
  const strict = await composite(
    app,
    [collection(false), sub('POST', '/sobjects/Account', 'after', { Name: 'After' })],
    true,
  )
  const items = expectStatuses(strict, [
    ['accounts', 200],
    ['after', 400],
  ])
  expect(items[0]!.body).toEqual([
    {
      success: false,
      errors: [
        {
          statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
          message:
            'Record rolled back because not all records were valid and the request was using AllOrNone header',
          fields: [],
        },
      ],
    },
    {
      success: false,
      errors: [
        {
          statusCode: 'REQUIRED_FIELD_MISSING',
          message: 'Required fields are missing: [LastName]',
          fields: ['LastName'],
        },
      ],
    },
  ])
  expect(items[1]!.body).toEqual(HALTED)
  expect(storeContent(mock, app)).toEqual(before)

  const lenient = await composite(app, [
    collection(false),
    sub('POST', '/sobjects/Account', 'after', { Name: 'After' }),
  ])
  const kept = expectStatuses(lenient, [
    ['accounts', 200],
    ['after', 201],
  ])
  expect(kept[0]!.body.map((result: { success: boolean }) => result.success)).toEqual([true, false])
  expect(
    (await query(app, "SELECT Id FROM Account WHERE Name IN ('Collected Co', 'After')")).body.totalSize,
  ).toBe(2)
})

test('serves describe, external-id upsert, queryAll and sObject Collections as subrequests', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await composite(app, [
    sub('GET', '/sobjects/Account/describe', 'describe'),
    sub('PATCH', '/sobjects/Account/External_Id__c/COMP-1', 'upsert', { Name: 'Upserted in a composite' }),
    sub('GET', "/queryAll?q=SELECT+Name+FROM+Account+WHERE+External_Id__c='COMP-1'", 'all'),
    sub('GET', '/composite/sobjects/Account?ids=@{upsert.id}&fields=Name', 'collection'),
    sub('PATCH', '/sobjects/Account/External_Id__c/COMP-1', 'again', { Rating: 'Warm' }),
  ])
  const items = expectStatuses(response, [
    ['describe', 200],
    ['upsert', 201],
    ['all', 200],
    ['collection', 200],
    ['again', 200],
  ])
  expect(items[0]!.body).toMatchObject({ name: 'Account', keyPrefix: '001' })
  expect(items[1]!.body).toEqual({
    id: expect.stringMatching(/^001/),
    success: true,
    errors: [],
    created: true,
  })
  expect(items[1]!.httpHeaders.Location).toBe(`${V}/sobjects/Account/${items[1]!.body.id}`)
  expect(items[2]!.body.records).toEqual([expect.objectContaining({ Name: 'Upserted in a composite' })])
  expect(items[3]!.body).toEqual([
    expect.objectContaining({ Id: items[1]!.body.id, Name: 'Upserted in a composite' }),
  ])
  expect(items[4]!.body).toEqual({ id: items[1]!.body.id, success: true, errors: [], created: false })
})

test('passes subrequest headers on to the resource, and accepts collateSubrequests (subrequests run in order)', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite`, {
    json: {
      collateSubrequests: true,
      compositeRequest: [
        {
          // basic information refuses conditional headers: the header reached the resource
          ...sub('GET', '/sobjects/Account', 'conditional'),
          httpHeaders: { 'If-None-Match': '"x"' },
        },
        sub('GET', `/sobjects/Account/${ACME}?fields=Name`, 'plain'),
      ],
    },
  })
  const items = expectStatuses(response, [
    ['conditional', 501],
    ['plain', 200],
  ])
  expect(items[0]!.body[0].errorCode).toBe('FEATURE_NOT_ENABLED')
})

test('reads subrequest URLs as a real org does: unencoded spaces in a query string are taken', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite`, {
    json: {
      compositeRequest: [
        sub('GET', `${V}/query/?q=SELECT Id, Name FROM Account WHERE Name = 'Acme Corporation'`, 'spaces'),
        sub('GET', `${V}/query?q=select count() from Account`, 'count'),
        sub('GET', `${V}/query?q=SELECT Id\nFROM Account LIMIT 1`, 'newline'),
      ],
    },
  })
  const [spaces, count, newline] = expectStatuses(response, [
    ['spaces', 200],
    ['count', 200],
    ['newline', 200],
  ])
  expect(spaces!.body.records).toEqual([expect.objectContaining({ Name: 'Acme Corporation' })])
  expect(count!.body.totalSize).toBeGreaterThan(0)
  expect(newline!.body.records).toHaveLength(1)
})

test('lists the composite resources of a version (graph from 50.0)', async ({ client }) => {
  const app = await connectApp(client)
  expect((await app.get(`${V}/composite`)).body).toEqual({
    batch: `${V}/composite/batch`,
    tree: `${V}/composite/tree`,
    sobjects: `${V}/composite/sobjects`,
    graph: `${V}/composite/graph`,
  })
  expect(Object.keys((await app.get('/services/data/v49.0/composite')).body)).toEqual([
    'batch',
    'tree',
    'sobjects',
  ])
})
