import { stripVTControlCharacters } from 'node:util'
import { eventMatchers } from '../../../plugins/vitest/event-matchers.js'
import { ORDERS_PACKAGE } from '../../support/apex-org.js'
import type { Client } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, createSnapshot, expectError } from '../../support/management.js'
import { type AppConnection, connectApp, connectTo, expectNativeError, V } from '../../support/native.js'

expect.extend(eventMatchers)

const test = conformanceTest({
  clock: 'manual',
  schema: ORDERS_PACKAGE,
  apexRest: {
    'POST /orders/v1/:number/placed': ({ params, eventBus }) =>
      eventBus.publish('Order_Placed__e', { Order_Number__c: params.number }),
  },
})

test.beforeEach(({ client }) => {
  control = client
})

const placed = (orderNumber: string, extra: Record<string, unknown> = {}) => ({
  attributes: { type: 'Order_Placed__e' },
  Order_Number__c: orderNumber,
  ...extra,
})

let control: Client

/** `GET /__replica/environments/{id}/events` of the app's environment. */
function controlEvents(app: AppConnection, query = '') {
  return control.get(`/__replica/environments/${app.environment.id}/events${query}`, { token: null })
}

test('publishes through POST /sobjects/{event}: 201 with the id and the EventUuid as OPERATION_ENQUEUED', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/sobjects/order_placed__e`, {
    json: { order_number__c: '42', Amount__c: '19.5' },
  })
  expect(response.status).toBe(201)
  expect(response.body).toEqual({
    id: expect.stringMatching(/^e0[0-9A-Za-z]{16}$/),
    success: true,
    errors: [
      { statusCode: 'OPERATION_ENQUEUED', message: expect.stringMatching(/^[0-9a-f-]{36}$/), fields: [] },
    ],
  })
  const [event] = mock.events(app.environment.id)
  expect(event).toEqual({
    type: 'Order_Placed__e',
    replayId: 1,
    id: response.body.id,
    publishedAt: mock.clock.now().toISOString(),
    environmentId: app.environment.id,
    app: 'crm',
    fields: {
      Order_Number__c: '42',
      Amount__c: 19.5,
      Account_Id__c: null,
      CreatedDate: mock.clock.now().toISOString().replace('Z', '+0000'),
      CreatedById: '005Rm0000000001IAA',
      EventUuid: response.body.errors[0].message,
    },
  })
})

test('checks the fields as the schema says, and publishes nothing it refuses', async ({ client, mock }) => {
  const app = await connectApp(client)
  const path = `${V}/sobjects/Order_Placed__e`
  expectNativeError(
    await app.post(path, { json: { Order_Number__c: '1', Colour__c: 'red' } }),
    400,
    'INVALID_FIELD',
  )
  const missing = expectNativeError(
    await app.post(path, { json: { Amount__c: 1 } }),
    400,
    'REQUIRED_FIELD_MISSING',
  )
  expect(missing.fields).toEqual(['Order_Number__c'])
  expectNativeError(
    await app.post(path, { json: { Order_Number__c: 'x'.repeat(21) } }),
    400,
    'STRING_TOO_LONG',
  )
  expectNativeError(
    await app.post(path, { json: { Order_Number__c: '1', Amount__c: {} } }),
    400,
    'JSON_PARSER_ERROR',
  )
  const system = await app.post(path, { json: { Order_Number__c: '1', ReplayId: '9' } })
  expect(expectNativeError(system, 400, 'INVALID_FIELD_FOR_INSERT_UPDATE').fields).toEqual(['ReplayId'])
  expect(mock.events(app.environment.id)).toEqual([])
  // an event is no record: it is published, never described, read or queried
  expectNativeError(await app.get(`${V}/sobjects/Order_Placed__e/describe`), 501, 'FEATURE_NOT_ENABLED')
  expectNativeError(await app.get(`${V}/sobjects/Order_Placed__e/e00Rm0000000001IAA`), 404, 'NOT_FOUND')
})

test('lists events published through REST, composite, sObject Collections and a handler in order', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  await app.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: 'REST' } })
  const composite = await app.post(`${V}/composite`, {
    json: {
      compositeRequest: [
        {
          method: 'POST',
          url: `${V}/sobjects/Order_Placed__e`,
          referenceId: 'one',
          body: { Order_Number__c: 'C-1' },
        },
        {
          method: 'POST',
          url: `${V}/sobjects/Order_Placed__e`,
          referenceId: 'two',
          body: { Order_Number__c: 'C-2' },
        },
      ],
    },
  })
  expect(
    composite.body.compositeResponse.map((item: { httpStatusCode: number }) => item.httpStatusCode),
  ).toEqual([201, 201])
  const collections = await app.post(`${V}/composite/sobjects`, {
    json: {
      records: [placed('S-1'), { attributes: { type: 'Account' }, Name: 'Beside an event' }, placed('S-2')],
    },
  })
  expect(collections.body).toEqual([
    {
      id: expect.stringMatching(/^e0/),
      success: true,
      errors: [expect.objectContaining({ statusCode: 'OPERATION_ENQUEUED' })],
    },
    { id: expect.stringMatching(/^001/), success: true, errors: [] },
    {
      id: expect.stringMatching(/^e0/),
      success: true,
      errors: [expect.objectContaining({ statusCode: 'OPERATION_ENQUEUED' })],
    },
  ])
  const handler = await app.post('/services/apexrest/orders/v1/H-1/placed', { json: {} })
  expect(handler.body).toEqual({ id: expect.stringMatching(/^e0/), success: true, errors: [] })

  const listed = await controlEvents(app)
  expect(listed.status).toBe(200)
  expect(
    listed.body.data.map((event: { replayId: number; fields: { Order_Number__c: string } }) => [
      event.replayId,
      event.fields.Order_Number__c,
    ]),
  ).toEqual([
    [1, 'REST'],
    [2, 'C-1'],
    [3, 'C-2'],
    [4, 'S-1'],
    [5, 'S-2'],
    [6, 'H-1'],
  ])
  expect(
    (await controlEvents(app, '?type=ORDER_PLACED__E&after=4')).body.data.map(
      (e: { replayId: number }) => e.replayId,
    ),
  ).toEqual([5, 6])
  expect((await controlEvents(app, '?type=Other__e')).body.data).toEqual([])
  expect(mock.events(app.environment.id, 'order_placed__e')).toEqual(listed.body.data)
  // every live environment's, as the inspector's Events tab reads them
  const all = await control.get('/__replica/events?type=Order_Placed__e', { token: null })
  expect(all.body.data).toEqual(listed.body.data)
  expectError(
    await control.get('/__replica/environments/env_missing/events', { token: null }),
    404,
    'not_found',
  )
  expectError(await control.get('/__replica/events?after=soon', { token: null }), 400, 'invalid_request')
})

test('an allOrNone failure takes back the events published before it', async ({ client, mock }) => {
  const app = await connectApp(client)
  const composite = await app.post(`${V}/composite`, {
    json: {
      allOrNone: true,
      compositeRequest: [
        {
          method: 'POST',
          url: `${V}/sobjects/Order_Placed__e`,
          referenceId: 'one',
          body: { Order_Number__c: 'GONE' },
        },
        { method: 'POST', url: `${V}/sobjects/Order_Placed__e`, referenceId: 'two', body: {} },
      ],
    },
  })
  expect(composite.status).toBe(200)
  const collections = await app.post(`${V}/composite/sobjects`, {
    json: { allOrNone: true, records: [placed('GONE-TOO'), placed('x'.repeat(30))] },
  })
  expect(collections.body.map((result: { success: boolean }) => result.success)).toEqual([false, false])
  expect(mock.events(app.environment.id)).toEqual([])
  await app.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: 'KEPT' } })
  // the replay ids of events taken back are given back
  expect(mock.events(app.environment.id).map((event) => event.replayId)).toEqual([1])
})

test('events survive a snapshot round trip and a state export and import, and reset() drops them', async ({
  client,
  mock,
}) => {
  const source = await createEnvironment(client)
  const app = await connectTo(client, source)
  await app.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: 'SNAP-1' } })
  await app.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: 'SNAP-2' } })
  const before = mock.events(source.id)
  const snapshot = await createSnapshot(client, source.id)
  mock.clock.advance(100)

  const restored = await connectTo(client, await createEnvironment(client, { snapshotId: snapshot.id }))
  const restoredEvents = (await controlEvents(restored)).body.data
  expect(restoredEvents).toEqual(
    before.map((event) => ({ ...event, environmentId: restored.environment.id })),
  )
  await restored.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: 'AFTER' } })
  expect(mock.events(restored.environment.id).map((event) => event.replayId)).toEqual([1, 2, 3])
  expect(mock.events(source.id)).toHaveLength(2)

  const state = JSON.parse(JSON.stringify(mock.exportState()))
  await mock.reset()
  expectError(await controlEvents(app), 404, 'not_found')
  await mock.importState(state)
  expect(mock.events(source.id)).toEqual(before)
  expect(mock.events(restored.environment.id)).toHaveLength(3)
})

test('a bad event list in an imported state is refused and changes nothing', async ({ client, mock }) => {
  const app = await connectApp(client)
  await app.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: 'KEEP' } })
  const state = JSON.parse(JSON.stringify(mock.exportState()))
  state.environmentData[app.environment.id].crm.platformEvents.published[0].replayId = 'one'
  const response = await client.put('/__replica/state', { token: null, json: state })
  expectError(response, 400, 'invalid_request')
  expect(response.body.error.message).toContain('platform events')
  expect(mock.events(app.environment.id).map((event) => event.fields.Order_Number__c)).toEqual(['KEEP'])
})

test('toHavePublished passes on a published event and fails with a readable diff', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  expect(() => expect(mock).toHavePublished('Order_Placed__e')).toThrowError(
    'expected Order_Placed__e to have been published, but no event was published',
  )
  await app.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: '41', Amount__c: 5 } })
  await app.post(`${V}/sobjects/Order_Placed__e`, { json: { Order_Number__c: '42', Amount__c: 7 } })

  expect(mock).toHavePublished('Order_Placed__e', { Order_Number__c: '42' })
  expect(mock).toHavePublished(
    'order_placed__e',
    { Order_Number__c: expect.stringMatching(/^4/) },
    { times: 2 },
  )
  expect(mock).toHavePublished('Order_Placed__e', { Amount__c: 7 }, { environmentId: app.environment.id })
  expect(mock).not.toHavePublished('Order_Placed__e', { Order_Number__c: '43' })

  let message = ''
  try {
    expect(mock).toHavePublished('Order_Placed__e', { Order_Number__c: '43', Amount__c: 7 })
  } catch (error) {
    message = stripVTControlCharacters((error as Error).message)
  }
  expect(message).toContain(
    'expected Order_Placed__e with {"Amount__c": 7, "Order_Number__c": "43"} to have been published; the Order_Placed__e events published:',
  )
  expect(message).toContain(`Order_Placed__e #1 (environment ${app.environment.id}):`)
  expect(message).toContain(`Order_Placed__e #2 (environment ${app.environment.id}):`)
  // the diff names each field that differs, expected against published
  expect(message).toMatch(/-\s+"Order_Number__c": "43",\n\+\s+"Order_Number__c": "42",/)
  expect(() => expect(mock).not.toHavePublished('Order_Placed__e', { Order_Number__c: '42' })).toThrowError(
    /expected no Order_Placed__e with .* to have been published, but found 1/,
  )
  expect(() => expect([]).toHavePublished('Other__e')).toThrowError('but no event was published')
})

