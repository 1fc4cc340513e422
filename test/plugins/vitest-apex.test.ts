import { copyFileSync, cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ORDERS_APEX_MODULE, ORDERS_PACKAGE } from '../support/apex-org.js'
import {
  removeProjects,
  runVitest,
  type TestResult,
  VITEST_PLUGIN,
  writeProject,
} from './support/inline-project.js'

afterAll(removeProjects)

// a client of the org's Apex REST endpoint, as an app under test would have it
const CLIENT = `
export async function placeOrder(instanceUrl, token, order) {
  const response = await fetch(instanceUrl + '/services/apexrest/orders/v1', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(order),
  })
  return { status: response.status, body: await response.json() }
}
`

const SPEC = `
import { test, expect } from '${VITEST_PLUGIN}'
import { placeOrder } from './order-client.mjs'

async function connect(replica) {
  const environment = await replica.seed.environment()
  const response = await fetch(replica.url + '/v1/environments/' + environment.id + '/apps/crm/credentials', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + replica.apiKey },
  })
  return { environment, credentials: await response.json() }
}

test('places an order through the module the plugin loaded, and the event is published', async ({ replica }) => {
  const { environment, credentials } = await connect(replica)
  const placed = await placeOrder(credentials.url, credentials.token, { customer: 'ACME-001', orderNumber: 'V-1', amount: 30 })
  expect(placed).toEqual({ status: 201, body: expect.objectContaining({ orderNumber: 'V-1', status: 'Placed' }) })
  expect(replica).toHavePublished('Order_Placed__e', { Order_Number__c: 'V-1', Amount__c: 30 })
  expect(replica.events(environment.id)).toHaveLength(1)
})

test('a route one test adds is gone in the next', async ({ replica }) => {
  replica.apexRest.use({ 'POST /orders/v1': ({ response }) => { response.statusCode = 503 } })
  const { credentials } = await connect(replica)
  const response = await fetch(credentials.url + '/services/apexrest/orders/v1', { method: 'POST', headers: { authorization: 'Bearer ' + credentials.token } })
  expect(response.status).toBe(503)
})

test('the module serves again after the reset', async ({ replica }) => {
  const { credentials } = await connect(replica)
  const placed = await placeOrder(credentials.url, credentials.token, { customer: 'ACME-001', orderNumber: 'V-2', amount: 0 })
  expect(placed.status).toBe(400)
  expect(placed.body[0].errorCode).toBe('FIELD_CUSTOM_VALIDATION_EXCEPTION')
  expect(replica).not.toHavePublished('Order_Placed__e')
})

test('fails with a readable diff', async ({ replica }) => {
  const { credentials } = await connect(replica)
  await placeOrder(credentials.url, credentials.token, { customer: 'ACME-001', orderNumber: 'V-3', amount: 10 })
  expect(replica).toHavePublished('Order_Placed__e', { Order_Number__c: 'V-4' })
})
`

let result: TestResult

beforeAll(async () => {
  const dir = writeProject('vitest-apex', {
    'vitest.config.ts': `
import { defineConfig } from 'vitest/config'
import { replicaMock } from '${VITEST_PLUGIN}'
export default defineConfig({ plugins: [replicaMock({ schema: './force-app', apex: './apex-handlers.mjs', fidelity: false })] })
`,
    'order-client.mjs': CLIENT,
    'orders.test.ts': SPEC,
  })
  cpSync(ORDERS_PACKAGE, join(dir, 'force-app'), { recursive: true })
  copyFileSync(ORDERS_APEX_MODULE, join(dir, 'apex-handlers.mjs'))
  result = await runVitest(dir)
}, 120_000)

it('loads the apex module named relative to the project root and serves it in every test', () => {
  for (const name of [
    'places an order through the module the plugin loaded, and the event is published',
    'a route one test adds is gone in the next',
    'the module serves again after the reset',
  ]) {
    expect(result.status[`orders.test.ts > ${name}`], result.output).toBe('passed')
  }
})

it('prints a failed toHavePublished as the expected fields against each published event', () => {
  expect(result.status['orders.test.ts > fails with a readable diff']).toBe('failed')
  expect(result.output).toContain(
    'expected Order_Placed__e with {"Order_Number__c": "V-4"} to have been published; the Order_Placed__e events published:',
  )
  expect(result.output).toMatch(/- {2,}"Order_Number__c": "V-4",\n\s*\+ {2,}"Order_Number__c": "V-3",/)
})
