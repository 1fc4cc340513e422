import { ACME, COYOTE, countOf, HALTED, type Sub, storeContent, sub } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const graph = (graphId: string, compositeRequest: Sub[]) => ({ graphId, compositeRequest })
const account = (referenceId: string, Name: string) => sub('POST', '/sobjects/Account', referenceId, { Name })
const failing = (referenceId: string) =>
  sub('POST', '/sobjects/Contact', referenceId, { FirstName: 'No last name' })

test('runs each graph all or nothing on its own: a failed graph rolls back alone, the others are kept', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const contacts = countOf(mock, app, 'Contact')
  const rating = (await app.get(`${V}/sobjects/Account/${ACME}?fields=Rating`)).body.Rating
  const response = await app.post(`${V}/composite/graph`, {
    json: {
      graphs: [
        graph('kept', [
          account('acc', 'Graph Kept'),
          sub('POST', '/sobjects/Contact', 'con', { LastName: 'Kept', AccountId: '@{acc.id}' }),
          sub('PATCH', `/sobjects/Contact/${COYOTE}`, 'upd', { Title: 'Updated by a graph' }),
        ]),
        graph('undone', [
          account('acc', 'Graph Undone'),
          sub('PATCH', `/sobjects/Account/${ACME}`, 'acme', { Rating: 'Cold' }),
          failing('bad'),
        ]),
      ],
    },
  })
  expect(response.status).toBe(200)
  const [kept, undone] = response.body.graphs
  expect(kept).toMatchObject({ graphId: 'kept', isSuccessful: true })
  expect(kept.graphResponse.compositeResponse.map((item: any) => item.httpStatusCode)).toEqual([
    201, 201, 204,
  ])
  expect(kept.graphResponse.compositeResponse[0].httpHeaders.Location).toMatch(/\/sobjects\/Account\/001/)
  expect(undone).toMatchObject({ graphId: 'undone', isSuccessful: false })
  const items = undone.graphResponse.compositeResponse
  expect(items.map((item: any) => [item.referenceId, item.httpStatusCode])).toEqual([
    ['acc', 400],
    ['acme', 400],
    ['bad', 400],
  ])
  expect(items[0].body).toEqual(HALTED)
  expect(items[2].body[0].errorCode).toBe('REQUIRED_FIELD_MISSING')

  expect(countOf(mock, app, 'Contact')).toBe(contacts + 1)
  const names = await query(app, "SELECT Name FROM Account WHERE Name LIKE 'Graph%'")
  expect(names.body.records.map((record: { Name: string }) => record.Name)).toEqual(['Graph Kept'])
  expect((await app.get(`${V}/sobjects/Account/${ACME}?fields=Rating`)).body.Rating).toBe(rating)
  expect((await app.get(`${V}/sobjects/Contact/${COYOTE}?fields=Title`)).body.Title).toBe(
    'Updated by a graph',
  )
})

test('is served from API 50.0: 404 NOT_FOUND before', async ({ client }) => {
  const app = await connectApp(client)
  const body = { graphs: [graph('g', [account('a', 'Versioned')])] }
  expectNativeError(await app.post('/services/data/v49.0/composite/graph', { json: body }), 404, 'NOT_FOUND')
  const ok = await app.post('/services/data/v50.0/composite/graph', {
    json: {
      graphs: [
        graph('g', [sub('POST', '/services/data/v50.0/sobjects/Account', 'a', { Name: 'Versioned' })]),
      ],
    },
  })
  expect(ok.body.graphs[0].isSuccessful).toBe(true)
})

test('stops running graphs after more than 14 have failed: the rest answer PROCESSING_HALTED', async ({
  client,
}) => {
  const app = await connectApp(client)
  const graphs = [
    ...Array.from({ length: 16 }, (_, i) => graph(`bad${i}`, [failing('bad')])),
    graph('late', [account('acc', 'Too late')]),
  ]
  const response = await app.post(`${V}/composite/graph`, { json: { graphs } })
  const results = response.body.graphs as Array<{
    graphId: string
    isSuccessful: boolean
    graphResponse: any
  }>
  expect(results.every((result) => !result.isSuccessful)).toBe(true)
  expect(results[14]!.graphResponse.compositeResponse[0].body[0].errorCode).toBe('REQUIRED_FIELD_MISSING')
  expect(results[15]!.graphResponse.compositeResponse[0].body).toEqual(HALTED)
  expect(results[16]!.graphResponse.compositeResponse[0].body).toEqual(HALTED)
  expect((await query(app, "SELECT Id FROM Account WHERE Name = 'Too late'")).body.totalSize).toBe(0)
})

