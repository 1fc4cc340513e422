import { ACME, COYOTE, countOf, storeContent } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ROLLED_BACK = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message: 'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
}
const account = (Name: string, extra: Record<string, unknown> = {}) => ({
  attributes: { type: 'Account' },
  Name,
  ...extra,
})
const accounts = (n: number, prefix = 'Bulk') =>
  Array.from({ length: n }, (_, i) => account(`${prefix} ${i}`))

test('creates records of mixed types in order, one result per record, through the same rules as single creates', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite/sobjects`, {
    json: {
      records: [
        account('Collected Co'),
        {
          attributes: { type: 'Contact' },
          FirstName: 'Ada',
          LastName: 'Lovelace',
          Email: 'ADA@Example.COM',
          AccountId: ACME,
        },
        { attributes: { type: 'Contact' }, FirstName: 'No last name' },
        { attributes: { type: 'Case' }, Subject: 'Collected' },
        { Name: 'No type' },
      ],
    },
  })
  expect(response.status).toBe(200)
  const [created, contact, invalid, kase, untyped] = response.body
  expect(created).toEqual({ id: expect.stringMatching(/^001/), success: true, errors: [] })
  expect(contact).toEqual({ id: expect.stringMatching(/^003/), success: true, errors: [] })
  expect(invalid).toEqual({
    success: false,
    errors: [
      {
        statusCode: 'REQUIRED_FIELD_MISSING',
        message: 'Required fields are missing: [LastName]',
        fields: ['LastName'],
      },
    ],
  })
  expect(kase).toEqual({ id: expect.stringMatching(/^500/), success: true, errors: [] })
  expect(untyped).toEqual({
    success: false,
    errors: [{ statusCode: 'INVALID_TYPE', message: 'Must send a concrete entity type.', fields: [] }],
  })
  // derived values as a single create stores them
  const read = await app.get(`${V}/sobjects/Contact/${contact.id}?fields=Name,Email`)
  expect(read.body).toMatchObject({ Name: 'Ada Lovelace', Email: 'ada@example.com' })
  expect((await app.get(`${V}/sobjects/Case/${kase.id}?fields=CaseNumber,Status`)).body).toMatchObject({
    CaseNumber: '00000002',
    Status: 'New',
  })
})

test('allOrNone: one invalid record rolls back every other (counts, auto-numbers); each invalid one reports its own error', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const before = storeContent(mock, app)
  const response = await app.post(`${V}/composite/sobjects`, {
    json: {
      allOrNone: true,
      records: [
        account('Rolled Back Co'),
        { attributes: { type: 'Case' }, Subject: 'Rolled back' },
        { attributes: { type: 'Contact' }, FirstName: 'No last name' },
        account('x'.repeat(256)),
      ],
    },
  })
  expect(response.status).toBe(200)
  expect(response.body[0]).toEqual({ success: false, errors: [ROLLED_BACK] })
  expect(response.body[1]).toEqual({ success: false, errors: [ROLLED_BACK] })
  expect(response.body[2].errors[0].statusCode).toBe('REQUIRED_FIELD_MISSING')
  expect(response.body[3].errors[0].statusCode).toBe('STRING_TOO_LONG')
  expect(storeContent(mock, app)).toEqual(before)
  const next = await createRecord(app, 'Case', { Subject: 'After' })
  expect((await app.get(`${V}/sobjects/Case/${next}?fields=CaseNumber`)).body.CaseNumber).toBe('00000002')
})

test('without allOrNone a record that fails late (after its auto-number) leaves nothing behind, and the others are kept', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const cases = countOf(mock, app, 'Case')
  const response = await app.post(`${V}/composite/sobjects`, {
    json: {
      records: [
        { attributes: { type: 'Case' }, Subject: 'First' },
        // the reference is checked after the case number is drawn
        { attributes: { type: 'Case' }, Subject: 'Dangling', AccountId: '001000000000000AAA' },
        { attributes: { type: 'Case' }, Subject: 'Second' },
      ],
    },
  })
  expect(response.status).toBe(200)
  const [first, dangling, second] = response.body
  expect(first.success).toBe(true)
  expect(dangling).toEqual({
    success: false,
    errors: [
      {
        statusCode: 'INVALID_CROSS_REFERENCE_KEY',
        message: 'invalid cross reference id',
        fields: ['AccountId'],
      },
    ],
  })
  expect(second.success).toBe(true)
  expect(countOf(mock, app, 'Case')).toBe(cases + 2)
  const numbers = await query(app, `SELECT CaseNumber FROM Case WHERE Id IN ('${first.id}', '${second.id}')`)
  expect(numbers.body.records.map((row: { CaseNumber: string }) => row.CaseNumber).sort()).toEqual([
    '00000002',
    '00000003',
  ])
})

test('takes 200 records and refuses 201 with 400 EXCEEDED_ID_LIMIT; refuses more than 10 chunks of types', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const full = await app.post(`${V}/composite/sobjects`, { json: { records: accounts(200) } })
  expect(full.status).toBe(200)
  expect(full.body.filter((result: { success: boolean }) => result.success)).toHaveLength(200)

  const before = storeContent(mock, app)
  const over = expectNativeError(
    await app.post(`${V}/composite/sobjects`, { json: { records: accounts(201) } }),
    400,
    'EXCEEDED_ID_LIMIT',
  )
  expect(over.message).toBe('record limit reached. cannot submit more than 200 records into this call')
  const contact = { attributes: { type: 'Contact' }, LastName: 'Chunk' }
  const alternate = (runs: number) =>
    Array.from({ length: runs }, (_, i) => (i % 2 ? contact : account(`Chunk ${i}`)))
  const chunks = expectNativeError(
    await app.post(`${V}/composite/sobjects`, { json: { records: alternate(11) } }),
    400,
    'LIMIT_EXCEEDED',
  )
  expect(chunks.message).toContain('Cannot have more than 10 chunks in a single operation')
  expectNativeError(
    await app.post(`${V}/composite/sobjects`, { json: { record: [] } }),
    400,
    'JSON_PARSER_ERROR',
  )
  expectNativeError(
    await app.post(`${V}/composite/sobjects`, { json: { records: [1] } }),
    400,
    'JSON_PARSER_ERROR',
  )
  expect(storeContent(mock, app)).toEqual(before)
  const ten = await app.post(`${V}/composite/sobjects`, { json: { records: alternate(10) } })
  expect(ten.body.every((result: { success: boolean }) => result.success)).toBe(true)
})

test('retrieves records by id in request order with null for missing, deleted, malformed and other-object ids (GET and POST forms)', async ({
  client,
}) => {
  const app = await connectApp(client)
  const gone = await createRecord(app, 'Account', { Name: 'Gone' })
  await app.delete(`${V}/sobjects/Account/${gone}`)
  const ids = [ACME, gone, '001Rm0000000099IAA', 'not-an-id', COYOTE, ACME.slice(0, 15)]
  const expected = [
    {
      attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
      Name: 'Acme Corporation',
      Industry: 'Manufacturing',
      Id: ACME,
    },
    null,
    null,
    null,
    null,
    {
      attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
      Name: 'Acme Corporation',
      Industry: 'Manufacturing',
      Id: ACME,
    },
  ]
  const get = await app.get(`${V}/composite/sobjects/Account?ids=${ids.join(',')}&fields=name,Industry`)
  expect(get.status).toBe(200)
  expect(get.body).toEqual(expected)
  const post = await app.post(`${V}/composite/sobjects/account`, {
    json: { ids, fields: ['Name', 'INDUSTRY'] },
  })
  expect(post.body).toEqual(expected)

  const field = expectNativeError(
    await app.get(`${V}/composite/sobjects/Account?ids=${gone}&fields=Nope`),
    400,
    'INVALID_FIELD',
  )
  expect(field.message).toContain("No such column 'Nope'")
  expectNativeError(await app.get(`${V}/composite/sobjects/Account?ids=${ACME}`), 400, 'MISSING_ARGUMENT')
  const many = Array.from({ length: 2001 }, () => ACME)
  expectNativeError(
    await app.post(`${V}/composite/sobjects/Account`, { json: { ids: many, fields: ['Name'] } }),
    400,
    'EXCEEDED_ID_LIMIT',
  )
  expect(
    (await app.post(`${V}/composite/sobjects/Account`, { json: { ids: many.slice(1), fields: ['Name'] } }))
      .body,
  ).toHaveLength(2000)
  expectNativeError(await app.get(`${V}/composite/sobjects/Nope?ids=${ACME}&fields=Name`), 404, 'NOT_FOUND')
})

test('updates records by id: results carry the id; a missing id or record fails alone, or rolls back all with allOrNone', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const first = await createRecord(app, 'Account', { Name: 'First' })
  const second = await createRecord(app, 'Account', { Name: 'Second' })
  const response = await app.patch(`${V}/composite/sobjects`, {
    json: {
      records: [
        { attributes: { type: 'Account' }, id: first, Industry: 'Banking' },
        { attributes: { type: 'Account' }, Name: 'No id' },
        { attributes: { type: 'Account' }, id: '001Rm0000000099IAA', Name: 'Missing' },
        { attributes: { type: 'Contact' }, id: COYOTE, Title: 'Chief Coyote' },
      ],
    },
  })
  expect(response.body[0]).toEqual({ id: first, success: true, errors: [] })
  expect(response.body[1]).toEqual({
    success: false,
    errors: [{ statusCode: 'MISSING_ARGUMENT', message: 'Id not specified in an update call', fields: [] }],
  })
  expect(response.body[2]).toMatchObject({
    id: '001Rm0000000099IAA',
    success: false,
    errors: [{ statusCode: 'NOT_FOUND' }],
  })
  expect(response.body[3]).toEqual({ id: COYOTE, success: true, errors: [] })
  expect((await app.get(`${V}/sobjects/Account/${first}?fields=Industry`)).body.Industry).toBe('Banking')

  const before = storeContent(mock, app)
  const strict = await app.patch(`${V}/composite/sobjects`, {
    json: {
      allOrNone: true,
      records: [
        { attributes: { type: 'Account' }, id: second, Industry: 'Energy' },
        { attributes: { type: 'Account' }, id: first, Name: 'x'.repeat(256) },
      ],
    },
  })
  expect(strict.body[0]).toEqual({ id: second, success: false, errors: [ROLLED_BACK] })
  expect(strict.body[1]).toMatchObject({ id: first, success: false })
  expect(storeContent(mock, app)).toEqual(before)
})

test('upserts by external id: created or updated per record, duplicates in the request and several matches fail', async ({
  client,
}) => {
  const app = await connectApp(client)
  await createRecord(app, 'Account', { Name: 'Twin 1', External_Id__c: 'TWIN' })
  await createRecord(app, 'Account', { Name: 'Twin 2', External_Id__c: 'TWIN' })
  const existing = await createRecord(app, 'Account', { Name: 'Existing', External_Id__c: 'EXT-1' })
  const response = await app.patch(`${V}/composite/sobjects/Account/external_id__c`, {
    json: {
      records: [
        account('New one', { External_Id__c: 'EXT-2' }),
        { attributes: { type: 'Account' }, External_Id__c: 'EXT-1', Rating: 'Hot' },
        account('Dup A', { External_Id__c: 'DUP' }),
        account('Dup B', { External_Id__c: 'dup' }),
        account('Twin', { External_Id__c: 'TWIN' }),
        account('No value'),
      ],
    },
  })
  expect(response.status).toBe(200)
  const [made, updated, dupA, dupB, twin, missing] = response.body
  expect(made).toEqual({ id: expect.stringMatching(/^001/), success: true, errors: [], created: true })
  expect(updated).toEqual({ id: existing, success: true, errors: [], created: false })
  for (const dup of [dupA, dupB]) expect(dup.errors[0].statusCode).toBe('DUPLICATE_EXTERNAL_ID')
  expect(twin.errors[0]).toMatchObject({ statusCode: 'DUPLICATE_EXTERNAL_ID', fields: ['External_Id__c'] })
  expect(twin.errors[0].message).toContain('more than one record found for external id field')
  expect(missing.errors[0]).toEqual({
    statusCode: 'MISSING_ARGUMENT',
    message: 'External_Id__c not specified',
    fields: ['External_Id__c'],
  })
  expect((await app.get(`${V}/sobjects/Account/${existing}?fields=Rating,Name`)).body).toMatchObject({
    Rating: 'Hot',
    Name: 'Existing',
  })
  const before = await app.get(`${V}/sobjects/Account/${existing}?fields=Rating,Name`)
  const strict = await app.patch(`${V}/composite/sobjects/Account/External_Id__c`, {
    json: {
      allOrNone: true,
      records: [
        { attributes: { type: 'Account' }, External_Id__c: 'EXT-1', Rating: 'Cold' },
        account('x'.repeat(256), { External_Id__c: 'EXT-3' }),
      ],
    },
  })
  expect(strict.body[0]).toEqual({ success: false, errors: [ROLLED_BACK] })
  expect(strict.body[1].errors[0].statusCode).toBe('STRING_TOO_LONG')
  expect((await app.get(`${V}/sobjects/Account/${existing}?fields=Rating,Name`)).body).toEqual(before.body)
  expect((await query(app, "SELECT Id FROM Account WHERE External_Id__c = 'EXT-3'")).body.totalSize).toBe(0)
  expectNativeError(
    await app.patch(`${V}/composite/sobjects/Account/Industry`, { json: { records: [] } }),
    404,
    'NOT_FOUND',
  )
})

test('deletes by ids to the recycle bin with cascades; allOrNone rolls the recycle bin back too', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const parent = await createRecord(app, 'Account', { Name: 'Parent' })
  const child = await createRecord(app, 'Contact', { LastName: 'Child', AccountId: parent })
  const response = await app.delete(`${V}/composite/sobjects?ids=${parent},${child},bogus`)
  expect(response.body[0]).toEqual({ id: parent, success: true, errors: [] })
  expect(response.body[1]).toMatchObject({
    id: child,
    success: false,
    errors: [{ statusCode: 'ENTITY_IS_DELETED' }],
  })
  expect(response.body[2]).toEqual({
    id: 'bogus',
    success: false,
    errors: [{ statusCode: 'MALFORMED_ID', message: 'malformed id bogus', fields: [] }],
  })
  const bin = await query(app, `SELECT Id FROM Contact WHERE Id = '${child}'`)
  expect(bin.body.totalSize).toBe(0)

  const before = storeContent(mock, app)
  const recycled = countOf(mock, app, 'Account', true) - countOf(mock, app, 'Account')
  const strict = await app.delete(`${V}/composite/sobjects?ids=${ACME},001Rm0000000099IAA&allOrNone=true`)
  expect(strict.body[0]).toEqual({ id: ACME, success: false, errors: [ROLLED_BACK] })
  expect(strict.body[1]).toMatchObject({ success: false, errors: [{ statusCode: 'NOT_FOUND' }] })
  expect(storeContent(mock, app)).toEqual(before)
  expect(countOf(mock, app, 'Account', true) - countOf(mock, app, 'Account')).toBe(recycled)
  expect((await app.get(`${V}/sobjects/Contact/${COYOTE}?fields=Id`)).status).toBe(200)

  expectNativeError(await app.delete(`${V}/composite/sobjects`), 400, 'MISSING_ARGUMENT')
  const ids = Array.from({ length: 201 }, () => ACME).join(',')
  expectNativeError(await app.delete(`${V}/composite/sobjects?ids=${ids}`), 400, 'EXCEEDED_ID_LIMIT')
  expectNativeError(
    await app.delete(`${V}/composite/sobjects?ids=${ACME}&allOrNone=maybe`),
    400,
    'INVALID_INPUT',
  )
  expect(storeContent(mock, app)).toEqual(before)
})
