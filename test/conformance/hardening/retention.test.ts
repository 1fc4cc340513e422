/**
 * Issue 15 item 6: memory stays bounded. Idempotency keys are forgotten after 24 hours (mock
 * clock), a deleted environment's data goes at once and its recorded calls once they can no longer
 * be listed, and whole recorded bodies have a cap over every environment.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { callApp, connect, listRecorded, testApp } from '../../support/app-calls.js'

const DAY = 24 * 60 * 60 * 1000
const test = conformanceTest({
  clock: 'manual',
  nativeHandlers: { crm: testApp },
  maxRecordedBodyBytes: 6000,
})

const key = (value: string) => ({ headers: { 'idempotency-key': value } })

test('remembers an idempotency key for 24 hours on the mock clock, then forgets it', async ({
  client,
  mock,
}) => {
  const body = { apps: ['crm'] }
  const first = await client.post('/v1/environments', { json: body, ...key('daily-0001') })
  expect(first.status).toBe(202)
  mock.clock.advance(DAY - 1)
  const replay = await client.post('/v1/environments', { json: body, ...key('daily-0001') })
  expect({ status: replay.status, id: replay.body.id }).toEqual({ status: 200, id: first.body.id })
  mock.clock.advance(1)
  const fresh = await client.post('/v1/environments', { json: body, ...key('daily-0001') })
  expect(fresh.status).toBe(202)
  expect(fresh.body.id).not.toBe(first.body.id)
  expect(mock.exportState().store.collections.idempotencyRecords).toHaveLength(1)
})

test('lets a deleted environment’s data go at once and its calls 24 hours later', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  for (let i = 0; i < 3; i++) await callApp(client, 'POST', '/services/test/echo', token, { json: { i } })
  const [newest] = await listRecorded(client, environment.id)
  expect((await client.delete(`/v1/environments/${environment.id}`)).status).toBe(200)
  expect(mock.exportState().environmentData).not.toHaveProperty([environment.id])
  // still listed (the gateway also records the refused call to the deleted environment)
  await callApp(client, 'GET', '/services/test/echo', token)
  expect(await listRecorded(client, environment.id)).toHaveLength(4)
  mock.clock.advance(DAY - 1)
  expect(await listRecorded(client, environment.id)).toHaveLength(4)
  mock.clock.advance(1)
  expect(await listRecorded(client, environment.id)).toEqual([])
  expect((await client.get(`/v1/requests/${newest!.id}`)).status).toBe(404)
  // nothing more is recorded for it, and the state no longer holds its calls
  await callApp(client, 'GET', '/services/test/echo', token)
  expect(await listRecorded(client, environment.id)).toEqual([])
  expect(mock.exportState().requests.filter((call) => call.environmentId === environment.id)).toEqual([])
})

test('keeps whole bodies up to the total cap, letting the oldest of the largest environment go', async ({
  client,
  mock,
}) => {
  const a = await connect({ client, mock })
  const b = await connect({ client, mock })
  // each call keeps a response body of 1600 bytes (and no request body)
  const call = (token: string) => callApp(client, 'GET', '/services/test/bytes/1600', token)
  for (let i = 0; i < 2; i++) await call(a.token)
  await call(b.token)
  const kept = async (environmentId: string) => {
    const calls = await listRecorded(client, environmentId)
    const coverage = []
    for (const call of calls) {
      const detail = await client.get(`/v1/requests/${call.id}`)
      coverage.push(detail.body.responseBody.coverage as string)
    }
    return coverage
  }
  expect(await kept(a.environment.id)).toEqual(['recorded', 'recorded'])
  expect(await kept(b.environment.id)).toEqual(['recorded'])
  // 6400 bytes is over 6000 in all: a holds as much as b, and is found first; its oldest goes
  await call(b.token)
  expect(await kept(a.environment.id)).toEqual(['recorded', 'omitted'])
  expect(await kept(b.environment.id)).toEqual(['recorded', 'recorded'])
  const [, oldest] = await listRecorded(client, a.environment.id)
  const detail = await client.get(`/v1/requests/${oldest!.id}`)
  expect(detail.body.responseBody.reason).toMatch(/in all/)
})
