import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  removeProjects,
  runVitest,
  type TestResult,
  VITEST_PLUGIN,
  writeProject,
} from './support/inline-project.js'

afterAll(removeProjects)

const config = (options: string) => `
import { defineConfig } from 'vitest/config'
import { replicaMock } from '${VITEST_PLUGIN}'
export default defineConfig({ plugins: [replicaMock(${options})] })
`

const spec = (name: string) => `
import { test, expect } from '${VITEST_PLUGIN}'
const API = 'https://api.replica.test'
const headers = { authorization: 'Bearer test-api-key', 'content-type': 'application/json' }
test('${name} creates an environment and asks for the Tooling API', async ({ replica }) => {
  const created = await fetch(API + '/v1/environments', { method: 'POST', headers, body: JSON.stringify({ apps: ['crm'] }) })
  const env = await created.json()
  const credentials = await (await fetch(API + '/v1/environments/' + env.id + '/apps/crm/credentials', { method: 'POST', headers })).json()
  const app = { authorization: 'Bearer ' + credentials.token }
  const tooling = await fetch(credentials.url + '/services/data/v60.0/tooling/query?q=x', { headers: app })
  expect(tooling.status).toBe(501)
  const query = await fetch(credentials.url + '/services/data/v60.0/query?q=' + encodeURIComponent('SELECT Id FROM Account WHERE Name != null'), { headers: app })
  expect(query.status).toBe(200)
})
test('${name} calls a route the API does not have', async () => {
  expect((await fetch(API + '/v1/environment', { headers })).status).toBe(404)
})
`

let reported: TestResult
let silent: TestResult

beforeAll(async () => {
  ;[reported, silent] = await Promise.all([
    runVitest(
      writeProject('vitest-fidelity', {
        'vitest.config.ts': config(`{ fidelity: { json: 'reports/fidelity.json' } }`),
        'a.test.ts': spec('first'),
        'b.test.ts': spec('second'),
      }),
    ),
    runVitest(
      writeProject('vitest-fidelity-off', {
        'vitest.config.ts': config('{ fidelity: false }'),
        'a.test.ts': spec('off'),
      }),
    ),
  ])
}, 180_000)

it('prints the short table at the end of the run, adding up every worker', () => {
  expect(reported.code, reported.output).toBe(0)
  expect(reported.output).toContain('replica-mock fidelity report')
  expect(reported.output).toMatch(/management operations\s+2\/23/)
  expect(reported.output).toContain('GET query ×2')
  expect(reported.output).toContain('FEATURE_NOT_ENABLED: GET /services/data/v60.0/tooling/query')
})

it('writes the JSON report naming the test that sent each unemulated request', () => {
  const file = join(reported.dir, 'reports/fidelity.json')
  expect(existsSync(file)).toBe(true)
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const count = (list: any[], name: string) => list.find((item) => item.name === name)?.count
  expect(count(report.operations, 'createEnvironment')).toBe(2)
  expect(count(report.operations, 'createCredentials')).toBe(2)
  expect(count(report.soqlFeatures, 'comparison !=')).toBe(2)
  expect(count(report.soqlFeatures, 'null comparison')).toBe(2)
  expect(count(report.errorCodes, 'management:not_found')).toBe(2)
  expect(count(report.errorCodes, 'native:FEATURE_NOT_ENABLED')).toBe(2)
  const tests = report.unemulated.map((request: any) => `${request.kind} ${request.test}`).sort()
  expect(tests).toEqual([
    'feature_not_enabled first creates an environment and asks for the Tooling API',
    'feature_not_enabled second creates an environment and asks for the Tooling API',
    'unknown_route first calls a route the API does not have',
    'unknown_route second calls a route the API does not have',
  ])
})

it('counts and prints nothing with fidelity: false', () => {
  expect(silent.code, silent.output).toBe(0)
  expect(silent.output).not.toContain('replica-mock fidelity report')
})
