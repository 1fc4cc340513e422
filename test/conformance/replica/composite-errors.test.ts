import { ACME, composite, expectStatuses, type Sub, storeContent, sub } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

/** A subrequest that would write, so "nothing written" means something. */
const create = sub('POST', '/sobjects/Account', 'first', { Name: 'Must not exist' })

/** `n` reads of the same record, `r0`, `r1`, ... */
const reads = (n: number) =>
  Array.from({ length: n }, (_, i) => sub('GET', `/sobjects/Account/${ACME}?fields=Name`, `r${i}`))

test('takes 25 subrequests and refuses 26 with 400 LIMIT_EXCEEDED, writing nothing', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  expect((await composite(app, [create, ...reads(24)])).body.compositeResponse).toHaveLength(25)

  const before = storeContent(mock, app)
  const error = expectNativeError(await composite(app, [create, ...reads(25)]), 400, 'LIMIT_EXCEEDED')
  expect(error.message).toContain('26 subrequests; the limit is 25')
  expect(storeContent(mock, app)).toEqual(before)
})

test('takes 5 query and sObject Collections subrequests and refuses 6', async ({ client, mock }) => {
  const app = await connectApp(client)
  const heavy = (n: number): Sub[] =>
    Array.from({ length: n }, (_, i) =>
      i % 2 === 0
        ? sub('GET', '/query?q=SELECT+Id+FROM+Account+LIMIT+1', `q${i}`)
        : sub('GET', `/composite/sobjects/Account?ids=${ACME}&fields=Name`, `c${i}`),
    )
  expectStatuses(
    await composite(app, heavy(5)),
    heavy(5).map((item) => [item.referenceId, 200]),
  )
  const before = storeContent(mock, app)
  const error = expectNativeError(await composite(app, [create, ...heavy(6)]), 400, 'LIMIT_EXCEEDED')
  expect(error.message).toContain('6 query and sObject Collections subrequests; the limit is 5')
  expect(storeContent(mock, app)).toEqual(before)
})

test('refuses a malformed request with 400 and the real error code, before anything runs', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const cases: Array<[string, unknown, string, string]> = [
    ['no compositeRequest', { allOrNone: true }, 'JSON_PARSER_ERROR', 'compositeRequest'],
    ['an empty compositeRequest', { compositeRequest: [] }, 'JSON_PARSER_ERROR', 'compositeRequest'],
    [
      'a subrequest without referenceId',
      { compositeRequest: [create, { method: 'GET', url: `${V}/sobjects` }] },
      'JSON_PARSER_ERROR',
      'referenceId',
    ],
    ['an unknown key', { compositeRequest: [create], rollback: true }, 'JSON_PARSER_ERROR', 'rollback'],
    [
      'a lower-case method',
      { compositeRequest: [create, sub('get', '/sobjects', 'x')] },
      'JSON_PARSER_ERROR',
      'method',
    ],
    [
      'allOrNone that is not a boolean',
      { allOrNone: 'yes', compositeRequest: [create] },
      'JSON_PARSER_ERROR',
      'allOrNone',
    ],
  ]
  const before = storeContent(mock, app)
  for (const [what, body, code, mentions] of cases) {
    const error = expectNativeError(await app.post(`${V}/composite`, { json: body }), 400, code)
    expect(error.message, what).toContain(mentions)
  }
  expectNativeError(
    await app.post(`${V}/composite`, {
      body: '{"compositeRequest": [',
      headers: { 'content-type': 'application/json' },
    }),
    400,
    'JSON_PARSER_ERROR',
  )
  expect(storeContent(mock, app)).toEqual(before)
})

