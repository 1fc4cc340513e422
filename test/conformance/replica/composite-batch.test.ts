import { ACME, countOf, storeContent } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const HALTED = [
  {
    errorCode: 'BATCH_PROCESSING_HALTED',
    message: 'The subrequest was not run: an earlier one failed and haltOnError is true',
  },
]

test('runs independent subrequests in order, each committing on its own; hasErrors tells a failure', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const accounts = countOf(mock, app, 'Account')
  const response = await app.post(`${V}/composite/batch`, {
    json: {
      batchRequests: [
        { method: 'POST', url: 'v60.0/sobjects/Account', richInput: { Name: 'Batched Co' } },
        { method: 'POST', url: 'v60.0/sobjects/Contact', richInput: { FirstName: 'No last name' } },
        {
          method: 'PATCH',
          url: `/services/data/v60.0/sobjects/Account/${ACME}`,
          richInput: { Rating: 'Cold' },
        },
        { method: 'GET', url: `v60.0/sobjects/Account/${ACME}?fields=Rating` },
        { method: 'GET', url: "v58.0/query?q=SELECT+Id+FROM+Account+WHERE+Name='Batched+Co'" },
      ],
    },
  })
  expect(response.status).toBe(200)
  expect(response.body.hasErrors).toBe(true)
  const results = response.body.results as Array<{ statusCode: number; result: any }>
  expect(results.map((item) => item.statusCode)).toEqual([201, 400, 204, 200, 200])
  expect(results[0]!.result).toEqual({ id: expect.stringMatching(/^001/), success: true, errors: [] })
  expect(results[1]!.result[0].errorCode).toBe('REQUIRED_FIELD_MISSING')
  expect(results[2]!.result).toBeNull()
  expect(results[3]!.result).toMatchObject({ Rating: 'Cold' })
  expect(results[4]!.result.totalSize).toBe(1)
  // no rollback: the subrequests around the failed one are kept
  expect(countOf(mock, app, 'Account')).toBe(accounts + 1)

  const clean = await app.post(`${V}/composite/batch`, {
    json: { batchRequests: [{ method: 'GET', url: `v60.0/sobjects/Account/${ACME}?fields=Name` }] },
  })
  expect(clean.body).toMatchObject({ hasErrors: false, results: [{ statusCode: 200 }] })
})

test('haltOnError: the subrequests after the first failure answer 412 BATCH_PROCESSING_HALTED and do not run; earlier ones stay', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite/batch`, {
    json: {
      haltOnError: true,
      batchRequests: [
        { method: 'POST', url: 'v60.0/sobjects/Account', richInput: { Name: 'Before the halt' } },
        { method: 'DELETE', url: 'v60.0/sobjects/Account/001Rm0000000099IAA' },
        { method: 'POST', url: 'v60.0/sobjects/Account', richInput: { Name: 'After the halt' } },
      ],
    },
  })
  expect(response.body.hasErrors).toBe(true)
  expect(response.body.results).toEqual([
    { statusCode: 201, result: expect.objectContaining({ success: true }) },
    { statusCode: 404, result: [expect.objectContaining({ errorCode: 'NOT_FOUND' })] },
    { statusCode: 412, result: HALTED },
  ])
  const names = await query(
    app,
    "SELECT Name FROM Account WHERE Name IN ('Before the halt', 'After the halt')",
  )
  expect(names.body.records.map((record: { Name: string }) => record.Name)).toEqual(['Before the halt'])
})

test('takes 25 subrequests and refuses 26; refuses composite subrequests, bad versions and binary parts before anything runs', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const read = { method: 'GET', url: `v60.0/sobjects/Account/${ACME}?fields=Name` }
  const write = { method: 'POST', url: 'v60.0/sobjects/Account', richInput: { Name: 'Must not exist' } }
  expect(
    (await app.post(`${V}/composite/batch`, { json: { batchRequests: Array(25).fill(read) } })).body.results,
  ).toHaveLength(25)
  const before = storeContent(mock, app)
  const cases: Array<[unknown, number, string, string]> = [
    [{ batchRequests: [write, ...Array(25).fill(read)] }, 400, 'LIMIT_EXCEEDED', 'the limit is 25'],
    [
      {
        batchRequests: [
          write,
          { method: 'POST', url: 'v60.0/composite/sobjects', richInput: { records: [] } },
        ],
      },
      400,
      'INVALID_INPUT',
      'cannot contain composite',
    ],
    [{ batchRequests: [write, { method: 'GET', url: 'v33.0/sobjects' }] }, 400, 'INVALID_INPUT', 'from 34.0'],
    [
      { batchRequests: [write, { method: 'GET', url: 'v60.0/sobjects' }] },
      400,
      'INVALID_INPUT',
      "request's own 59.0",
    ],
    [
      { batchRequests: [write, { method: 'GET', url: 'sobjects/Account' }] },
      400,
      'INVALID_INPUT',
      'Failed to read the subrequest url',
    ],
    [
      { batchRequests: [write, { method: 'GET', url: 'v60.0/sobjects', richInput: {} }] },
      400,
      'INVALID_INPUT',
      'no richInput',
    ],
    [
      { batchRequests: [write, { ...write, binaryPartName: 'bin1', binaryPartNameAlias: 'Body' }] },
      501,
      'FEATURE_NOT_ENABLED',
      'binaryPartName',
    ],
    [{ batchRequests: [write], haltOnError: 'yes' }, 400, 'JSON_PARSER_ERROR', 'haltOnError'],
    [{ batchRequests: [] }, 400, 'JSON_PARSER_ERROR', 'batchRequests'],
  ]
  for (const [body, status, code, mentions] of cases) {
    const version = mentions.includes('59.0') ? '/services/data/v59.0' : V
    const error = expectNativeError(
      await app.post(`${version}/composite/batch`, { json: body }),
      status,
      code,
    )
    expect(error.message, JSON.stringify(body)).toContain(mentions)
  }
  expect(storeContent(mock, app)).toEqual(before)
})
