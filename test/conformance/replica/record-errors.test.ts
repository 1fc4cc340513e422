import type { ApiResponse } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
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

/** Number of live records of an object, over SOQL. */
async function count(app: AppConnection, object: string): Promise<number> {
  return (await query(app, `SELECT COUNT() FROM ${object}`)).body.totalSize
}

/** Asserts a 400 save error with its fields, and that nothing was created. */
async function expectRejected(
  app: AppConnection,
  object: string,
  body: unknown,
  errorCode: string,
  fields?: string[],
): Promise<{ message: string }> {
  const before = await count(app, object)
  const response: ApiResponse = await app.post(`${V}/sobjects/${object}`, { json: body })
  const error = expectNativeError(response, 400, errorCode)
  if (fields) expect(error.fields).toEqual(fields)
  expect(await count(app, object)).toBe(before)
  return error
}

test('answers INVALID_FIELD for a field that does not exist, and never creates a custom field', async ({
  client,
}) => {
  const app = await connectApp(client)
  const error = await expectRejected(app, 'Account', { Name: 'x', Shoe_Size__c: 42 }, 'INVALID_FIELD')
  expect(error.message).toBe("No such column 'Shoe_Size__c' on sobject of type Account")
  const described = (await app.get(`${V}/sobjects/Account/describe`)).body
  expect(described.fields.map((field: { name: string }) => field.name)).not.toContain('Shoe_Size__c')
})

test('answers INVALID_FIELD for a field the actor cannot see or the path version does not have', async ({
  client,
}) => {
  const app = await connectApp(client)
  await expectRejected(
    await app.as('integration'),
    'Account',
    { Name: 'x', AnnualRevenue: 1 },
    'INVALID_FIELD',
  )
  const old = await app.post('/services/data/v51.0/sobjects/Account', {
    json: { Name: 'x', Tier__c: 'Gold' },
  })
  expectNativeError(old, 400, 'INVALID_FIELD')
  expect(
    (await app.post('/services/data/v52.0/sobjects/Account', { json: { Name: 'x', Tier__c: 'Gold' } }))
      .status,
  ).toBe(201)
})

test('answers INVALID_FIELD_FOR_INSERT_UPDATE naming every field that is not writable', async ({
  client,
}) => {
  const app = await connectApp(client)
  await expectRejected(
    app,
    'Contact',
    { LastName: 'x', Name: 'Full', CreatedDate: '2026-01-01T00:00:00Z' },
    'INVALID_FIELD_FOR_INSERT_UPDATE',
    ['Name', 'CreatedDate'],
  )
  const update = await app.patch(`${V}/sobjects/Account/${ACME}`, { json: { IsDeleted: true } })
  expect(expectNativeError(update, 400, 'INVALID_FIELD_FOR_INSERT_UPDATE').fields).toEqual(['IsDeleted'])
})

test('answers REQUIRED_FIELD_MISSING on create and on an update that clears a required field', async ({
  client,
}) => {
  const app = await connectApp(client)
  const error = await expectRejected(app, 'Account', { Industry: 'Banking' }, 'REQUIRED_FIELD_MISSING', [
    'Name',
  ])
  expect(error.message).toBe('Required fields are missing: [Name]')
  const cleared = await app.patch(`${V}/sobjects/Account/${ACME}`, { json: { Name: null } })
  expectNativeError(cleared, 400, 'REQUIRED_FIELD_MISSING')
  expect((await app.get(`${V}/sobjects/Account/${ACME}?fields=Name`)).body.Name).toBe('Acme Corporation')
})

test('answers JSON_PARSER_ERROR for malformed JSON, no body, a non-object and a value of the wrong type', async ({
  client,
}) => {
  const app = await connectApp(client)
  const headers = { 'content-type': 'application/json' }
  const malformed = await app.post(`${V}/sobjects/Account`, { body: '{"Name": ', headers })
  expect(expectNativeError(malformed, 400, 'JSON_PARSER_ERROR').message).toMatch(
    /^Failed to parse the request body as JSON/,
  )
  expectNativeError(await app.post(`${V}/sobjects/Account`, { body: '', headers }), 400, 'JSON_PARSER_ERROR')
  expectNativeError(
    await app.patch(`${V}/sobjects/Account/${ACME}`, { body: '{x', headers }),
    400,
    'JSON_PARSER_ERROR',
  )
  await expectRejected(app, 'Account', [{ Name: 'x' }], 'JSON_PARSER_ERROR')
  await expectRejected(app, 'Account', { Name: 'x', NumberOfEmployees: 'many' }, 'JSON_PARSER_ERROR', [
    'NumberOfEmployees',
  ])
  await expectRejected(app, 'Account', { Name: 'a', name: 'b' }, 'JSON_PARSER_ERROR')
})

