import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
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

const tlsDir = join(mkdtempSync(join(tmpdir(), 'replica-playwright-tls-')), 'tls')
let result: TestResult

beforeAll(async () => {
  result = await runPlaywright(
    writeProject('playwright-https', {
      'playwright.config.ts': `
import { defineConfig } from '@playwright/test'
export default defineConfig({
  testDir: '.',
  workers: 1,
  use: {
    launchOptions: { executablePath: ${JSON.stringify(CHROMIUM)}, args: ${JSON.stringify(CHROMIUM_ARGS)} },
    replicaOptions: { https: { tlsDir: ${JSON.stringify(tlsDir)} } },
  } as any,
})
`,
      'https.spec.ts': `
import { test, expect } from '${PLAYWRIGHT_PLUGIN}'
test('the page reaches the https replica, seeded through the control client', async ({ page, replica, replicaServer }) => {
  expect(replicaServer.url).toMatch(/^https:\\/\\/127\\.0\\.0\\.1:\\d+$/)
  await replica.seed.environment({ name: 'over-tls' })
  await page.goto(replicaServer.url + '/__replica/health')
  const names = await page.evaluate(async (key) => {
    const response = await fetch('/v1/environments', { headers: { authorization: 'Bearer ' + key } })
    return (await response.json()).data.map((e) => e.name)
  }, replicaServer.apiKey)
  expect(names).toEqual(['over-tls'])
})
`,
    }),
  )
}, 180_000)

it('Chromium is there to drive', () => {
  expect(
    existsSync(CHROMIUM),
    `no Chromium at ${CHROMIUM}: install one with apt-get install -y chromium`,
  ).toBe(true)
})

it('with replicaOptions.https the pages reach the replica over TLS and the control client seeds it', () => {
  expect(
    result.status['https.spec.ts > the page reaches the https replica, seeded through the control client'],
    result.output,
  ).toBe('passed')
})
