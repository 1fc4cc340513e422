import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'
const ADMIN_USER = '005Rm0000000001IAA'

test('creates a record: 201 with an 18-character id of the object, success and no errors', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/sobjects/Account`, { json: { Name: 'Created', Industry: 'Banking' } })
  expect(response.status).toBe(201)
  expect(response.body).toEqual({
    id: expect.stringMatching(/^001[0-9A-Za-z]{15}$/),
    success: true,
    errors: [],
  })
  expect(response.headers.get('location')).toBe(`${V}/sobjects/Account/${response.body.id}`)
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(response.headers.get('x-request-id')).toMatch(/^rid_/)
  const read = await app.get(`${V}/sobjects/Account/${response.body.id}`)
  expect(read.status).toBe(200)
  expect(read.body).toMatchObject({
    attributes: { type: 'Account', url: `${V}/sobjects/Account/${response.body.id}` },
    Id: response.body.id,
    Name: 'Created',
    Industry: 'Banking',
    IsDeleted: false,
    OwnerId: ADMIN_USER,
    CreatedById: ADMIN_USER,
    CreatedDate: mock.clock.now().toISOString().replace('Z', '+0000'),
    BillingAddress: null,
  })
})

test('reads names in any case in paths and bodies, and answers with the canonical ones', async ({
  client,
}) => {
  const app = await connectApp(client)
  const id = (await app.post(`${V}/sobjects/account`, { json: { name: 'Lower', external_id__c: 'LOW-1' } }))
    .body.id
  const read = await app.get(`${V}/sobjects/ACCOUNT/${id}?fields=name,EXTERNAL_ID__C`)
  expect(read.body).toEqual({
    attributes: { type: 'Account', url: `${V}/sobjects/Account/${id}` },
    Name: 'Lower',
    External_Id__c: 'LOW-1',
    Id: id,
  })
})

test('reads a record by its 15-character id, with a fields selection and compound address', async ({
  client,
}) => {
  const app = await connectApp(client)
  const read = await app.get(
    `${V}/sobjects/Account/${ACME.slice(0, 15)}?fields=Id,BillingAddress,BillingCity`,
  )
  expect(read.status).toBe(200)
  expect(read.body).toEqual({
    attributes: { type: 'Account', url: `${V}/sobjects/Account/${ACME}` },
    Id: ACME,
    BillingAddress: expect.objectContaining({ city: 'Phoenix', country: 'USA', street: '1 Road Runner Way' }),
    BillingCity: 'Phoenix',
  })
})

test('updates with 204 and no body; the rules may store something else than what was sent', async ({
  client,
}) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Contact', { FirstName: 'Ada', LastName: 'Lovelace', AccountId: ACME })
  const response = await app.patch(`${V}/sobjects/Contact/${id}`, {
    json: { FirstName: 'Augusta', Email: 'ADA@Example.COM' },
  })
  expect(response.status).toBe(204)
  expect(response.text).toBe('')
  const read = await app.get(`${V}/sobjects/Contact/${id}?fields=Name,Email,LastName`)
  expect(read.body).toMatchObject({
    Name: 'Augusta Lovelace',
    Email: 'ada@example.com',
    LastName: 'Lovelace',
  })
})

test('derives opportunity and case values, and numbers cases', async ({ client }) => {
  const app = await connectApp(client)
  const deal = await createRecord(app, 'Opportunity', {
    Name: 'Deal',
    StageName: 'Closed Won',
    CloseDate: '2026-05-01',
    Amount: 1000,
    AccountId: ACME,
  })
  expect(
    (await app.get(`${V}/sobjects/Opportunity/${deal}?fields=IsClosed,IsWon,Probability`)).body,
  ).toMatchObject({ IsClosed: true, IsWon: true, Probability: 100 })
  const first = await createRecord(app, 'Case', { Subject: 'One' })
  const second = await createRecord(app, 'Case', { Subject: 'Two' })
  const numbers = await Promise.all(
    [first, second].map(
      async (id) => (await app.get(`${V}/sobjects/Case/${id}?fields=CaseNumber`)).body.CaseNumber,
    ),
  )
  expect(Number(numbers[1])).toBe(Number(numbers[0]) + 1)
})

test('sets a reference from a parent external id in the body', async ({ client }) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Contact', { LastName: 'Ref', Account: { External_Id__c: 'ACME-001' } })
  expect((await app.get(`${V}/sobjects/Contact/${id}?fields=AccountId`)).body.AccountId).toBe(ACME)
})

test('deletes with 204 to the recycle bin, with cascades: gone from reads and query, in queryAll', async ({
  client,
}) => {
  const app = await connectApp(client)
  const account = await createRecord(app, 'Account', { Name: 'Doomed' })
  const contact = await createRecord(app, 'Contact', { LastName: 'Child', AccountId: account })
  const response = await app.delete(`${V}/sobjects/Account/${account}`)
  expect(response.status).toBe(204)
  expect(response.text).toBe('')
  expectNativeError(await app.get(`${V}/sobjects/Account/${account}`), 404, 'NOT_FOUND')
  expectNativeError(await app.get(`${V}/sobjects/Contact/${contact}`), 404, 'NOT_FOUND')
  expect((await query(app, `SELECT Id FROM Account WHERE Id = '${account}'`)).body.totalSize).toBe(0)
  const all = await app.get(
    `${V}/queryAll?q=${encodeURIComponent(`SELECT Id, IsDeleted FROM Contact WHERE AccountId = '${account}'`)}`,
  )
  expect(all.body).toMatchObject({ totalSize: 1, done: true, records: [{ Id: contact, IsDeleted: true }] })
})

test('answers 404 ENTITY_IS_DELETED updating or deleting a record in the recycle bin', async ({ client }) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Account', { Name: 'Twice' })
  expect((await app.delete(`${V}/sobjects/Account/${id}`)).status).toBe(204)
  expectNativeError(await app.delete(`${V}/sobjects/Account/${id}`), 404, 'ENTITY_IS_DELETED')
  const update = await app.patch(`${V}/sobjects/Account/${id}`, { json: { Name: 'Back' } })
  expect(expectNativeError(update, 404, 'ENTITY_IS_DELETED')).toEqual({
    message: 'entity is deleted',
    errorCode: 'ENTITY_IS_DELETED',
    fields: [],
  })
})

test('updates through POST with ?_HttpMethod=PATCH, for clients that cannot send PATCH', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/sobjects/Account/${ACME}?_HttpMethod=PATCH`, {
    json: { Rating: 'Hot' },
  })
  expect(response.status).toBe(204)
  expect((await app.get(`${V}/sobjects/Account/${ACME}?fields=Rating`)).body.Rating).toBe('Hot')
})

test('creates by POST to /sobjects/{object}/Id (Id as the external id without a value)', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/sobjects/Account/Id`, { json: { Name: 'By Id' } })
  expect(response.status).toBe(201)
  expect(response.body).toEqual({ id: expect.stringMatching(/^001/), success: true, errors: [] })
})

test('writes as the actor of the credentials: owner and audit users are its user', async ({ client }) => {
  const integration = await (await connectApp(client)).as('integration')
  const id = await createRecord(integration, 'Account', { Name: 'By integration' })
  const read = await integration.get(`${V}/sobjects/Account/${id}?fields=OwnerId,CreatedById`)
  expect(read.body).toMatchObject({ OwnerId: '005Rm0000000002IAA', CreatedById: '005Rm0000000002IAA' })
})
