/**
 * Stock clients of the org's own endpoints: jsforce's `apex.get/post` and `sobject().create` of a
 * platform event against the standalone server, and the guide's Python program (standard library
 * only) against the real CLI started with `serve --https --apex`.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { listeningUrl, useCliRuns } from '../cli/run-cli.js'
import { CUSTOMER, ORDERS_APEX_MODULE, ORDERS_PACKAGE } from '../support/apex-org.js'
import { useJsforceSession } from '../support/jsforce-session.js'

const session = useJsforceSession(undefined, { schema: ORDERS_PACKAGE, apex: ORDERS_APEX_MODULE })
const start = useCliRuns()

it('jsforce apex.post places an order and apex.get reads it back', async () => {
  const placed = await session.conn.apex.post('/orders/v1', {
    customer: CUSTOMER,
    orderNumber: 'JS-1',
    amount: 99.5,
  })
  expect(placed).toEqual({
    id: expect.any(String),
    orderNumber: 'JS-1',
    customer: 'Acme Corporation',
    status: 'Placed',
  })
  const read = await session.conn.apex.get('/orders/v1/JS-1')
  expect(read).toEqual({
    id: (placed as { id: string }).id,
    name: 'ORD-0001',
    orderNumber: 'JS-1',
    amount: 99.5,
    status: 'Placed',
    customer: 'Acme Corporation',
  })
  expect(session.server.mock.events(session.environment.id, 'Order_Placed__e')).toEqual([
    expect.objectContaining({
      fields: expect.objectContaining({ Order_Number__c: 'JS-1', Amount__c: 99.5 }),
    }),
  ])
})

it("jsforce surfaces the endpoint's errors and an unknown path's NOT_FOUND with their errorCode", async () => {
  await expect(
    session.conn.apex.post('/orders/v1', { customer: CUSTOMER, orderNumber: 'JS-2', amount: -1 }),
  ).rejects.toMatchObject({ errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION' })
  await expect(session.conn.apex.get('/orders/v2/JS-2')).rejects.toMatchObject({
    errorCode: 'NOT_FOUND',
    message: 'Could not find a match for URL /orders/v2/JS-2',
  })
})

it('jsforce publishes a platform event with sobject().create and calls the invocable action', async () => {
  const published = await session.conn.sobject('Order_Placed__e').create({ Order_Number__c: 'JS-3' })
  expect(published).toMatchObject({ success: true, id: expect.stringMatching(/^e0/) })
  const results = await session.conn.requestPost(
    '/services/data/v60.0/actions/custom/apex/Get_Order_Status',
    {
      inputs: [{ orderNumber: 'JS-3' }],
    },
  )
  expect(results).toEqual([
    { actionName: 'Get_Order_Status', errors: null, isSuccess: true, outputValues: { status: 'Unknown' } },
  ])
})

it('the guide’s Python program (urllib) calls the endpoint over `serve --https --apex`', async () => {
  const tlsDir = mkdtempSync(join(tmpdir(), 'replica-apex-tls-'))
  const run = start([
    'serve',
    '--port',
    '0',
    '--quiet',
    '--https',
    '--tls-dir',
    tlsDir,
    '--schema',
    ORDERS_PACKAGE,
    '--apex',
    ORDERS_APEX_MODULE,
  ])
  const url = await listeningUrl(run)
  const stdout = await new Promise<string>((done, fail) => {
    execFile(
      'python3',
      [resolve('docs/snippets/replica_apex_orders.py')],
      { env: { ...process.env, SSL_CERT_FILE: join(tlsDir, 'ca.pem'), REPLICA_URL: url }, timeout: 60_000 },
      (error, out, err) => (error ? fail(new Error(`${error.message}\n${out}\n${err}`)) : done(out)),
    )
  })
  expect(JSON.parse(stdout)).toEqual({
    placed: [201, 'Placed'],
    read: [200, 'Acme Corporation', 42.5],
    refused: [400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION'],
    events: ['PY-1'],
  })
}, 120_000)
