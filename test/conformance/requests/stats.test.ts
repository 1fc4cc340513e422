import { ErrorBody, RequestStats } from '../../../src/schemas/index.js'
import type { Client } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { expectError, TOKENS } from '../../support/management.js'
import { callApp, connect, testApp } from '../../support/app-calls.js'

const test = conformanceTest({ clock: 'manual', nativeHandlers: { crm: testApp } })

const T0 = Date.parse('2026-06-01T12:00:00.000Z')
const at = (ms: number) => new Date(T0 + ms).toISOString()

/**
 * Twelve calls, call i received at T0 + i seconds, answering STATUSES[i] after LATENCIES[i] ms
 * (injected latency: on the manual clock it is the whole recorded duration).
 */
const LATENCIES = [5, 1, 9, 3, 7, 2, 8, 4, 6, 10, 30, 20]
const STATUSES = [200, 201, 404, 200, 500, 204, 400, 200, 503, 200, 200, 404]
const METHODS = ['GET', 'POST', 'GET', 'GET', 'PUT', 'DELETE', 'PATCH', 'GET', 'GET', 'GET', 'GET', 'GET']

async function seedCalls({ client, mock }: { client: Client; mock: any }) {
  const { environment, token } = await connect({ client, mock })
  mock.clock.set(T0)
  for (const [i, latencyMs] of LATENCIES.entries()) {
    mock.faults.add({ kind: 'gateway.latency', latencyMs })
    await callApp(client, METHODS[i]!, `/services/test/status/${STATUSES[i]}?i=${i}`, token)
    mock.clock.advance(1000)
  }
  return environment.id
}

async function stats(client: Client, query: string, token: string = TOKENS.apiKey) {
  const response = await client.get(`/v1/requests/stats?${query}`, { token })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return RequestStats.parse(response.body)
}

function expectInvalid(response: { status: number; body: unknown }, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  expect(ErrorBody.parse(response.body).error.fields).toHaveProperty(field)
}

test('counts calls by class and gives nearest-rank p50 and p95 of durationMs', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const result = await stats(client, `environmentId=${environmentId}&from=${at(0)}&to=${at(60_000)}`)
  // durations sorted: 1 2 3 4 5 6 7 8 9 10 20 30; p50 = rank ceil(6) = 6, p95 = rank ceil(11.4) = 30
  expect(result).toMatchObject({
    from: at(0),
    to: at(60_000),
    count: 12,
    successCount: 7,
    clientErrorCount: 3,
    serverErrorCount: 2,
    p50Ms: 6,
    p95Ms: 30,
  })
})

test('applies the filters to counts, percentiles and buckets', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const window = `environmentId=${environmentId}&from=${at(0)}&to=${at(60_000)}`
  // 2xx durations: 1 2 3 4 5 10 30; p50 = rank ceil(3.5) = 4, p95 = rank ceil(6.65) = 30
  expect(await stats(client, `${window}&statusClass=2xx`)).toMatchObject({
    count: 7,
    successCount: 7,
    clientErrorCount: 0,
    p50Ms: 4,
    p95Ms: 30,
  })
  expect(await stats(client, `${window}&writesOnly=true`)).toMatchObject({ count: 4, p50Ms: 2, p95Ms: 8 })
  expect(await stats(client, `${window}&method=GET&responseStatus=404`)).toMatchObject({ count: 2, p50Ms: 9 })
  expect(await stats(client, `${window}&search=i%3D10`)).toMatchObject({ count: 1, p50Ms: 30, p95Ms: 30 })
  expect(await stats(client, `${window}&app=crm`)).toMatchObject({ count: 12 })
  expect(await stats(client, `${window}&app=billing`)).toMatchObject({ count: 0, p50Ms: null })
})

test('answers null percentiles and empty buckets when nothing matches', async ({ client, mock }) => {
  const { environment } = await connect({ client, mock })
  const result = await stats(client, `environmentId=${environment.id}&from=${at(0)}&to=${at(10_000)}`)
  expect(result).toEqual({
    from: at(0),
    to: at(10_000),
    count: 0,
    successCount: 0,
    clientErrorCount: 0,
    serverErrorCount: 0,
    p50Ms: null,
    p95Ms: null,
    buckets: Array.from({ length: 10 }, (_, i) => ({
      from: at(i * 1000),
      success: 0,
      clientError: 0,
      serverError: 0,
    })),
  })
})

