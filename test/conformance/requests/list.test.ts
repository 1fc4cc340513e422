import { ErrorBody, RecordedRequestList } from '../../../src/schemas/index.js'
import type { Client } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { expectError, TOKENS } from '../../support/management.js'
import { callApp, connect, credentialsFor, testApp } from '../../support/app-calls.js'

const test = conformanceTest({ clock: 'manual', nativeHandlers: { crm: testApp } })

const T0 = Date.parse('2026-06-01T12:00:00.000Z')

/**
 * One environment with apps `crm` and `billing` and eight calls, one second apart from T0:
 * n=1 GET 200 crm, n=2 POST 201 crm, n=3 PUT 404 crm, n=4 PATCH 304 crm, n=5 DELETE 204 billing,
 * n=6 GET 401 crm (refused: no token), n=7 GET 503 crm (injected), n=8 HEAD 200 billing.
 */
async function seedCalls({ client, mock }: { client: Client; mock: any }) {
  const { environment, token } = await connect(
    { client, mock },
    { apps: ['crm', { app: 'crm', name: 'billing' }] },
  )
  const billing = (await credentialsFor(client, environment.id, 'billing')).token
  mock.clock.set(T0)
  const calls: Array<[string, string, string | null]> = [
    ['GET', '/services/data?n=1', token],
    ['POST', '/services/test/status/201?n=2', token],
    ['PUT', '/services/test/status/404?n=3', token],
    ['PATCH', '/services/test/status/304?n=4', token],
    ['DELETE', '/services/test/status/204?n=5', billing],
    ['GET', `/apps/${environment.id}/crm/services/Data?n=6`, null],
    ['GET', '/services/data?n=7', token],
    ['HEAD', '/services/data?n=8', billing],
  ]
  for (const [index, [method, path, callToken]] of calls.entries()) {
    if (index === 6) mock.faults.add({ kind: 'gateway.error', status: 503 })
    await callApp(client, method, path, callToken)
    mock.clock.advance(1000)
  }
  return environment.id
}

async function list(client: Client, query: string, token: string = TOKENS.apiKey) {
  const response = await client.get(`/v1/requests?${query}`, { token })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return RecordedRequestList.parse(response.body)
}

async function ns(client: Client, environmentId: string, filter: string) {
  const page = await list(client, `environmentId=${environmentId}&${filter}`)
  return page.data.map((call) => Number(call.query.replace('n=', '')))
}

function expectInvalid(response: { status: number; body: unknown }, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  const { error } = ErrorBody.parse(response.body)
  expect(error.code).toBe('invalid_request')
  expect(error.fields).toHaveProperty(field)
}

test('lists the calls of an environment newest first', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const page = await list(client, `environmentId=${environmentId}`)
  expect(page.data.map((call) => call.query)).toEqual([
    'n=8',
    'n=7',
    'n=6',
    'n=5',
    'n=4',
    'n=3',
    'n=2',
    'n=1',
  ])
  expect(page.data.map((call) => call.responseStatus)).toEqual([200, 503, 401, 204, 304, 404, 201, 200])
  expect(page.nextCursor).toBeNull()
})

test('filters by app name', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect(await ns(client, environmentId, 'app=billing')).toEqual([8, 5])
  expect(await ns(client, environmentId, 'app=nope')).toEqual([])
})

test('filters by method', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect(await ns(client, environmentId, 'method=GET')).toEqual([7, 6, 1])
  expect(await ns(client, environmentId, 'method=HEAD')).toEqual([8])
  expect(await ns(client, environmentId, 'method=OPTIONS')).toEqual([])
})

test('filters by response status, accepting 100 and 599', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect(await ns(client, environmentId, 'responseStatus=200')).toEqual([8, 1])
  expect(await ns(client, environmentId, 'responseStatus=100')).toEqual([])
  expect(await ns(client, environmentId, 'responseStatus=599')).toEqual([])
})

test('filters by status class', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect(await ns(client, environmentId, 'statusClass=2xx')).toEqual([8, 5, 2, 1])
  expect(await ns(client, environmentId, 'statusClass=3xx')).toEqual([4])
  expect(await ns(client, environmentId, 'statusClass=4xx')).toEqual([6, 3])
  expect(await ns(client, environmentId, 'statusClass=5xx')).toEqual([7])
})

test('filters writes only: POST, PUT, PATCH and DELETE', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect(await ns(client, environmentId, 'writesOnly=true')).toEqual([5, 4, 3, 2])
  expect(await ns(client, environmentId, 'writesOnly=false')).toHaveLength(8)
})

test('searches path and query, ignoring case', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect(await ns(client, environmentId, 'search=STATUS%2F3')).toEqual([4])
  expect(await ns(client, environmentId, 'search=services%2Fdata')).toEqual([8, 7, 6, 1])
  expect(await ns(client, environmentId, 'search=n%3D5')).toEqual([5])
  expect(await ns(client, environmentId, `search=${'x'.repeat(200)}`)).toEqual([])
})

test('filters by a half-open time window [from, to) on receivedAt', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString()
  expect(await ns(client, environmentId, `from=${at(1)}&to=${at(3)}`)).toEqual([3, 2])
  expect(await ns(client, environmentId, `from=${at(7)}&to=${at(100)}`)).toEqual([8])
  expect(await ns(client, environmentId, `from=${at(2)}&to=${at(2)}`)).toEqual([])
  // offsets are accepted: T0+1s written in +02:00
  expect(
    await ns(client, environmentId, 'from=2026-06-01T14:00:01%2B02:00&to=2026-06-01T14:00:02%2B02:00'),
  ).toEqual([2])
})

