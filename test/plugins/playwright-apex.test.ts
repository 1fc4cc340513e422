import { existsSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ORDERS_APEX_MODULE, ORDERS_PACKAGE } from '../support/apex-org.js'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  PLAYWRIGHT_PLUGIN,
  removeProjects,
  runPlaywright,
  type TestResult,
  writeProject,
} from './support/inline-project.js'

afterAll(removeProjects)

const CONFIG = `
import { defineConfig } from '@playwright/test'
export default defineConfig({
  testDir: '.',
  workers: 1,
  use: {
    launchOptions: { executablePath: ${JSON.stringify(CHROMIUM)}, args: ${JSON.stringify(CHROMIUM_ARGS)} },
    replicaOptions: { schema: ${JSON.stringify(ORDERS_PACKAGE)}, apex: ${JSON.stringify(ORDERS_APEX_MODULE)} },
  },
})
`

// the page is the app under test: it places an order through the org's Apex REST endpoint
const SPEC = `
import { test, expect } from '${PLAYWRIGHT_PLUGIN}'

async function credentials(replica, replicaServer) {
  const environment = await replica.seed.environment()
  const response = await fetch(replicaServer.url + '/v1/environments/' + environment.id + '/apps/crm/credentials', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + replicaServer.apiKey },
  })
  return { environment, ...(await response.json()) }
}

const placeOrder = ([url, token, order]) =>
  fetch(url + '/services/apexrest/orders/v1', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(order),
  }).then(async (response) => ({ status: response.status, body: await response.json() }))

test('the page places an order and the test sees the published event', async ({ page, replica, replicaServer }) => {
  const app = await credentials(replica, replicaServer)
  await page.setContent('<title>shop</title>')
  const placed = await page.evaluate(placeOrder, [app.url, app.token, { customer: 'ACME-001', orderNumber: 'PW-1', amount: 15 }])
  expect(placed).toEqual({ status: 201, body: expect.objectContaining({ orderNumber: 'PW-1' }) })
  const events = await replica.events(app.environment.id, 'Order_Placed__e')
  expect(events.map((event) => event.fields.Order_Number__c)).toEqual(['PW-1'])
})

test('a test replaces the endpoint on the worker mock for itself', async ({ page, replica, replicaServer }) => {
  replicaServer.mock.apexRest.use({ 'POST /orders/v1': ({ response }) => { response.statusCode = 503; return [{ errorCode: 'DOWN', message: 'down' }] } })
  const app = await credentials(replica, replicaServer)
  await page.setContent('<title>shop</title>')
  const placed = await page.evaluate(placeOrder, [app.url, app.token, { customer: 'ACME-001', orderNumber: 'PW-2', amount: 15 }])
  expect(placed.status).toBe(503)
  expect(await replica.events(app.environment.id)).toEqual([])
})
`

let result: TestResult

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Failed to run the Playwright tests: no Chromium at ${CHROMIUM}`)
  result = await runPlaywright(
    writeProject('playwright-apex', { 'playwright.config.ts': CONFIG, 'orders.spec.ts': SPEC }),
  )
}, 180_000)

it('serves the apex module of replicaOptions to the page, and the control client lists the events', () => {
  for (const name of [
    'the page places an order and the test sees the published event',
    'a test replaces the endpoint on the worker mock for itself',
  ]) {
    expect(result.status[`orders.spec.ts > ${name}`], result.output).toBe('passed')
  }
})