test('refuses bad references, reference ids, URLs, nested composites, malformed and inherited headers with 400 INVALID_INPUT, writing nothing', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const read = (url: string, referenceId = 'second') => sub('GET', url, referenceId)
  const cases: Array<[Sub[], string]> = [
    [[create, read('/sobjects/Account/@{ghost.id}')], 'no subrequest has the referenceId "ghost"'],
    [
      [
        read('/sobjects/Account/@{later.id}', 'early'),
        sub('POST', '/sobjects/Account', 'later', { Name: 'L' }),
      ],
      'runs after it',
    ],
    [[create, sub('PATCH', '/sobjects/Account/@{self.id}', 'self', { Name: 'S' })], 'cannot refer to itself'],
    [[create, read('/sobjects/Account/@{first}')], 'Failed to read the reference @{first}'],
    [[create, sub('POST', '/sobjects/Account', 'first', { Name: 'Twice' })], 'Duplicate referenceId "first"'],
    [[create, read('/sobjects', 'has-dash')], 'letters, digits and underscores'],
    [[create, read('sobjects/Account')], 'Failed to read the subrequest url'],
    [
      [create, read('https://elsewhere.example/services/data/v60.0/sobjects')],
      'Failed to read the subrequest url',
    ],
    [[create, read('/services/data/vX/sobjects')], 'Failed to read the subrequest url'],
    [
      [create, read('/services/data/v60.0/sobjects/../../v1/workspaces')],
      'Failed to read the subrequest url',
    ],
    [[create, sub('POST', '/composite', 'nested', { compositeRequest: [] })], 'cannot contain another'],
    [[create, sub('POST', '/composite/batch', 'nested', { batchRequests: [] })], 'cannot contain another'],
    [[create, sub('POST', '/composite/tree/Account', 'nested', { records: [] })], 'cannot contain another'],
    [[create, sub('POST', '/composite/graph', 'nested', { graphs: [] })], 'cannot contain another'],
    [[create, { ...read('/sobjects'), body: { Name: 'x' } }], 'a GET subrequest has no body'],
    [[create, { ...read('/sobjects'), httpHeaders: { 'Content-Type': 'text/csv' } }], 'Content-Type header'],
    [
      [create, { ...read('/sobjects'), httpHeaders: { Authorization: 'Bearer other' } }],
      'Authorization header',
    ],
    [[create, { ...read('/sobjects'), httpHeaders: { 'Bad Name': 'x' } }], 'HTTP does not allow'],
    [[create, { ...read('/sobjects'), httpHeaders: { 'X-Note': 'a\nb' } }], 'HTTP does not allow'],
  ]
  const before = storeContent(mock, app)
  for (const [subrequests, mentions] of cases) {
    const response = await composite(app, subrequests, false)
    const error = expectNativeError(response, 400, 'INVALID_INPUT')
    expect(error.message, JSON.stringify(subrequests)).toContain(mentions)
  }
  const older = await app.post('/services/data/v58.0/composite', {
    json: { compositeRequest: [create, read(`${V}/sobjects`)] },
  })
  expect(expectNativeError(older, 400, 'INVALID_INPUT').message).toContain('later than the request')
  expect(storeContent(mock, app)).toEqual(before)
})

test('answers 405 for a method the composite resource does not take', async ({ client }) => {
  const app = await connectApp(client)
  expectNativeError(await app.patch(`${V}/composite`, { json: {} }), 405, 'METHOD_NOT_ALLOWED')
  expectNativeError(await app.get(`${V}/composite/batch`), 405, 'METHOD_NOT_ALLOWED')
})

test('takes 10,000 references in one request and refuses 10,001 with 400 LIMIT_EXCEEDED, writing nothing', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const read = sub('GET', `/sobjects/Account/${ACME}?fields=Name`, 'r0')
  // 2,000 references to the 7-character "Account" per subrequest, five subrequests: the limit is the request's
  const writes = (last: number) =>
    [2_000, 2_000, 2_000, 2_000, last].map((count, i) =>
      sub('PATCH', `/sobjects/Account/${ACME}`, `w${i}`, {
        Description: '@{r0.attributes.type}'.repeat(count),
      }),
    )
  expectStatuses(await composite(app, [read, ...writes(2_000)]), [
    ['r0', 200],
    ['w0', 204],
    ['w1', 204],
    ['w2', 204],
    ['w3', 204],
    ['w4', 204],
  ])
  expect((await app.get(`${V}/sobjects/Account/${ACME}?fields=Description`)).body.Description).toBe(
    'Account'.repeat(2_000),
  )

  const before = storeContent(mock, app)
  const error = expectNativeError(
    await composite(app, [create, read, ...writes(2_001)]),
    400,
    'LIMIT_EXCEEDED',
  )
  expect(error.message).toBe(
    'Failed to run the request: it holds more than 10000 references (@{referenceId.field}); the limit is 10000',
  )
  expect(storeContent(mock, app)).toEqual(before)
})

