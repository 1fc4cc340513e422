import type { ApexRestRoutes } from '../../../src/index.js'
import { CUSTOMER, ORDERS_PACKAGE } from '../../support/apex-org.js'
import { expectInvalidSession, expectRefusal, listRecorded } from '../../support/app-calls.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, expectNativeError, query } from '../../support/native.js'

const quote = (value: string) => `'${value.replaceAll("'", "\\'")}'`

const routes: ApexRestRoutes = {
  'GET /echo/v1/:id/*': ({ request, params, user }) => ({
    params,
    method: request.httpMethod,
    requestURI: request.requestURI,
    resourcePath: request.resourcePath,
    query: request.params,
    header: request.headers['x-trace'] ?? null,
    authorization: request.headers.authorization ?? null,
    user: {
      actor: user.actor,
      id: user.getUserId(),
      userName: user.getUserName(),
      name: user.getName(),
      organizationId: user.getOrganizationId(),
    },
  }),
  // places two orders in one call: a rule that refuses the second undoes the first
  'POST /orders/v1/pair': ({ request, records, eventBus }) => {
    const { amounts } = request.body as { amounts: number[] }
    const [account] = records.query(`SELECT Id FROM Account WHERE External_Id__c = ${quote(CUSTOMER)}`)
    return amounts.map((amount, at) => {
      const orderNumber = `PAIR-${at}`
      eventBus.publish('Order_Placed__e', { Order_Number__c: orderNumber, Amount__c: amount })
      return records.create('Order__c', {
        Account__c: account!.Id,
        Order_Number__c: orderNumber,
        Amount__c: amount,
      })
    })
  },
  'POST /orders/v1/then-throw': async ({ records }) => {
    const [account] = records.query(`SELECT Id FROM Account WHERE External_Id__c = ${quote(CUSTOMER)}`)
    records.create('Order__c', { Account__c: account!.Id, Order_Number__c: 'THROWN', Amount__c: 5 })
    await new Promise((resolve) => setTimeout(resolve, 5))
    throw new RangeError('Order THROWN cannot ship')
  },
  'POST /orders/v1/caught': ({ records, response }) => {
    try {
      records.create('Order__c', { Order_Number__c: 'NO-ACCOUNT', Amount__c: 5 })
      return { ok: true }
    } catch (error) {
      const dml = error as Error & { code: string; fields: string[] }
      response.statusCode = 400
      return [{ errorCode: dml.code, message: dml.message, fields: dml.fields, name: dml.name }]
    }
  },
  'PUT /responses/created': ({ response }) => {
    response.statusCode = 201
    response.addHeader('X-Order', 'ORD-1')
    return { created: true }
  },
  'PUT /responses/text': ({ response }) => {
    response.statusCode = 202
    response.headers['Content-Type'] = 'text/plain'
    response.responseBody = 'accepted'
  },
  'PUT /responses/nothing': () => undefined,
  'PUT /responses/odd-status': ({ response }) => {
    response.statusCode = 299
    return {}
  },
  'GET /slow': () => new Promise((resolve) => setTimeout(resolve, 2_000)),
  'POST /slow': async ({ records }) => {
    records.create('Account', { Name: 'Created before the time ran out' })
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  },
}

const test = conformanceTest({ schema: ORDERS_PACKAGE, apexRest: routes, apexTimeoutMs: 300 })

async function orderNumbers(app: AppConnection): Promise<string[]> {
  const response = await query(app, 'SELECT Order_Number__c FROM Order__c ORDER BY Order_Number__c')
  return response.body.records.map((row: { Order_Number__c: string }) => row.Order_Number__c)
}

