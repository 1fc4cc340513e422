import { ErrorBody } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { callApp, connect, expectRefusal, listRecorded } from '../../support/app-calls.js'

const test = conformanceTest({ clock: 'manual' })

test('answers the next N calls with the queued 5xx from the gateway, then the app again', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  const queued = await client.post('/__replica/faults', {
    token: null,
    json: { kind: 'gateway.error', status: 503, times: 2, message: 'Maintenance' },
  })
  expect(queued.status).toBe(201)
  expect(queued.body).toMatchObject({ kind: 'gateway.error', status: 503, times: 2 })
  for (let i = 0; i < 2; i++) {
    const failed = await callApp(client, 'GET', '/services/data', token)
    expect(expectRefusal(failed, 503, 'upstream_error').message).toBe('Maintenance')
  }
  expect((await callApp(client, 'GET', '/services/data', token)).status).toBe(200)
  const recorded = await listRecorded(client, environment.id)
  expect(recorded.map((call) => [call.responseStatus, call.respondedBy, call.errorCode])).toEqual([
    [200, 'app', null],
    [503, 'gateway', 'upstream_error'],
    [503, 'gateway', 'upstream_error'],
  ])
})

test('defaults an injected error to 502', async ({ client, mock }) => {
  const { token } = await connect({ client, mock })
  mock.faults.add({ kind: 'gateway.error' })
  expectRefusal(await callApp(client, 'GET', '/services/data', token), 502, 'upstream_error')
})

test('targets a fault at one environment and one app name', async ({ client, mock }) => {
  const one = await connect({ client, mock }, { apps: ['crm', { app: 'crm', name: 'billing' }] })
  const two = await connect({ client, mock })
  mock.faults.add({ kind: 'gateway.error', environmentId: one.environment.id, app: 'billing', status: 500 })
  expect((await callApp(client, 'GET', '/services/data', two.token)).status).toBe(200)
  expect((await callApp(client, 'GET', '/services/data', one.token)).status).toBe(200)
  const billing = (await client.post(`/v1/environments/${one.environment.id}/apps/billing/credentials`)).body
  expectRefusal(await callApp(client, 'GET', '/services/data', billing.token), 500, 'upstream_error')
  expect(mock.faults.list()).toEqual([])
})

test('does not spend a fault on a call the gateway refuses anyway', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  mock.faults.add({ kind: 'gateway.error' })
  await client.post(`/v1/environments/${environment.id}/pause`)
  expectRefusal(await callApp(client, 'GET', '/services/data', token), 409, 'environment_paused')
  expect(mock.faults.list()).toHaveLength(1)
})

test('delays the next N calls by the queued latency, recorded in durationMs', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  mock.faults.add({ kind: 'gateway.latency', latencyMs: 25, times: 2 })
  for (let i = 0; i < 3; i++) expect((await callApp(client, 'GET', '/services/data', token)).status).toBe(200)
  const recorded = await listRecorded(client, environment.id)
  // on the manual clock a call takes no mock time beyond the injected latency
  expect(recorded.map((call) => call.durationMs)).toEqual([0, 25, 25])
  expect(Date.parse(recorded[1]!.completedAt) - Date.parse(recorded[1]!.receivedAt)).toBe(25)
})

test('combines latency and an error on the same call', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  mock.faults.add({ kind: 'gateway.latency', latencyMs: 10 })
  mock.faults.add({ kind: 'gateway.error', status: 504 })
  expectRefusal(await callApp(client, 'GET', '/services/data', token), 504, 'upstream_error')
  const [recorded] = await listRecorded(client, environment.id)
  expect(recorded).toMatchObject({ responseStatus: 504, durationMs: 10 })
})

test.for([
  { kind: 'gateway.error', status: 499 },
  { kind: 'gateway.error', status: 600 },
  { kind: 'gateway.latency' },
  { kind: 'gateway.latency', latencyMs: 0 },
  { kind: 'gateway.latency', latencyMs: 120_001 },
  { kind: 'gateway.latency', latencyMs: 5, code: 'start_failed' },
])('rejects the fault %j with 400', async (fault, { client }) => {
  const response = await client.post('/__replica/faults', { token: null, json: fault })
  expect(response.status).toBe(400)
  expect(ErrorBody.parse(response.body).error.code).toBe('invalid_request')
})

test('accepts the bounds of status and latency', async ({ client }) => {
  for (const fault of [
    { kind: 'gateway.error', status: 500 },
    { kind: 'gateway.error', status: 599 },
    { kind: 'gateway.latency', latencyMs: 1 },
    { kind: 'gateway.latency', latencyMs: 120_000 },
  ]) {
    expect((await client.post('/__replica/faults', { token: null, json: fault })).status).toBe(201)
  }
})