test('answers STRING_TOO_LONG above the field length and accepts the length itself', async ({ client }) => {
  const app = await connectApp(client)
  await expectRejected(app, 'Account', { Name: 'x'.repeat(256) }, 'STRING_TOO_LONG', ['Name'])
  expect((await app.post(`${V}/sobjects/Account`, { json: { Name: 'x'.repeat(255) } })).status).toBe(201)
})

test('answers INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST for a value outside a restricted picklist', async ({
  client,
}) => {
  const app = await connectApp(client)
  await expectRejected(
    app,
    'Account',
    { Name: 'x', Tier__c: 'Platinum' },
    'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    ['Tier__c'],
  )
  expect((await app.post(`${V}/sobjects/Account`, { json: { Name: 'x', Tier__c: 'Gold' } })).status).toBe(201)
})

test('answers MALFORMED_ID, INVALID_CROSS_REFERENCE_KEY and ENTITY_IS_DELETED for bad references', async ({
  client,
}) => {
  const app = await connectApp(client)
  await expectRejected(app, 'Contact', { LastName: 'x', AccountId: 'acme' }, 'MALFORMED_ID', ['AccountId'])
  await expectRejected(
    app,
    'Contact',
    { LastName: 'x', AccountId: '001Rm00000000ZZIAA' },
    'INVALID_CROSS_REFERENCE_KEY',
    ['AccountId'],
  )
  const gone = await createRecord(app, 'Account', { Name: 'Gone' })
  expect((await app.delete(`${V}/sobjects/Account/${gone}`)).status).toBe(204)
  await expectRejected(app, 'Contact', { LastName: 'x', AccountId: gone }, 'ENTITY_IS_DELETED', ['AccountId'])
})

test('answers DUPLICATE_VALUE for a unique field value another record holds', async ({ client }) => {
  const app = await connectApp(client)
  await expectRejected(
    app,
    'Invoice__c',
    { Account__c: ACME, InvoiceNumber__c: 'INV-2026-0001' },
    'DUPLICATE_VALUE',
    ['InvoiceNumber__c'],
  )
})

test('answers FIELD_CUSTOM_VALIDATION_EXCEPTION when a validation rule rejects the write', async ({
  client,
}) => {
  const app = await connectApp(client)
  const error = await expectRejected(
    app,
    'Opportunity',
    { Name: 'Refund', StageName: 'Prospecting', CloseDate: '2026-05-01', Amount: -1 },
    'FIELD_CUSTOM_VALIDATION_EXCEPTION',
    ['Amount'],
  )
  expect(error.message).toBe('Amount cannot be negative.')
})

test('answers CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY and INSUFFICIENT_ACCESS_OR_READONLY to an actor without rights', async ({
  client,
}) => {
  const app = await connectApp(client)
  const readonly = await app.as('readonly')
  await expectRejected(readonly, 'Account', { Name: 'x' }, 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY')
  expectNativeError(
    await readonly.patch(`${V}/sobjects/Account/${ACME}`, { json: { Name: 'x' } }),
    400,
    'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
  )
  expectNativeError(
    await readonly.delete(`${V}/sobjects/Account/${ACME}`),
    400,
    'INSUFFICIENT_ACCESS_OR_READONLY',
  )
  await expectRejected(app, 'User', { LastName: 'x' }, 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY')
  expect((await readonly.get(`${V}/sobjects/Account/${ACME}?fields=Name`)).status).toBe(200)
})

test('answers 404 NOT_FOUND for no record, a malformed id, or an id of another object', async ({
  client,
}) => {
  const app = await connectApp(client)
  expectNativeError(await app.get(`${V}/sobjects/Account/001Rm00000000ZZIAA`), 404, 'NOT_FOUND')
  const malformed = expectNativeError(await app.get(`${V}/sobjects/Account/not-an-id`), 404, 'NOT_FOUND')
  expect(malformed.message).toBe('Provided external ID field does not exist or is not accessible: not-an-id')
  expectNativeError(await app.get(`${V}/sobjects/Contact/${ACME}`), 404, 'NOT_FOUND')
  expectNativeError(
    await app.patch(`${V}/sobjects/Account/001Rm00000000ZZIAA`, { json: {} }),
    404,
    'NOT_FOUND',
  )
  expectNativeError(await app.delete(`${V}/sobjects/Account/001Rm00000000ZZIAA`), 404, 'NOT_FOUND')
  expectNativeError(await app.get(`${V}/sobjects/Account/${ACME}?fields=Name,Nope`), 400, 'INVALID_FIELD')
})

test('leaves a record unchanged when any field of an update fails', async ({ client }) => {
  const app = await connectApp(client)
  const before = (await app.get(`${V}/sobjects/Account/${ACME}`)).body
  const response = await app.patch(`${V}/sobjects/Account/${ACME}`, {
    json: { Industry: 'Banking', Name: 'x'.repeat(300) },
  })
  expectNativeError(response, 400, 'STRING_TOO_LONG')
  expect((await app.get(`${V}/sobjects/Account/${ACME}`)).body).toEqual(before)
})