test('serves a registered route with its path parameters, the request as RestRequest and the caller as UserInfo', async ({
  client,
}) => {
  const app = await connectApp(client, { actorId: 'integration' })
  const response = await app.get('/services/apexrest/echo/v1/42/lines/7?expand=true&expand=false', {
    headers: { 'x-trace': 't-1' },
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/json;charset=UTF-8')
  expect(response.body).toEqual({
    params: { id: '42', '*': 'lines/7' },
    method: 'GET',
    requestURI: '/echo/v1/42/lines/7',
    resourcePath: '/services/apexrest/echo/v1/*/*',
    query: { expand: 'false' },
    header: 't-1',
    authorization: null,
    user: {
      actor: 'integration',
      id: '005Rm0000000002IAA',
      userName: expect.stringMatching(/^integration@/),
      name: 'Integration User',
      organizationId: expect.stringMatching(/^00D/),
    },
  })
})

test("a handler's writes obey the org's validation rules, and a refused one rolls back every write and event of the call", async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const refused = await app.post('/services/apexrest/orders/v1/pair', { json: { amounts: [10, -1] } })
  expect(refused.status).toBe(500)
  expect(refused.body).toEqual([
    {
      errorCode: 'APEX_ERROR',
      message:
        'System.DmlException: Insert failed. First exception on row 0; first error: FIELD_CUSTOM_VALIDATION_EXCEPTION, Amount must be greater than zero.: [Amount__c]',
    },
  ])
  expect(await orderNumbers(app)).toEqual([])
  expect(mock.events(app.environment.id)).toEqual([])

  const placed = await app.post('/services/apexrest/orders/v1/pair', { json: { amounts: [10, 20] } })
  expect(placed.status).toBe(200)
  expect(placed.body).toEqual([expect.stringMatching(/^a[0-9A-Za-z]{17}$/), expect.any(String)])
  expect(await orderNumbers(app)).toEqual(['PAIR-0', 'PAIR-1'])
  expect(
    mock.events(app.environment.id).map((event) => [event.replayId, event.fields.Order_Number__c]),
  ).toEqual([
    [1, 'PAIR-0'],
    [2, 'PAIR-1'],
  ])
})

test('an uncaught throw after an await is APEX_ERROR 500 naming the exception, and nothing of the call is stored', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post('/services/apexrest/orders/v1/then-throw', { json: {} })
  expectNativeError(response, 500, 'APEX_ERROR')
  expect(response.body[0].message).toBe('RangeError: Order THROWN cannot ship')
  expect(await orderNumbers(app)).toEqual([])
})

test('a caught DmlException carries the error code and fields, and the handler answers its own status', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post('/services/apexrest/orders/v1/caught', { json: {} })
  expect(response.status).toBe(400)
  expect(response.body).toEqual([
    {
      errorCode: 'REQUIRED_FIELD_MISSING',
      message: expect.stringContaining(
        'Insert failed. First exception on row 0; first error: REQUIRED_FIELD_MISSING',
      ),
      fields: ['Account__c'],
      name: 'System.DmlException',
    },
  ])
})

test("answers a returned value as JSON with RestResponse's status and headers, or the responseBody as set", async ({
  client,
}) => {
  const app = await connectApp(client)
  const created = await app.request('PUT', '/services/apexrest/responses/created')
  expect([created.status, created.headers.get('x-order'), created.body]).toEqual([
    201,
    'ORD-1',
    { created: true },
  ])
  const text = await app.request('PUT', '/services/apexrest/responses/text')
  expect([text.status, text.headers.get('content-type'), text.text]).toEqual([202, 'text/plain', 'accepted'])
  const nothing = await app.request('PUT', '/services/apexrest/responses/nothing')
  expect([nothing.status, nothing.text]).toEqual([200, ''])
  const odd = await app.request('PUT', '/services/apexrest/responses/odd-status')
  expect([odd.status, odd.body]).toEqual([
    500,
    [{ errorCode: 'INTERNAL_SERVER_ERROR', message: 'Invalid status code for HTTP response: 299' }],
  ])
})

