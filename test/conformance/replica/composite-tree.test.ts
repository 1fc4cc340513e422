import { countOf, storeContent } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

type TreeRecord = Record<string, unknown>
const record = (
  type: string,
  referenceId: string,
  fields: TreeRecord = {},
  children: Record<string, TreeRecord[]> = {},
) => ({
  attributes: { type, referenceId },
  ...fields,
  ...Object.fromEntries(Object.entries(children).map(([name, records]) => [name, { records }])),
})

test('creates trees level by level, children linked to their new parents; 201 with every referenceId and id', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite/tree/Account`, {
    json: {
      records: [
        record(
          'Account',
          'acme2',
          { Name: 'Tree Co', Industry: 'Banking' },
          {
            Contacts: [
              record(
                'Contact',
                'ada',
                { FirstName: 'Ada', LastName: 'Lovelace' },
                {
                  Cases: [record('Case', 'adaCase', { Subject: 'Engine' })],
                },
              ),
              record('Contact', 'alan', { LastName: 'Turing' }),
            ],
            Opportunities: [
              record('Opportunity', 'deal', {
                Name: 'Deal',
                StageName: 'Prospecting',
                CloseDate: '2026-06-30',
              }),
            ],
          },
        ),
        record('Account', 'solo', { Name: 'Solo Co' }),
      ],
    },
  })
  expect(response.status).toBe(201)
  expect(response.body.hasErrors).toBe(false)
  const ids = Object.fromEntries(
    (response.body.results as Array<{ referenceId: string; id: string }>).map((item) => [
      item.referenceId,
      item.id,
    ]),
  )
  expect(response.body.results.map((item: { referenceId: string }) => item.referenceId)).toEqual([
    'acme2',
    'solo',
    'ada',
    'alan',
    'deal',
    'adaCase',
  ])
  const contacts = await query(
    app,
    `SELECT Name, Account.Name FROM Contact WHERE AccountId = '${ids.acme2}' ORDER BY LastName`,
  )
  expect(contacts.body.records).toMatchObject([
    { Name: 'Ada Lovelace', Account: { Name: 'Tree Co' } },
    { Name: 'Turing', Account: { Name: 'Tree Co' } },
  ])
  expect((await app.get(`${V}/sobjects/Case/${ids.adaCase}?fields=ContactId,CaseNumber`)).body).toMatchObject(
    {
      ContactId: ids.ada,
      CaseNumber: '00000002',
    },
  )
  expect((await app.get(`${V}/sobjects/Opportunity/${ids.deal}?fields=AccountId`)).body.AccountId).toBe(
    ids.acme2,
  )
})

test('a record that fails rolls back the whole request: 400 naming its referenceId, nothing written, no auto-number used', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const before = storeContent(mock, app)
  const response = await app.post(`${V}/composite/tree/Account`, {
    json: {
      records: [
        record(
          'Account',
          'parent',
          { Name: 'Doomed Co' },
          {
            Cases: [record('Case', 'case1', { Subject: 'Rolled back' })],
            Contacts: [record('Contact', 'noName', { FirstName: 'No last name' })],
          },
        ),
      ],
    },
  })
  expect(response.status).toBe(400)
  expect(response.body).toEqual({
    hasErrors: true,
    results: [
      {
        referenceId: 'noName',
        errors: [
          {
            statusCode: 'REQUIRED_FIELD_MISSING',
            message: 'Required fields are missing: [LastName]',
            fields: ['LastName'],
          },
        ],
      },
    ],
  })
  expect(storeContent(mock, app)).toEqual(before)
  expect(countOf(mock, app, 'Case')).toBe(1)
})

test('takes 200 records, 5 levels and 5 object types; refuses one more of each with 400 LIMIT_EXCEEDED', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const flat = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => record('Account', `${prefix}${i}`, { Name: `${prefix} ${i}` }))
  const nest = (levels: number, prefix: string): TreeRecord =>
    record(
      'Account',
      `${prefix}${levels}`,
      { Name: `${prefix} ${levels}` },
      levels > 1 ? { ChildAccounts: [nest(levels - 1, prefix)] } : {},
    )
  const types = (extra: boolean) =>
    record(
      'Account',
      'root',
      { Name: 'Types' },
      {
        Contacts: [record('Contact', 'c', { LastName: 'C' })],
        Cases: [record('Case', 'k', { Subject: 'K' })],
        Invoices__r: [record('Invoice__c', 'i', { InvoiceNumber__c: 'INV-T-1' })],
        Opportunities: [
          record('Opportunity', 'o', { Name: 'O', StageName: 'Prospecting', CloseDate: '2026-06-30' }),
        ],
        ...(extra ? { Tasks: [record('Task', 't', { Subject: 'T' })] } : {}),
      },
    )
  const post = (records: unknown[]) => app.post(`${V}/composite/tree/Account`, { json: { records } })
  expect((await post(flat(200, 'Max'))).status).toBe(201)
  expect((await post([nest(5, 'Deep')])).status).toBe(201)
  expect((await post([types(false)])).status).toBe(201)

  const before = storeContent(mock, app)
  expect(expectNativeError(await post(flat(201, 'Over')), 400, 'LIMIT_EXCEEDED').message).toContain(
    'more than 200 records',
  )
  expect(expectNativeError(await post([nest(6, 'Deeper')]), 400, 'LIMIT_EXCEEDED').message).toContain(
    'more than 5 levels',
  )
  expect(expectNativeError(await post([types(true)]), 400, 'LIMIT_EXCEEDED').message).toContain(
    'more than 5 object types',
  )
  expect(storeContent(mock, app)).toEqual(before)
})

test('refuses a malformed tree with 400 before anything is written', async ({ client, mock }) => {
  const app = await connectApp(client)
  const ok = record('Account', 'first', { Name: 'Must not exist' })
  const cases: Array<[unknown, string, string]> = [
    [{ records: [] }, 'JSON_PARSER_ERROR', 'records'],
    [{ records: [ok], allOrNone: true }, 'JSON_PARSER_ERROR', 'allOrNone'],
    [{ records: [ok, { Name: 'No attributes' }] }, 'JSON_PARSER_ERROR', '"attributes"'],
    [
      { records: [ok, { attributes: { type: 'Account' }, Name: 'No ref' }] },
      'JSON_PARSER_ERROR',
      '"referenceId"',
    ],
    [
      { records: [ok, record('Account', 'first', { Name: 'Twice' })] },
      'INVALID_INPUT',
      'duplicate referenceId "first"',
    ],
    [
      { records: [ok, record('Account', 'bad-ref', { Name: 'x' })] },
      'INVALID_INPUT',
      'referenceId "bad-ref"',
    ],
    [
      { records: [ok, record('Contact', 'wrongRoot', { LastName: 'x' })] },
      'INVALID_INPUT',
      'is a Contact where the tree expects a Account',
    ],
    [
      { records: [record('Account', 'p', { Name: 'P' }, { Contacts: [record('Case', 'c', {})] })] },
      'INVALID_INPUT',
      'is a Case where the tree expects a Contact',
    ],
    [
      {
        records: [
          record('Account', 'p', { Name: 'P' }, { Nope: [record('Contact', 'c', { LastName: 'x' })] }),
        ],
      },
      'INVALID_FIELD',
      "No such column 'Nope'",
    ],
    [
      {
        records: [
          record(
            'Account',
            'p',
            { Name: 'P' },
            { Contacts: [record('Contact', 'c', { LastName: 'x', AccountId: null })] },
          ),
        ],
      },
      'INVALID_INPUT',
      'sets AccountId',
    ],
    [
      { records: [record('Account', 'p', { Name: 'P', Contacts: { records: [1] } })] },
      'JSON_PARSER_ERROR',
      'child records',
    ],
  ]
  const before = storeContent(mock, app)
  for (const [body, code, mentions] of cases) {
    const error = expectNativeError(await app.post(`${V}/composite/tree/Account`, { json: body }), 400, code)
    expect(error.message, JSON.stringify(body)).toContain(mentions)
  }
  expectNativeError(await app.post(`${V}/composite/tree/Nope`, { json: { records: [ok] } }), 404, 'NOT_FOUND')
  expect(storeContent(mock, app)).toEqual(before)
})
