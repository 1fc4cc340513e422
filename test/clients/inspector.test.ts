/**
 * The web inspector (`/__replica/ui`) in Debian's Chromium: each view against a seeded state,
 * the filters, the clock control, reset and state download, the admin token, in-process page
 * routing, and 10k recorded calls. Screenshots go to .tmp/inspector-screenshots and are attached
 * to the test report.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { afterAll, beforeAll, beforeEach, describe, expect, it, type TestContext } from 'vitest'
import { createReplicaMock, type ReplicaMock } from '../../src/index.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'
import { CHROMIUM, CHROMIUM_ARGS, ROOT } from '../plugins/support/inline-project.js'
import { UNCOMPILABLE_PROJECT } from '../support/org-schema.js'

const hasBrowser = existsSync(CHROMIUM)
const inCi = process.env.CI === 'true' || process.env.CI === '1'
if (!hasBrowser && !inCi) {
  console.warn(
    `Skipping the inspector tests: no Chromium at ${CHROMIUM} (install one: apt-get install -y chromium)`,
  )
}

const SHOTS = join(ROOT, '.tmp', 'inspector-screenshots')
const V = '/services/data/v60.0'
const KEY = { authorization: 'Bearer test-api-key', 'content-type': 'application/json' }
const OTHER = { authorization: 'Bearer test-other-key', 'content-type': 'application/json' }

let browser: Browser
let server: ReplicaServer
let seeded: Awaited<ReturnType<typeof seed>>

/** Two environments (one paused, in the other workspace), a snapshot, credentials and five native calls. */
async function seed(url: string, mock: ReplicaMock) {
  await mock.reset()
  mock.clock.set('2030-01-01T10:00:00.000Z')
  mock.clock.freeze()
  const post = async (path: string, body: unknown, headers = KEY) =>
    (await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) })).json()
  const alpha = await post('/v1/environments', { apps: ['crm'], name: 'alpha', labels: { team: 'a' } })
  const beta = await post('/v1/environments', { apps: ['crm'], name: 'beta' }, OTHER)
  await fetch(`${url}/v1/environments/${beta.id}`, { headers: OTHER })
  await post(`/v1/environments/${beta.id}/pause`, {}, OTHER)
  const credentials = await post(`/v1/environments/${alpha.id}/apps/crm/credentials`, {})
  const app = { authorization: `Bearer ${credentials.token}`, 'content-type': 'application/json' }
  for (let i = 0; i < 3; i++) {
    await fetch(`${credentials.url}${V}/query?q=${encodeURIComponent('SELECT Id, Name FROM Account')}`, {
      headers: app,
    })
    mock.clock.advance(60_000)
  }
  await fetch(`${credentials.url}${V}/sobjects/Account/001000000000000AAA`, { headers: app })
  await fetch(`${credentials.url}${V}/sobjects/Account`, {
    method: 'POST',
    headers: app,
    body: JSON.stringify({ Name: 'Inspected Inc' }),
  })
  const snapshot = await post('/v1/snapshots', { environmentId: alpha.id, name: 'before' })
  return { alpha, beta, snapshot }
}

async function open(context: TestContext, url = server.url): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  context.onTestFinished(() => page.close())
  await page.goto(`${url}/__replica/ui`)
  return page
}

async function shot(page: Page, name: string, context: TestContext, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  const path = join(SHOTS, `${name}.png`)
  await page.screenshot({ path, fullPage })
  await context.annotate(`screenshot: ${name}`, 'screenshot', { path, contentType: 'image/png' })
}

/** A platform event for the Events tab (a schema document that declares only it). */
const SHIPPED_EVENT = {
  platformEvents: [
    {
      name: 'Shipped__e',
      label: 'Shipped',
      fields: [
        {
          name: 'Ref__c',
          label: 'Ref',
          type: 'string' as const,
          length: 10,
          createable: true,
          updateable: false,
          nillable: true,
        },
      ],
    },
  ],
}

const rows = (page: Page, testid: string) => page.locator(`[data-testid="${testid}"] tbody tr[data-id]`)

