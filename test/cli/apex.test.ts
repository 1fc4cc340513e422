import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { CUSTOMER, ORDERS_APEX_MODULE, ORDERS_PACKAGE } from '../support/apex-org.js'
import { createAppCredentials, listeningUrl, useCliRuns, waitForOutput } from './run-cli.js'

const start = useCliRuns()
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

it('serves the Apex REST routes and invocable actions of the --apex module', async () => {
  const run = start([
    'serve',
    '--port',
    '0',
    '--quiet',
    '--schema',
    ORDERS_PACKAGE,
    '--apex',
    ORDERS_APEX_MODULE,
  ])
  const app = await createAppCredentials(await listeningUrl(run))
  const headers = { ...app.headers, 'content-type': 'application/json' }
  const placed = await fetch(`${app.url}/services/apexrest/orders/v1`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ customer: CUSTOMER, orderNumber: 'CLI-1', amount: 12.5 }),
  })
  expect(placed.status).toBe(201)
  expect(await placed.json()).toMatchObject({
    orderNumber: 'CLI-1',
    customer: 'Acme Corporation',
    status: 'Placed',
  })
  const status = await fetch(`${app.url}/services/data/v60.0/actions/custom/apex/Get_Order_Status`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ inputs: [{ orderNumber: 'CLI-1' }, { orderNumber: 'CLI-2' }] }),
  })
  expect((await status.json()).map((result: { outputValues: unknown }) => result.outputValues)).toEqual([
    { status: 'Placed' },
    { status: 'Unknown' },
  ])
})

it('loads the --apex module again when it changes with --watch, keeping the last good one on a broken edit', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replica-mock-apex-'))
  made.push(dir)
  const module = join(dir, 'apex-handlers.mjs')
  writeFileSync(module, "export const apexRest = { 'GET /version': () => ({ version: 1 }) }\n")
  const run = start(['serve', '--port', '0', '--apex', module, '--watch'])
  const app = await createAppCredentials(await listeningUrl(run))
  const version = async () =>
    (await (await fetch(`${app.url}/services/apexrest/version`, { headers: app.headers })).json()).version
  expect(await version()).toBe(1)

  writeFileSync(module, "export const apexRest = { 'GET /version': () => ({ version: 2 }) }\n")
  await waitForOutput(run, (out) => out.includes(`replica-mock reloaded ${module}`))
  expect(await version()).toBe(2)

  writeFileSync(module, 'export const apexRest = { oops\n')
  await waitFor(() => run.stderr().includes('Failed to load the Apex module'))
  expect(await version()).toBe(2)
})

it('refuses --watch without --apex, and a module that exports neither routes nor actions', async () => {
  const usage = start(['serve', '--port', '0', '--watch'])
  expect(await usage.exited).toBe(2)
  expect(usage.stderr()).toContain('--watch reloads the --apex module; it needs --apex')

  const dir = mkdtempSync(join(tmpdir(), 'replica-mock-apex-'))
  made.push(dir)
  const empty = join(dir, 'empty.mjs')
  writeFileSync(empty, 'export const other = 1\n')
  const failed = start(['serve', '--port', '0', '--apex', empty])
  expect(await failed.exited).toBe(1)
  expect(failed.stderr()).toContain('exports neither `apexRest` nor `invocableActions`')
})

async function waitFor(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error('Failed to see it happen in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