test('counts only calls received in [from, to)', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  // calls 2, 3 and 4 (call 5 is received exactly at `to`)
  const result = await stats(client, `environmentId=${environmentId}&from=${at(2000)}&to=${at(5000)}`)
  expect(result).toMatchObject({ count: 3, successCount: 1, clientErrorCount: 1, serverErrorCount: 1 })
  expect(result.p50Ms).toBe(7)
})

test('puts each call in the bucket of its receivedAt', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const result = await stats(client, `environmentId=${environmentId}&from=${at(0)}&to=${at(60_000)}`)
  expect(result.buckets).toHaveLength(60)
  expect(result.buckets.slice(0, 13)).toEqual(
    [...STATUSES, undefined].map((status, i) => ({
      from: at(i * 1000),
      success: status !== undefined && status < 400 ? 1 : 0,
      clientError: status !== undefined && status >= 400 && status < 500 ? 1 : 0,
      serverError: status !== undefined && status >= 500 ? 1 : 0,
    })),
  )
})

test('widens buckets to stay at or under 60, starting at from', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const window = (fromMs: number, toMs: number) =>
    stats(client, `environmentId=${environmentId}&from=${at(fromMs)}&to=${at(toMs)}`)

  const twoSeconds = await window(0, 61_000)
  expect(twoSeconds.buckets).toHaveLength(31)
  // calls 2 (404) and 3 (200)
  expect(twoSeconds.buckets[1]).toEqual({ from: at(2000), success: 1, clientError: 1, serverError: 0 })

  const minutes = await window(0, 3_600_000)
  expect(minutes.buckets).toHaveLength(60)
  expect(minutes.buckets[1]!.from).toBe(at(60_000))
  expect(minutes.buckets[0]).toEqual({ from: at(0), success: 7, clientError: 3, serverError: 2 })

  const halfHours = await window(0, 86_400_000)
  expect(halfHours.buckets).toHaveLength(48)
  expect(halfHours.buckets[1]!.from).toBe(at(1_800_000))

  const offset = await window(500, 10_500)
  expect(offset.buckets.map((bucket) => bucket.from)).toEqual(
    Array.from({ length: 10 }, (_, i) => at(500 + i * 1000)),
  )
  expect((await window(3000, 3000)).buckets).toEqual([])
})

test('requires from and to, with to not before from', async ({ client, mock }) => {
  const { environment } = await connect({ client, mock })
  const base = `/v1/requests/stats?environmentId=${environment.id}`
  expectInvalid(await client.get(base), 'from')
  expectInvalid(await client.get(base), 'to')
  expectInvalid(await client.get(`${base}&from=${at(0)}`), 'to')
  expectInvalid(await client.get(`${base}&to=${at(0)}`), 'from')
  expectInvalid(await client.get(`${base}&from=${at(1)}&to=${at(0)}`), 'to')
  expectInvalid(await client.get(`${base}&from=soon&to=${at(0)}`), 'from')
})

test.for([
  ['responseStatus=99', 'responseStatus'],
  ['responseStatus=600', 'responseStatus'],
  ['statusClass=1xx', 'statusClass'],
  ['method=get', 'method'],
  ['writesOnly=yes', 'writesOnly'],
  [`search=${'x'.repeat(201)}`, 'search'],
  ['search=%00', 'search'],
  ['app=Bad!', 'app'],
] as const)('rejects %s with 400 naming %s', async ([query, field], { client, mock }) => {
  const { environment } = await connect({ client, mock })
  const response = await client.get(
    `/v1/requests/stats?environmentId=${environment.id}&from=${at(0)}&to=${at(1000)}&${query}`,
  )
  expectInvalid(response, field)
})

test('accepts the bounds of responseStatus and search', async ({ client, mock }) => {
  const { environment } = await connect({ client, mock })
  const window = `environmentId=${environment.id}&from=${at(0)}&to=${at(1000)}`
  for (const filter of ['responseStatus=100', 'responseStatus=599', `search=${'x'.repeat(200)}`]) {
    expect((await stats(client, `${window}&${filter}`)).count).toBe(0)
  }
})

test('requires environmentId and scopes it to the caller', async ({ client, mock }) => {
  const environmentId = await seedCalls({ client, mock })
  const window = `from=${at(0)}&to=${at(60_000)}`
  expectInvalid(await client.get(`/v1/requests/stats?${window}`), 'environmentId')
  expectError(
    await client.get(`/v1/requests/stats?environmentId=${environmentId}&${window}`, { token: TOKENS.other }),
    404,
    'not_found',
  )
  expect((await stats(client, `environmentId=${environmentId}&${window}`, TOKENS.member)).count).toBe(12)
  expectError(await client.get(`/v1/requests/stats?environmentId=env_nope&${window}`), 404, 'not_found')
})