describe.skipIf(!hasBrowser && !inCi)('the web inspector in Chromium', () => {
  beforeAll(async () => {
    if (!hasBrowser) return
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    server = await createReplicaServer({ port: 0, schema: SHIPPED_EVENT })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  beforeEach(async () => {
    if (hasBrowser) seeded = await seed(server.url, server.mock)
  })

  it('has a browser', () => {
    expect(hasBrowser, `no Chromium at ${CHROMIUM}: install one with apt-get install -y chromium`).toBe(true)
  })

  it('lists environments, filters them, and shows one with its timeline, snapshots and records', async (context) => {
    const page = await open(context)
    await expect.poll(() => rows(page, 'environments').count()).toBe(2)
    await page.selectOption('[data-testid="filter-status"]', 'paused')
    await expect
      .poll(() => rows(page, 'environments').allInnerTexts())
      .toEqual([expect.stringContaining('beta')])
    await page.selectOption('[data-testid="filter-status"]', '')
    await page.selectOption('[data-testid="filter-workspace"]', 'ws_default')
    await expect
      .poll(() => rows(page, 'environments').allInnerTexts())
      .toEqual([expect.stringContaining('alpha')])

    await rows(page, 'environments').first().click()
    const detail = page.getByTestId('environment-detail')
    await expect.poll(() => detail.innerText()).toContain('team=a')
    const timeline = await page.getByTestId('timeline').innerText()
    expect(timeline).toMatch(/environment\.created[\s\S]*environment\.running[\s\S]*credentials\.created/)
    expect(await rows(page, 'environment-snapshots').allInnerTexts()).toEqual([
      expect.stringContaining('before'),
    ])

    const account = page.locator('[data-testid="objects"] tr[data-id="Account"]')
    await expect.poll(() => account.innerText()).toMatch(/Account\s+Account\s+4/)
    await account.click()
    await expect.poll(() => rows(page, 'records').count()).toBe(4)
    await rows(page, 'records').filter({ hasText: 'Inspected Inc' }).click()
    await expect.poll(() => page.getByTestId('record').innerText()).toMatch(/Name\s+Inspected Inc/)
    await shot(page, 'environments', context)
  })

  it('shows the org schema: what loaded, and each formula or rule skipped with file, line and reason', async (context) => {
    const withSchema = await createReplicaServer({ port: 0, schema: [UNCOMPILABLE_PROJECT] })
    context.onTestFinished(() => withSchema.close())
    const page = await open(context, withSchema.url)
    await page.click('nav a[data-view="schema"]')
    // both published versions of the crm app serve the schema: one table each
    await expect.poll(() => page.locator('[data-testid="schema-skipped"]').count()).toBe(2)
    const skipped = page.locator('[data-testid="schema-skipped"]').first().locator('tbody tr')
    await expect.poll(() => skipped.count()).toBe(3)
    expect(await skipped.allInnerTexts()).toEqual([
      expect.stringMatching(
        /default-value\s+Gadget__c\.Bad_Default__c\s+.*Bad_Default__c\.field-meta\.xml:4\s+a default value cannot read/,
      ),
      expect.stringMatching(
        /formula\s+Gadget__c\.Broken__c\s+.*Broken__c\.field-meta\.xml:6\s+Unknown function NOPE/,
      ),
      expect.stringMatching(
        /validation-rule\s+Gadget__c\.Bad\s+.*Bad\.validationRule-meta\.xml:5\s+Field Nope__c does not exist/,
      ),
    ])
    expect(await page.getByTestId('schema-counts').first().innerText()).toMatch(/3 skipped$/)
    await shot(page, 'schema', context)
  })

  it('lists recorded calls with the listRequests filters, the stats chart and one call in detail', async (context) => {
    const page = await open(context)
    await page.click('nav a[data-view="calls"]')
    await page.selectOption('[data-testid="filter-environment"]', seeded.alpha.id)
    await expect.poll(() => rows(page, 'calls').count()).toBe(5)
    await expect.poll(() => page.getByTestId('stat-count').innerText()).toMatch(/^5/)
    expect(await page.locator('[data-testid="bucket-chart"] rect').count()).toBeGreaterThanOrEqual(3)

    await page.selectOption('[data-testid="filter-method"]', 'POST')
    await page.click('[data-testid="apply-filters"]')
    await expect
      .poll(() => rows(page, 'calls').allInnerTexts())
      .toEqual([expect.stringMatching(/POST[\s\S]*201/)])
    await page.selectOption('[data-testid="filter-method"]', '')
    await page.selectOption('[data-testid="filter-statusClass"]', '4xx')
    await page.click('[data-testid="apply-filters"]')
    await expect
      .poll(() => rows(page, 'calls').allInnerTexts())
      .toEqual([expect.stringMatching(/GET[\s\S]*404/)])
    await page.selectOption('[data-testid="filter-statusClass"]', '')
    await page.fill('[data-testid="filter-search"]', 'SELECT')
    await page.fill('[data-testid="filter-from"]', '2030-01-01T10:00:30.000Z')
    await page.fill('[data-testid="filter-to"]', '2030-01-01T10:05:00.000Z')
    await page.click('[data-testid="apply-filters"]')
    await expect.poll(() => rows(page, 'calls').count()).toBe(2)
    await expect.poll(() => page.getByTestId('stat-count').innerText()).toMatch(/^2/)

    await rows(page, 'calls').first().click()
    await expect.poll(() => page.getByTestId('call-detail').innerText()).toContain('Request headers')
    expect(await page.getByTestId('call-detail').innerText()).toMatch(/authorization\s+\[redacted\]/)
    expect(await page.getByTestId('response-body').innerText()).toContain('"totalSize"')
    await shot(page, 'calls', context)
  })

  it('lists snapshots and audit events, filtered', async (context) => {
    const page = await open(context)
    await page.click('nav a[data-view="snapshots"]')
    await expect
      .poll(() => rows(page, 'snapshots').allInnerTexts())
      .toEqual([expect.stringContaining(seeded.snapshot.id)])
    await shot(page, 'snapshots', context)

    await page.click('nav a[data-view="audit"]')
    await expect.poll(() => rows(page, 'audit-events').count()).toBeGreaterThanOrEqual(7)
    await page.fill('[data-testid="filter-environmentId"]', seeded.beta.id)
    await page.press('[data-testid="filter-environmentId"]', 'Enter')
    await expect
      .poll(async () => (await rows(page, 'audit-events').allInnerTexts()).map((text) => text.split('\t')[1]))
      .toEqual(['environment.paused', 'environment.running', 'environment.created'])
    await rows(page, 'audit-events').first().click()
    await expect.poll(() => page.getByTestId('audit-data').innerText()).toContain('{')
    await shot(page, 'audit', context)
  })

  it('lists the platform events published, newest first, filtered, with the payload of one', async (context) => {
    const credentials = await (
      await fetch(`${server.url}/v1/environments/${seeded.alpha.id}/apps/crm/credentials`, {
        method: 'POST',
        headers: KEY,
      })
    ).json()
    for (const ref of ['S-1', 'S-2']) {
      await fetch(`${credentials.url}${V}/sobjects/Shipped__e`, {
        method: 'POST',
        headers: { authorization: `Bearer ${credentials.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ Ref__c: ref }),
      })
    }
    const page = await open(context)
    await page.click('nav a[data-view="events"]')
    await expect
      .poll(async () => (await rows(page, 'events').allInnerTexts()).map((text) => text.split('\t')[6]))
      .toEqual(['Ref__c=S-2', 'Ref__c=S-1'])
    await page.fill('[data-testid="filter-type"]', 'Other__e')
    await page.press('[data-testid="filter-type"]', 'Enter')
    await expect.poll(() => rows(page, 'events').count()).toBe(0)
    await page.fill('[data-testid="filter-type"]', 'shipped__e')
    await page.press('[data-testid="filter-type"]', 'Enter')
    await expect.poll(() => rows(page, 'events').count()).toBe(2)
    await rows(page, 'events').last().click()
    await expect.poll(() => page.getByTestId('event-payload').innerText()).toContain('"EventUuid"')
    await shot(page, 'events', context)
  })

  it('shows the clock, advances it by a duration and switches its mode', async (context) => {
    const page = await open(context)
    await expect.poll(() => page.getByTestId('clock-mode').innerText()).toBe('manual')
    const before = Date.parse(await page.getByTestId('clock-now').innerText())
    await page.fill('[data-testid="advance-by"]', '90s')
    await page.click('[data-testid="advance-form"] button')
    await expect
      .poll(async () => Date.parse(await page.getByTestId('clock-now').innerText()))
      .toBe(before + 90_000)
    expect(server.mock.clock.now().getTime()).toBe(before + 90_000)
    await page.fill('[data-testid="advance-by"]', 'soon')
    await page.click('[data-testid="advance-form"] button')
    await expect.poll(() => page.getByTestId('notice').innerText()).toContain('advance by')
    await page.click('[data-testid="clock-toggle"]')
    await expect.poll(() => page.getByTestId('clock-mode').innerText()).toBe('real')
    expect(server.mock.clock.mode).toBe('real')
    await shot(page, 'clock', context)
  })

  it('downloads the state and resets the mock', async (context) => {
    const page = await open(context)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="download-state"]'),
    ])
    const state = JSON.parse(readFileSync(await download.path(), 'utf8'))
    expect(state.format).toBe('replica-mock/state')
    expect(download.suggestedFilename()).toBe('replica-state.json')

    page.once('dialog', (dialog) => dialog.accept())
    await page.click('[data-testid="reset"]')
    await expect.poll(async () => (await server.mock.environments.all()).length).toBe(0)
    await expect
      .poll(() => page.locator('[data-testid="environments"] tbody').innerText())
      .toContain('nothing yet')
  })

  it('needs the admin token of a mock that has one, from a form or the #token= fragment', async (context) => {
    const guarded = await createReplicaServer({ port: 0, adminToken: 'sekret-token' })
    context.onTestFinished(() => guarded.close())
    const refused = await fetch(`${guarded.url}/__replica/ui/api/session`)
    expect(refused.status).toBe(401)

    const page = await open(context, guarded.url)
    await expect.poll(() => page.getByTestId('token-form').isVisible()).toBe(true)
    await page.fill('[data-testid="token-input"]', 'sekret-token')
    await page.click('[data-testid="token-form"] button')
    await expect.poll(() => page.getByTestId('token-form').isVisible()).toBe(false)
    await expect
      .poll(() => page.locator('[data-testid="environments"] tbody').innerText())
      .toContain('nothing yet')

    const direct = await browser.newPage()
    context.onTestFinished(() => direct.close())
    await direct.goto(`${guarded.url}/__replica/ui#token=sekret-token`)
    await expect.poll(() => direct.getByTestId('clock-mode').innerText()).toBe('real')
    expect(await direct.getByTestId('token-form').isVisible()).toBe(false)
  })

  it('works in-process: the page routed to a mock through Playwright, no server', async (context) => {
    const mock = createReplicaMock()
    await mock.seed.environment({ name: 'in-process', status: 'running' })
    const page = await browser.newPage()
    context.onTestFinished(() => page.close())
    await page.route(`${mock.baseUrl}/**`, async (route) => {
      const request = route.request()
      const response = await mock.fetch(
        new Request(request.url(), {
          method: request.method(),
          headers: request.headers(),
          body: (request.postDataBuffer() as Uint8Array<ArrayBuffer> | null) ?? undefined,
        }),
      )
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      })
    })
    await page.goto(`${mock.baseUrl}/__replica/ui`)
    await expect
      .poll(() => rows(page, 'environments').allInnerTexts())
      .toEqual([expect.stringContaining('in-process')])
  })

  it('stays usable at 10k recorded calls: 100 a page, more on request, live refresh', async (context) => {
    const big = await createReplicaServer({ port: 0, clock: 'manual' })
    context.onTestFinished(() => big.close())
    const environment = await big.mock.seed.environment({ name: 'busy', status: 'running' })
    const credentials = await (
      await fetch(`${big.url}/v1/environments/${environment.id}/apps/crm/credentials`, {
        method: 'POST',
        headers: KEY,
      })
    ).json()
    // straight into the app (no sockets): the same gateway records each call
    for (let i = 0; i < 10_000; i++) {
      await big.mock.fetch(
        new Request(`${credentials.url}${V}/sobjects/Account/001000000000000AAA`, {
          headers: { authorization: `Bearer ${credentials.token}` },
        }),
      )
    }
    const page = await open(context, big.url)
    await page.click('nav a[data-view="calls"]')
    await expect.poll(() => rows(page, 'calls').count(), { timeout: 15_000 }).toBe(100)
    await expect.poll(() => page.getByTestId('stat-count').innerText()).toMatch(/^10000/)
    await page.click('[data-testid="calls-more"]')
    await expect.poll(() => rows(page, 'calls').count(), { timeout: 15_000 }).toBe(200)

    await big.mock.fetch(
      new Request(`${credentials.url}${V}/sobjects`, {
        headers: { authorization: `Bearer ${credentials.token}` },
      }),
    )
    await expect
      .poll(() => rows(page, 'calls').first().innerText(), { timeout: 10_000 })
      .toMatch(/\/sobjects\s+200/)
    await shot(page, 'calls-10k', context, false)
  }, 120_000)
})
