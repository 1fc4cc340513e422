import { conformanceTest, expect } from '../../support/harness.js'
import { expectError } from '../../support/management.js'
import { callApp, connect, listRecorded } from '../../support/app-calls.js'

const test = conformanceTest({ clock: 'manual', maxRecordedCalls: 3 })

test('keeps the newest maxRecordedCalls calls per environment, dropping the oldest first', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  for (let i = 1; i <= 3; i++) await callApp(client, 'GET', `/services/data?n=${i}`, token)
  const full = await listRecorded(client, environment.id)
  expect(full.map((call) => call.query)).toEqual(['n=3', 'n=2', 'n=1'])

  for (let i = 4; i <= 5; i++) await callApp(client, 'GET', `/services/data?n=${i}`, token)
  const after = await listRecorded(client, environment.id)
  expect(after.map((call) => call.query)).toEqual(['n=5', 'n=4', 'n=3'])
  // a dropped call is gone from every operation
  expectError(await client.get(`/v1/requests/${full[2]!.id}`), 404, 'not_found')
  expectError(await client.get(`/v1/requests/${full[1]!.id}/body/response`), 404, 'not_found')
  expect((await client.get(`/v1/requests/${full[0]!.id}`)).status).toBe(200)
})

test('bounds each environment on its own', async ({ client, mock }) => {
  const one = await connect({ client, mock })
  const two = await connect({ client, mock })
  for (let i = 1; i <= 5; i++) await callApp(client, 'GET', `/services/data?n=${i}`, one.token)
  await callApp(client, 'GET', '/services/data?n=only', two.token)
  expect(await listRecorded(client, one.environment.id)).toHaveLength(3)
  expect((await listRecorded(client, two.environment.id)).map((call) => call.query)).toEqual(['n=only'])
})

test('keeps a cursor valid while the ring moves on (dropped calls are skipped)', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  for (let i = 1; i <= 3; i++) await callApp(client, 'GET', `/services/data?n=${i}`, token)
  const first = await client.get(`/v1/requests?environmentId=${environment.id}&limit=1`)
  expect(first.body.data.map((call: { query: string }) => call.query)).toEqual(['n=3'])
  await callApp(client, 'GET', '/services/data?n=4', token)
  const next = await client.get(
    `/v1/requests?environmentId=${environment.id}&limit=5&cursor=${first.body.nextCursor}`,
  )
  expect(next.status).toBe(200)
  expect(next.body).toEqual({ data: [expect.objectContaining({ query: 'n=2' })], nextCursor: null })
})
