/**
 * A marked start (`POST /__replica/start`, `mock.markStart()`): `reset()` comes back to the whole
 * state as it was at the mark, however often, and `DELETE /__replica/start` makes the fixture the
 * start again.
 */
import { StateDocument } from '../../../src/runtime/state-document.js'
import { listRecorded } from '../../support/app-calls.js'
import type { Client } from '../../support/client.js'
import { createEnvironment, createSnapshot, expectError } from '../../support/management.js'
import { type AppConnection, connectApp, createRecord, V } from '../../support/native.js'
import { expect, test } from '../../support/harness.js'

const control = { token: null }

async function markStart(client: Client) {
  const response = await client.post('/__replica/start', control)
  expect(response.status).toBe(200)
  expect(response.body).toEqual({ ok: true })
}

async function reset(client: Client) {
  expect((await client.post('/__replica/reset', control)).status).toBe(200)
}

async function accountName(app: AppConnection, id: string) {
  const response = await app.get(`${V}/sobjects/Account/${id}`)
  return response.status === 200 ? (response.body as { Name: string }).Name : response.status
}

/** The parts of the state a start holds whatever the clock did meanwhile. */
async function stateWithoutClock(client: Client) {
  const { clock: _clock, ...rest } = StateDocument.parse((await client.get('/__replica/state', control)).body)
  return rest
}

test('reset comes back to the marked start: records, environments, snapshots and calls as they were', async ({
  client,
}) => {
  const app = await connectApp(client)
  const kept = await createRecord(app, 'Account', { Name: 'Kept' })
  const removed = await createRecord(app, 'Account', { Name: 'Removed later' })
  await markStart(client)
  const atMark = await stateWithoutClock(client)
  const callsAtMark = await listRecorded(client, app.environment.id)

  expect((await app.patch(`${V}/sobjects/Account/${kept}`, { json: { Name: 'Changed' } })).status).toBe(204)
  expect((await app.delete(`${V}/sobjects/Account/${removed}`)).status).toBe(204)
  const created = await createRecord(app, 'Account', { Name: 'Made after the mark' })
  const other = await createEnvironment(client)
  const snapshot = await createSnapshot(client, app.environment.id)

  await reset(client)

  expect(await accountName(app, kept)).toBe('Kept')
  expect(await accountName(app, removed)).toBe('Removed later')
  expect(await accountName(app, created)).toBe(404)
  expectError(await client.get(`/v1/environments/${other.id}`), 404, 'not_found')
  expectError(await client.get(`/v1/snapshots/${snapshot.id}`), 404, 'not_found')
  // the reads above were recorded after the reset: the calls at the mark come first, unchanged
  const calls = await listRecorded(client, app.environment.id)
  expect(calls.slice(-callsAtMark.length)).toEqual(callsAtMark)
  await reset(client)
  expect(await stateWithoutClock(client)).toEqual(atMark)
})

test('comes back to the start after every test, whatever each one changed', async ({ client }) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Account', { Name: 'Start' })
  await markStart(client)
  for (const name of ['First test', 'Second test', 'Third test']) {
    expect(await accountName(app, id)).toBe('Start')
    expect((await app.patch(`${V}/sobjects/Account/${id}`, { json: { Name: name } })).status).toBe(204)
    await createEnvironment(client)
    await reset(client)
  }
  expect(await accountName(app, id)).toBe('Start')
  const list = await client.get('/v1/environments')
  expect((list.body as { data: unknown[] }).data).toHaveLength(1)
})

test('brings back the lifecycle delays, faults and clock of the mark', async ({ client }) => {
  await client.post('/__replica/clock', { ...control, json: { mode: 'manual' } })
  await client.post('/__replica/clock', { ...control, json: { set: '2026-05-01T10:00:00.000Z' } })
  await client.put('/__replica/lifecycle', { ...control, json: { startMs: 5000 } })
  const fault = { kind: 'environment.start', code: 'start_failed', times: 2 }
  expect((await client.post('/__replica/faults', { ...control, json: fault })).status).toBe(201)
  await markStart(client)

  await client.post('/__replica/clock', { ...control, json: { advanceMs: 3_600_000 } })
  await client.put('/__replica/lifecycle', { ...control, json: { startMs: 0 } })
  await client.delete('/__replica/faults', control)
  await reset(client)

  expect((await client.get('/__replica/clock', control)).body).toEqual({
    mode: 'manual',
    now: '2026-05-01T10:00:00.000Z',
  })
  expect((await client.get('/__replica/lifecycle', control)).body).toMatchObject({ startMs: 5000 })
  expect((await client.get('/__replica/faults', control)).body).toMatchObject({ data: [fault] })
})

test('DELETE /__replica/start makes the fixture the start again, leaving the state as it is', async ({
  client,
}) => {
  const environment = await createEnvironment(client)
  await markStart(client)
  const response = await client.delete('/__replica/start', control)
  expect(response.status).toBe(200)
  expect(response.body).toEqual({ ok: true })
  expect((await client.get(`/v1/environments/${environment.id}`)).status).toBe(200)
  await reset(client)
  expectError(await client.get(`/v1/environments/${environment.id}`), 404, 'not_found')
})

test('mock.markStart() keeps records seeded in-process; reset() brings them back after writes', async ({
  mock,
}) => {
  const environment = await mock.seed.environment({ name: 'seeded' })
  const records = () => mock.records(environment.id)
  const ids = records().insert(
    'Account',
    Array.from({ length: 500 }, (_, i) => ({ Name: `Account ${i}` })),
  )
  const atMark = records().count('Account')
  await mock.markStart()
  records().update('Account', ids[0]!, { Name: 'Touched' })
  records().delete('Account', ids[1]!)
  records().create('Account', { Name: 'New' })
  await mock.reset()
  expect(records().get('Account', ids[0]!)?.Name).toBe('Account 0')
  expect(records().get('Account', ids[1]!)?.Name).toBe('Account 1')
  expect(records().count('Account')).toBe(atMark)
  expect(records().query("SELECT Id FROM Account WHERE Name = 'New'")).toEqual([])

  mock.unmarkStart()
  await mock.reset()
  expect(await mock.environments.get(environment.id)).toBeUndefined()
})

test('mark and reset take effect in the order they are called, even when not awaited one by one', async ({
  mock,
}) => {
  const environment = await mock.seed.environment({ name: 'marked' })
  const marking = mock.markStart()
  const resetting = mock.reset()
  await Promise.all([marking, resetting])
  expect((await mock.environments.get(environment.id))?.name).toBe('marked')
  await mock.seed.environment({ name: 'after the mark' })
  await mock.reset()
  expect((await mock.environments.all()).map((found) => found.name)).toEqual(['marked'])
  void mock.markStart()
  mock.unmarkStart()
  await mock.reset()
  expect(await mock.environments.all()).toEqual([])
})