test('counts items before reading each one: over a count limit a body is refused as over it, whatever its items hold', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const bad = { method: 'GET', url: `${V}/sobjects/Account/${ACME}`, referenceId: 'bad', extra: true }
  const graph = (graphId: string, nodes: unknown[]) => ({ graphId, compositeRequest: nodes })
  const batchRead = { method: 'GET', url: `v60.0/sobjects/Account/${ACME}?fields=Name` }
  const account = { attributes: { type: 'Account' }, Name: 'Must not exist' }
  // [what, path, body at its limit with one malformed item, the same one item over the limit, code over it]
  const cases: Array<[string, string, unknown, unknown, string]> = [
    [
      'composite',
      '/composite',
      { compositeRequest: [...reads(24), bad] },
      { compositeRequest: [...reads(25), bad] },
      'LIMIT_EXCEEDED',
    ],
    [
      'batch',
      '/composite/batch',
      { batchRequests: [...Array(24).fill(batchRead), { ...batchRead, extra: 1 }] },
      { batchRequests: [...Array(25).fill(batchRead), { ...batchRead, extra: 1 }] },
      'LIMIT_EXCEEDED',
    ],
    [
      'graph, graphs',
      '/composite/graph',
      { graphs: [...Array.from({ length: 74 }, (_, i) => graph(`g${i}`, reads(1))), graph('last', [bad])] },
      { graphs: [...Array.from({ length: 75 }, (_, i) => graph(`g${i}`, reads(1))), graph('last', [bad])] },
      'LIMIT_EXCEEDED',
    ],
    [
      'graph, nodes',
      '/composite/graph',
      { graphs: [graph('g', [...reads(499), bad])] },
      { graphs: [graph('g', [...reads(500), bad])] },
      'LIMIT_EXCEEDED',
    ],
    [
      'collections',
      '/composite/sobjects',
      { records: [...Array(199).fill(account), { ...account, attributes: 'x' }], extra: 1 },
      { records: [...Array(200).fill(account), { ...account, attributes: 'x' }], extra: 1 },
      'EXCEEDED_ID_LIMIT',
    ],
  ]
  const before = storeContent(mock, app)
  for (const [what, path, atLimit, overLimit, code] of cases) {
    const shape = expectNativeError(
      await app.post(`${V}${path}`, { json: atLimit }),
      400,
      'JSON_PARSER_ERROR',
    )
    expect(shape.message, what).toContain('Failed to read')
    expectNativeError(await app.post(`${V}${path}`, { json: overLimit }), 400, code)
  }
  expect(storeContent(mock, app)).toEqual(before)
})

test('refuses a body of 300,000 references at once, as over the limit', async ({ client, mock }) => {
  const app = await connectApp(client)
  const before = storeContent(mock, app)
  const bomb = sub('PATCH', `/sobjects/Account/${ACME}`, 'w', { Description: '@{first.id}'.repeat(300_000) })
  expectNativeError(await composite(app, [create, bomb]), 400, 'LIMIT_EXCEEDED')
  expect(storeContent(mock, app)).toEqual(before)
})

test('bounds what the references of one subrequest may expand to (4 MiB characters)', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const description = 'x'.repeat(32_000)
  expect(
    (await app.patch(`${V}/sobjects/Account/${ACME}`, { json: { Description: description } })).status,
  ).toBe(204)
  const read = sub('GET', `/sobjects/Account/${ACME}?fields=Description`, 'r0')
  const rename = (repeats: number) =>
    sub('PATCH', `/sobjects/Account/${ACME}`, 'r1', { Name: '@{r0.Description}'.repeat(repeats) })
  const before = storeContent(mock, app)

  // 131 x 32,000 characters is within the bound: the write runs and fails on the field's own limit
  const within = expectStatuses(await composite(app, [read, rename(131)]), [
    ['r0', 200],
    ['r1', 400],
  ])
  expect(within[1]!.body[0].errorCode).toBe('STRING_TOO_LONG')

  // 132 x 32,000 is over it: refused before anything is written into the subrequest
  const over = expectStatuses(await composite(app, [read, rename(132)]), [
    ['r0', 200],
    ['r1', 400],
  ])
  expect(over[1]!.body).toEqual([
    {
      errorCode: 'INVALID_INPUT',
      message:
        'The references of this subrequest expand to more than 4194304 characters, the limit of one subrequest',
    },
  ])
  expect(storeContent(mock, app)).toEqual(before)
})