test('ANDs the filters', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect(await ns(client, environmentId, 'method=GET&statusClass=2xx&app=crm')).toEqual([1])
  expect(await ns(client, environmentId, 'writesOnly=true&statusClass=2xx&search=n%3D2')).toEqual([2])
})

test('pages with limit and an opaque cursor, without repeats or gaps', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const seen: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const page = await list(
      client,
      `environmentId=${environmentId}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(page.data.length).toBeLessThanOrEqual(3)
    seen.push(...page.data.map((call) => call.query))
    cursor = page.nextCursor
    pages++
  } while (cursor)
  expect(pages).toBe(3)
  expect(seen).toEqual(['n=8', 'n=7', 'n=6', 'n=5', 'n=4', 'n=3', 'n=2', 'n=1'])
})

test('pages a filtered list', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const first = await list(client, `environmentId=${environmentId}&statusClass=2xx&limit=2`)
  expect(first.data.map((call) => call.query)).toEqual(['n=8', 'n=5'])
  const second = await list(
    client,
    `environmentId=${environmentId}&statusClass=2xx&limit=2&cursor=${first.nextCursor}`,
  )
  expect(second.data.map((call) => call.query)).toEqual(['n=2', 'n=1'])
  expect(second.nextCursor).toBeNull()
})

test('keeps a cursor stable while new calls are recorded', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const first = await list(client, `environmentId=${environmentId}&limit=4`)
  const { token } = await credentialsFor(client, environmentId)
  await callApp(client, 'GET', '/services/data?n=9', token)
  const second = await list(client, `environmentId=${environmentId}&limit=4&cursor=${first.nextCursor}`)
  expect(second.data.map((call) => call.query)).toEqual(['n=4', 'n=3', 'n=2', 'n=1'])
})

test.for(['1', '100'])('accepts limit=%s', async (limit, { client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expect((await list(client, `environmentId=${environmentId}&limit=${limit}`)).data.length).toBe(
    limit === '1' ? 1 : 8,
  )
})

test.for([
  ['limit=0', 'limit'],
  ['limit=101', 'limit'],
  ['method=get', 'method'],
  ['method=FETCH', 'method'],
  ['responseStatus=99', 'responseStatus'],
  ['responseStatus=600', 'responseStatus'],
  ['responseStatus=abc', 'responseStatus'],
  ['responseStatus=200.5', 'responseStatus'],
  ['statusClass=1xx', 'statusClass'],
  ['statusClass=6xx', 'statusClass'],
  ['writesOnly=yes', 'writesOnly'],
  ['writesOnly=1', 'writesOnly'],
  [`search=${'x'.repeat(201)}`, 'search'],
  ['search=a%00b', 'search'],
  ['app=Bad!', 'app'],
  ['from=2026-06-01T12:00:00Z', 'to'],
  ['to=2026-06-01T12:00:00Z', 'from'],
  ['from=2026-06-01T12:00:01Z&to=2026-06-01T12:00:00Z', 'to'],
  ['from=yesterday&to=2026-06-01T12:00:00Z', 'from'],
  ['cursor=not-a-cursor', 'cursor'],
  [`cursor=${'a'.repeat(2049)}`, 'cursor'],
] as const)('rejects %s with 400 naming %s', async ([query, field], { client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expectInvalid(await client.get(`/v1/requests?environmentId=${environmentId}&${query}`), field)
})

test('requires environmentId, and a well-formed one', async ({ client }) => {
  expectInvalid(await client.get('/v1/requests'), 'environmentId')
  expectInvalid(await client.get('/v1/requests?environmentId=bad%20id!'), 'environmentId')
})

test("rejects another environment's cursor", async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const other = await connect({ client, mock })
  const first = await list(client, `environmentId=${environmentId}&limit=1`)
  expectInvalid(
    await client.get(`/v1/requests?environmentId=${other.environment.id}&cursor=${first.nextCursor}`),
    'cursor',
  )
})

test('answers 404 for an unknown environment', async ({ client }) => {
  expectError(await client.get('/v1/requests?environmentId=env_nope'), 404, 'not_found')
})

test("hides another workspace's environment from an API key, not from a member", async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expectError(
    await client.get(`/v1/requests?environmentId=${environmentId}`, { token: TOKENS.other }),
    404,
    'not_found',
  )
  const [call] = (await list(client, `environmentId=${environmentId}&limit=1`)).data
  expectError(await client.get(`/v1/requests/${call!.id}`, { token: TOKENS.other }), 404, 'not_found')
  expectError(
    await client.get(`/v1/requests/${call!.id}/body/response`, { token: TOKENS.other }),
    404,
    'not_found',
  )
  expect((await list(client, `environmentId=${environmentId}`, TOKENS.member)).data).toHaveLength(8)
  expect((await list(client, `environmentId=${environmentId}`, TOKENS.readonly)).data).toHaveLength(8)
})

test('requires authentication', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  expectError(
    await client.get(`/v1/requests?environmentId=${environmentId}`, { token: null }),
    401,
    'unauthenticated',
  )
})

test('checks the request id pattern of getRequest and getRequestBody', async ({ client }) => {
  for (const id of ['req_ABCDEFGHIJKLMNOP', 'req_123', 'req_0123456789abcdefg', 'evt_0123456789abcdef']) {
    expectInvalid(await client.get(`/v1/requests/${id}`), 'requestId')
    expectInvalid(await client.get(`/v1/requests/${id}/body/request`), 'requestId')
  }
  expectError(await client.get('/v1/requests/req_0123456789abcdef'), 404, 'not_found')
  expectInvalid(await client.get('/v1/requests/req_0123456789abcdef/body/both'), 'direction')
})
