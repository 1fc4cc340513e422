import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  PLAYWRIGHT_PLUGIN,
  ROOT,
  runPlaywright,
  type TestResult,
  writeProject,
  removeProjects,
} from './support/inline-project.js'

afterAll(removeProjects)

const hasBrowser = existsSync(CHROMIUM)
const inCi = process.env.CI === 'true' || process.env.CI === '1'
if (!hasBrowser && !inCi) {
  console.warn(
    `Skipping the Playwright fixture tests: no Chromium at ${CHROMIUM} (install one: apt-get install -y chromium)`,
  )
}

const config = (extra = '') => `
import { defineConfig } from '@playwright/test'
export default defineConfig({
  testDir: '.',
  workers: 2,
  use: { launchOptions: { executablePath: ${JSON.stringify(CHROMIUM)}, args: ${JSON.stringify(CHROMIUM_ARGS)} } },
  ${extra}
})
`

const names = `async ([url, key]) => {
  const response = await fetch(url + '/v1/environments', { headers: { authorization: 'Bearer ' + key } })
  return (await response.json()).data.map((e) => e.name)
}`

const fixtureSpec = `
import { test, expect } from '${PLAYWRIGHT_PLUGIN}'
test.describe.configure({ mode: 'serial' })
test('the page reaches the worker server, seeded through the control client', async ({ page, replica, replicaServer }) => {
  expect(replicaServer.url).toMatch(/^http:\\/\\/127\\.0\\.0\\.1:\\d+$/)
  expect(replicaServer.mock).toBeDefined()
  await replica.seed.environment({ name: 'seeded' })
  await page.setContent('<title>app</title>')
  expect(await page.evaluate(${names}, [replicaServer.url, replicaServer.apiKey])).toEqual(['seeded'])
})
test('the next test starts from a reset replica', async ({ page, replica, replicaServer }) => {
  await page.setContent('<title>app</title>')
  expect(await page.evaluate(${names}, [replicaServer.url, replicaServer.apiKey])).toEqual([])
})
test('replicaNetwork answers the fixed base URL through the same replica', async ({ page, replica, replicaNetwork }) => {
  expect(replicaNetwork.baseUrl).toBe('https://api.replica.test')
  await page.setContent('<title>app</title>')
  const status = await page.evaluate(async () => {
    const response = await fetch('https://api.replica.test/v1/environments', {
      method: 'POST',
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from-the-page', apps: ['crm'] }),
    })
    return response.status
  })
  expect(status).toBe(202)
  expect((await replica.environments()).map((e) => e.name)).toEqual(['from-the-page'])
  expect((await replica.auditEvents()).map((e) => e.name)).toContain('environment.created')
})
test('the control client drives clock, lifecycle and faults', async ({ page, replica, replicaNetwork }) => {
  await replica.clock.freeze()
  await replica.lifecycle.set({ startMs: 60_000 })
  await page.setContent('<title>app</title>')
  const create = () => page.evaluate(async () => {
    const response = await fetch('https://api.replica.test/v1/environments', {
      method: 'POST',
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ apps: ['crm'] }),
    })
    return (await response.json()).id
  })
  const id = await create()
  expect((await replica.environment(id))?.status).toBe('starting')
  await replica.clock.advance(60_000)
  expect((await replica.environment(id))?.status).toBe('running')
  await replica.faults.add({ kind: 'environment.start' })
  const failing = await create()
  await replica.clock.advance(60_000)
  expect((await replica.environment(failing))?.status).toBe('failed')
  const state = await replica.exportState()
  await replica.reset()
  expect(await replica.environments()).toEqual([])
  await replica.use(state)
  expect(await replica.environments()).toHaveLength(2)
})
test('markStart makes the seeded state where the next tests reset to', async ({ replica }) => {
  await replica.seed.environment({ name: 'kept' })
  await replica.markStart()
  await replica.seed.environment({ name: 'after the mark' })
})
test('the next test starts from the marked start', async ({ page, replica, replicaServer }) => {
  await page.setContent('<title>app</title>')
  expect(await page.evaluate(${names}, [replicaServer.url, replicaServer.apiKey])).toEqual(['kept'])
  await replica.unmarkStart()
})
test('after unmarkStart the next test starts from the fixture', async ({ replica }) => {
  expect(await replica.environments()).toEqual([])
})
`

const externalSpec = `
import { test, expect } from '${PLAYWRIGHT_PLUGIN}'
test('controls a replica started by webServer and routes the page to it', async ({ page, replica, replicaServer, replicaNetwork }) => {
  expect(replicaServer.mock).toBeUndefined()
  expect(replicaServer.url).toBe(process.env.EXTERNAL_URL)
  await replica.seed.environment({ name: 'external' })
  await page.setContent('<title>app</title>')
  const names = await page.evaluate(async () => {
    const response = await fetch('https://api.replica.test/v1/environments', { headers: { authorization: 'Bearer test-api-key' } })
    return (await response.json()).data.map((e) => e.name)
  })
  expect(names).toEqual(['external'])
})
`

let fixtures: TestResult
let external: TestResult

describe.skipIf(!hasBrowser && !inCi)('Playwright fixtures in Chromium', () => {
  beforeAll(async () => {
    if (!hasBrowser) return
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const serve = `node ${join(ROOT, 'node_modules/tsx/dist/cli.mjs')} ${join(ROOT, 'src/server/cli.ts')} serve --port ${port} --quiet`
    ;[fixtures, external] = await Promise.all([
      runPlaywright(
        writeProject('playwright-fixtures', {
          'playwright.config.ts': config(),
          'fixtures.spec.ts': fixtureSpec,
        }),
      ),
      runPlaywright(
        writeProject('playwright-external', {
          'playwright.config.ts': config(
            `webServer: { command: ${JSON.stringify(serve)}, url: '${url}/__replica/health', reuseExistingServer: false },
  workers: 1,
  projects: [{ name: 'external', use: { replicaUrl: '${url}' } as any }],`,
          ),
          'external.spec.ts': externalSpec,
        }),
        { EXTERNAL_URL: url },
      ),
    ])
  }, 180_000)

  it('has a browser', () => {
    expect(hasBrowser, `no Chromium at ${CHROMIUM}: install one with apt-get install -y chromium`).toBe(true)
  })

  it.each([
    'the page reaches the worker server, seeded through the control client',
    'the next test starts from a reset replica',
    'replicaNetwork answers the fixed base URL through the same replica',
    'the control client drives clock, lifecycle and faults',
    'markStart makes the seeded state where the next tests reset to',
    'the next test starts from the marked start',
    'after unmarkStart the next test starts from the fixture',
  ])('passes: %s', (name) => {
    expect(fixtures.status[`fixtures.spec.ts > ${name}`], fixtures.output).toBe('passed')
  })

  it('works with a replica started by webServer (replicaUrl)', () => {
    expect(
      external.status['external.spec.ts > controls a replica started by webServer and routes the page to it'],
      external.output,
    ).toBe('passed')
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
