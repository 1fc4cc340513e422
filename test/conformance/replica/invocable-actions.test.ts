import type { InvocableActions } from '../../../src/index.js'
import { CUSTOMER, ORDERS_PACKAGE } from '../../support/apex-org.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, query, V } from '../../support/native.js'

const actions: InvocableActions = {
  Place_Orders: {
    label: 'Place Orders',
    description: 'Places an order for each input.',
    inputs: [
      { name: 'orderNumber', type: 'STRING', required: true },
      { name: 'amount', type: 'DOUBLE', label: 'Amount' },
    ],
    outputs: [{ name: 'orderId', type: 'ID' }],
    invoke: ({ inputs, records }) => {
      const [account] = records.query(`SELECT Id FROM Account WHERE External_Id__c = '${CUSTOMER}'`)
      return inputs.map(({ orderNumber, amount }) => ({
        orderId: records.create('Order__c', {
          Account__c: account!.Id,
          Order_Number__c: orderNumber,
          Amount__c: amount,
        }),
      }))
    },
  },
  // the short form: just the function, returning plain values
  Shout: ({ inputs }) => inputs.map((input) => String(input.text).toUpperCase()),
  Miscount: () => [],
}

const test = conformanceTest({ schema: ORDERS_PACKAGE, invocableActions: actions })

test('lists the Apex actions and describes one in the real shapes', async ({ client }) => {
  const app = await connectApp(client)
  expect((await app.get(`${V}/actions`)).body).toEqual({
    standard: `${V}/actions/standard`,
    custom: `${V}/actions/custom`,
  })
  expect((await app.get(`${V}/actions/custom`)).body).toEqual({ apex: `${V}/actions/custom/apex` })
  expect((await app.get(`${V}/actions/custom/apex`)).body).toEqual({
    actions: [
      { label: 'Miscount', name: 'Miscount', type: 'APEX' },
      { label: 'Place Orders', name: 'Place_Orders', type: 'APEX' },
      { label: 'Shout', name: 'Shout', type: 'APEX' },
    ],
  })
  const described = await app.get(`${V}/actions/custom/apex/place_orders`)
  expect(described.status).toBe(200)
  expect(described.body).toEqual({
    description: 'Places an order for each input.',
    inputs: [
      {
        byteLength: 0,
        description: null,
        label: 'orderNumber',
        maxOccurs: 1,
        name: 'orderNumber',
        picklistValues: null,
        required: true,
        sobjectType: null,
        type: 'STRING',
      },
      expect.objectContaining({ name: 'amount', label: 'Amount', type: 'DOUBLE', required: false }),
    ],
    label: 'Place Orders',
    name: 'Place_Orders',
    outputs: [expect.objectContaining({ name: 'orderId', type: 'ID' })],
    standard: false,
    targetEntityName: null,
    type: 'APEX',
  })
  expectNativeError(await app.get(`${V}/actions/custom/apex/Nope`), 404, 'NOT_FOUND')
  expect((await app.get(`${V}/actions/standard`)).body).toEqual({ actions: [] })
})