test('a handler publishes as the caller, inside the call: a throw after it publishes nothing', async ({
  client,
  mock,
}) => {
  mock.apexRest.use({
    'POST /orders/v1/fail': ({ eventBus }) => {
      eventBus.publish('Order_Placed__e', { Order_Number__c: 'NEVER' })
      throw new Error('after publishing')
    },
    'POST /orders/v1/bad-event': ({ eventBus }) => eventBus.publish('Order_Placed__e', { Amount__c: 1 }),
  })
  const app = await connectApp(client, { actorId: 'integration' })
  expectNativeError(await app.post('/services/apexrest/orders/v1/fail', { json: {} }), 500, 'APEX_ERROR')
  const bad = await app.post('/services/apexrest/orders/v1/bad-event', { json: {} })
  expect(bad.body).toEqual({
    id: null,
    success: false,
    errors: [
      {
        statusCode: 'REQUIRED_FIELD_MISSING',
        message: 'Required fields are missing: [Order_Number__c]',
        fields: ['Order_Number__c'],
      },
    ],
  })
  await app.post('/services/apexrest/orders/v1/ok/placed', { json: {} })
  expect(mock.events(app.environment.id)).toEqual([
    expect.objectContaining({
      replayId: 1,
      fields: expect.objectContaining({ Order_Number__c: 'ok', CreatedById: '005Rm0000000002IAA' }),
    }),
  ])
})