test('checks graphs before anything runs: ids, references within a graph, node URLs and the limits', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const read = (referenceId: string, path = `/sobjects/Account/${ACME}`) => sub('GET', path, referenceId)
  const chain = (depth: number) =>
    Array.from({ length: depth }, (_, i) =>
      i === 0 ? read('n0') : read(`n${i}`, `/sobjects/Account/@{n${i - 1}.Id}?fields=Id`),
    )
  const post = (graphs: unknown) => app.post(`${V}/composite/graph`, { json: { graphs } })
  // the bounds themselves are accepted
  expect((await post([graph('deep', chain(15))])).body.graphs[0].isSuccessful).toBe(true)
  expect(
    (await post(Array.from({ length: 75 }, (_, i) => graph(`g${i}`, [read('r')])))).body.graphs,
  ).toHaveLength(75)
  const fiveHundred = Array.from({ length: 500 }, (_, i) => read(`r${i}`))
  expect(
    (await post([graph('big', fiveHundred)])).body.graphs[0].graphResponse.compositeResponse,
  ).toHaveLength(500)

  const before = storeContent(mock, app)
  const write = account('w', 'Must not exist')
  const versions = Array.from({ length: 13 }, (_, i) =>
    read(`v${i}`, `/services/data/v${48 + i}.0/sobjects/Account/${ACME}`),
  )
  const cases: Array<[unknown, string, string]> = [
    [
      [graph('a', [write]), graph('b', [read('x', '/sobjects/Account/@{w.id}')])],
      'INVALID_INPUT',
      'no subrequest has the referenceId "w"',
    ],
    [
      [
        graph('cycle', [
          sub('PATCH', '/sobjects/Account/@{b.id}', 'a', { Name: 'A' }),
          sub('PATCH', '/sobjects/Account/@{a.id}', 'b', { Name: 'B' }),
        ]),
      ],
      'INVALID_INPUT',
      '"b" runs after it',
    ],
    [[graph('same', [write]), graph('same', [read('r')])], 'INVALID_INPUT', 'duplicate graphId "same"'],
    [[graph('bad id', [write])], 'INVALID_INPUT', 'graphId "bad id"'],
    [
      [graph('q', [write, read('q', '/query?q=SELECT+Id+FROM+Account')])],
      'INVALID_INPUT',
      'calls sObject rows only',
    ],
    [
      [graph('d', [write, read('d', '/sobjects/Account/describe')])],
      'INVALID_INPUT',
      'calls sObject rows only',
    ],
    [
      [graph('p', [write, sub('POST', `/sobjects/Account/${ACME}`, 'p', { Name: 'x' })])],
      'INVALID_INPUT',
      'calls sObject rows only',
    ],
    [[graph('deep', [write, ...chain(16)])], 'LIMIT_EXCEEDED', '16 nodes deep; the limit is 15'],
    [
      Array.from({ length: 76 }, (_, i) => graph(`g${i}`, [i ? read('r') : write])),
      'LIMIT_EXCEEDED',
      '76 graphs',
    ],
    [[graph('big', [write, ...fiveHundred])], 'LIMIT_EXCEEDED', '501 nodes'],
    [
      // the references are counted over the whole request, across its graphs
      [
        graph('refs1', [
          write,
          sub('PATCH', `/sobjects/Account/${ACME}`, 'p1', { Description: '@{w.id}'.repeat(5_000) }),
        ]),
        graph('refs2', [
          account('w2', 'Must not exist either'),
          sub('PATCH', `/sobjects/Account/${ACME}`, 'p2', { Description: '@{w2.id}'.repeat(5_001) }),
        ]),
      ],
      'LIMIT_EXCEEDED',
      'more than 10000 references',
    ],
    [
      [
        graph('mixed', [
          write,
          ...versions,
          read('c', `/sobjects/Contact/$COYOTE`),
          read('k', '/sobjects/Case/500Rm0000000001IAA'),
        ]),
      ],
      'LIMIT_EXCEEDED',
      '16 different nodes',
    ],
    [[], 'JSON_PARSER_ERROR', 'graphs'],
  ]
  for (const [graphs, code, mentions] of cases) {
    const error = expectNativeError(await post(graphs), 400, code)
    expect(error.message, mentions).toContain(mentions)
  }
  expect(storeContent(mock, app)).toEqual(before)
})