test('an unregistered path answers NOT_FOUND, a registered one without the method METHOD_NOT_ALLOWED', async ({
  client,
}) => {
  const app = await connectApp(client)
  const missing = await app.get('/services/apexrest/orders/v2/1')
  expect([missing.status, missing.body]).toEqual([
    404,
    [{ message: 'Could not find a match for URL /orders/v2/1', errorCode: 'NOT_FOUND' }],
  ])
  // mappings are case-sensitive, as Apex's urlMapping is
  expectNativeError(await app.get('/services/apexrest/ECHO/v1/1'), 404, 'NOT_FOUND')
  const wrongMethod = await app.delete('/services/apexrest/responses/created')
  expect(expectNativeError(wrongMethod, 405, 'METHOD_NOT_ALLOWED').message).toBe(
    "HTTP Method 'DELETE' not allowed. Allowed are PUT",
  )
})

test('routes a test adds serve until reset(), in front of the configured ones', async ({ client, mock }) => {
  const app = await connectApp(client)
  mock.apexRest.use({
    'GET /echo/v1/:id/*': () => ({ replaced: true }),
    'GET /ping': ({ user }) => ({ pong: user.getUserName() }),
  })
  expect((await app.get('/services/apexrest/echo/v1/1/2')).body).toEqual({ replaced: true })
  expect((await app.get('/services/apexrest/ping')).body).toEqual({ pong: expect.stringMatching(/^admin@/) })
  await mock.reset()
  const again = await connectApp(client)
  expectNativeError(await again.get('/services/apexrest/ping'), 404, 'NOT_FOUND')
  expect((await again.get('/services/apexrest/echo/v1/1/2')).body).toMatchObject({ params: { id: '1' } })
})

test('a call past apexTimeoutMs fails with System.LimitException and rolls back what it wrote', async ({
  client,
}) => {
  const app = await connectApp(client)
  const slow = await app.get('/services/apexrest/slow')
  expect([slow.status, slow.body]).toEqual([
    500,
    [{ errorCode: 'APEX_ERROR', message: 'System.LimitException: Apex CPU time limit exceeded' }],
  ])
  expectNativeError(await app.post('/services/apexrest/slow', { json: {} }), 500, 'APEX_ERROR')
  const accounts = await query(app, "SELECT Id FROM Account WHERE Name = 'Created before the time ran out'")
  expect(accounts.body.totalSize).toBe(0)
})

test('the gateway rules hold: a call needs the token, a queued fault answers for the app, and every call is recorded', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  expectInvalidSession(await client.get('/services/apexrest/echo/v1/1/2', { token: null }))
  mock.faults.add({ kind: 'gateway.error', status: 503, message: 'Maintenance' })
  expectRefusal(await app.get('/services/apexrest/echo/v1/1/2'), 503, 'upstream_error')
  expect((await app.get('/services/apexrest/echo/v1/1/2')).status).toBe(200)
  const recorded = await listRecorded(client, app.environment.id)
  const path = `/apps/${app.environment.id}/crm/services/apexrest/echo/v1/1/2`
  expect(
    recorded.slice(0, 2).map((call) => [call.method, call.path, call.responseStatus, call.respondedBy]),
  ).toEqual([
    ['GET', path, 200, 'app'],
    ['GET', path, 503, 'gateway'],
  ])
})

test('the fidelity report counts Apex REST calls as served', async ({ client }) => {
  const app = await connectApp(client)
  const served = async () => {
    const report = await client.get('/__replica/fidelity', { token: null })
    expect(report.status).toBe(200)
    expect(report.body.nativeEndpointsNotExercised).not.toContain('apexrest')
    // a path the org's code does not serve is the org's NOT_FOUND, not something the replica lacks
    expect(report.body.unemulated).toEqual([])
    return (
      report.body.nativeEndpoints.find((item: { name: string }) => item.name === 'GET apexrest')?.count ?? 0
    )
  }
  const before = await served()
  await app.get('/services/apexrest/echo/v1/1/2')
  await app.get('/services/apexrest/nowhere')
  expect(await served()).toBe(before + 2)
})