test('invokes an action once for every input, one result each, in the transaction of the call', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/actions/custom/apex/Place_Orders`, {
    json: {
      inputs: [
        { orderNumber: 'A-1', amount: 10 },
        { orderNumber: 'A-2', amount: 20 },
      ],
    },
  })
  expect(response.status).toBe(200)
  expect(response.body).toEqual([
    {
      actionName: 'Place_Orders',
      errors: null,
      isSuccess: true,
      outputValues: { orderId: expect.any(String) },
    },
    {
      actionName: 'Place_Orders',
      errors: null,
      isSuccess: true,
      outputValues: { orderId: expect.any(String) },
    },
  ])
  const shout = await app.post(`${V}/actions/custom/apex/Shout`, { json: { inputs: [{ text: 'hi' }] } })
  expect(shout.body).toEqual([
    { actionName: 'Shout', errors: null, isSuccess: true, outputValues: { output: 'HI' } },
  ])
})

test('a failing action fails every invocation with the Apex exception (400) and stores none of them', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/actions/custom/apex/Place_Orders`, {
    json: {
      inputs: [
        { orderNumber: 'B-1', amount: 10 },
        { orderNumber: 'B-2', amount: -5 },
      ],
    },
  })
  expect(response.status).toBe(400)
  const failure = {
    statusCode: 'UNKNOWN_EXCEPTION',
    message: expect.stringMatching(
      /^System\.DmlException: Insert failed\. First exception on row 0; first error: FIELD_CUSTOM_VALIDATION_EXCEPTION, Amount must be greater than zero\./,
    ),
    fields: [],
  }
  expect(response.body).toEqual([
    { actionName: 'Place_Orders', errors: [failure], isSuccess: false, outputValues: null },
    { actionName: 'Place_Orders', errors: [failure], isSuccess: false, outputValues: null },
  ])
  expect((await query(app, 'SELECT Id FROM Order__c')).body.totalSize).toBe(0)
  const miscount = await app.post(`${V}/actions/custom/apex/Miscount`, { json: { inputs: [{}] } })
  expect(miscount.status).toBe(400)
  expect(miscount.body[0].errors[0].message).toMatch(/^The number of results does not match/)
})

test('refuses a body that is not { inputs }, an unknown input and a missing required one', async ({
  client,
}) => {
  const app = await connectApp(client)
  const path = `${V}/actions/custom/apex/Place_Orders`
  expectNativeError(await app.post(path, { json: [{ orderNumber: 'x' }] }), 400, 'INVALID_INPUT')
  expectNativeError(await app.post(path, { json: { inputs: [], extra: 1 } }), 400, 'INVALID_INPUT')
  const unknown = await app.post(path, { json: { inputs: [{ orderNumber: 'x', colour: 'red' }] } })
  expect(expectNativeError(unknown, 400, 'INVALID_INPUT').message).toContain('"colour" is not an input')
  const missing = await app.post(path, { json: { inputs: [{ amount: 1 }] } })
  expect(expectNativeError(missing, 400, 'REQUIRED_FIELD_MISSING').fields).toEqual(['orderNumber'])
  expectNativeError(await app.request('PUT', path, { json: { inputs: [] } }), 405, 'METHOD_NOT_ALLOWED')
})

test('an action a test adds serves until reset()', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock.invocableActions.use({ Ping: ({ inputs, user }) => inputs.map(() => ({ user: user.getUserName() })) })
  const ping = await app.post(`${V}/actions/custom/apex/Ping`, { json: { inputs: [{}] } })
  expect(ping.body[0].outputValues.user).toMatch(/^admin@/)
  await mock.reset()
  const again = await connectApp(client)
  expectNativeError(
    await again.post(`${V}/actions/custom/apex/Ping`, { json: { inputs: [{}] } }),
    404,
    'NOT_FOUND',
  )
})

test('runs inside a composite: an allOrNone failure after it rolls back what the action wrote', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite`, {
    json: {
      allOrNone: true,
      compositeRequest: [
        {
          method: 'POST',
          url: `${V}/actions/custom/apex/Place_Orders`,
          referenceId: 'place',
          body: { inputs: [{ orderNumber: 'C-1', amount: 10 }] },
        },
        { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'bad', body: { Nope__c: 1 } },
      ],
    },
  })
  expect(response.status).toBe(200)
  expect(
    response.body.compositeResponse.map((item: { httpStatusCode: number }) => item.httpStatusCode),
  ).toEqual([400, 400])
  expect((await query(app, 'SELECT Id FROM Order__c')).body.totalSize).toBe(0)
})

test('the fidelity report counts invocable action calls as served', async ({ client }) => {
  const app = await connectApp(client)
  await app.post(`${V}/actions/custom/apex/Shout`, { json: { inputs: [{ text: 'a' }] } })
  const report = await client.get('/__replica/fidelity', { token: null })
  expect(report.body.nativeEndpoints).toContainEqual({
    name: 'POST actions/{kind}/{type}/{name}',
    count: expect.any(Number),
  })
  expect(report.body.unemulated).toEqual([])
})
