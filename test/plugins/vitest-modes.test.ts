import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  runVitest,
  type TestResult,
  VITEST_PLUGIN,
  writeProject,
  removeProjects,
} from './support/inline-project.js'

afterAll(removeProjects)

const headers = `{ authorization: 'Bearer ' + process.env.REPLICA_MOCK_API_KEY }`

let serverMode: TestResult
let ownServer: TestResult

beforeAll(async () => {
  ;[serverMode, ownServer] = await Promise.all([
    runVitest(
      writeProject('vitest-server-mode', {
        'vitest.config.ts': `
import { defineConfig } from 'vitest/config'
import { replicaMock } from '${VITEST_PLUGIN}'
export default defineConfig({ plugins: [replicaMock({ mode: 'server' })] })
`,
        'server.test.ts': `
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect } from '${VITEST_PLUGIN}'
// the server runs in this worker: the child must be awaited, never run synchronously
const childNames = async () => JSON.parse((await promisify(execFile)(process.execPath, ['-e', \`
  fetch(process.env.REPLICA_MOCK_URL + '/v1/environments', { headers: ${headers} })
    .then((r) => r.json()).then((j) => console.log(JSON.stringify(j.data.map((e) => e.name))))
\`], { encoding: 'utf8' })).stdout)
test('a child process reaches the worker server through REPLICA_MOCK_URL and REPLICA_MOCK_API_KEY', async ({ replica }) => {
  expect(process.env.REPLICA_MOCK_URL).toMatch(/^http:\\/\\/127\\.0\\.0\\.1:\\d+$/)
  expect(replica.url).toBe(process.env.REPLICA_MOCK_URL)
  expect(process.env.REPLICA_MOCK_API_KEY).toBe('test-api-key')
  await replica.seed.environment({ name: 'from-the-test' })
  expect(await childNames()).toEqual(['from-the-test'])
  expect(replica).toHaveRecordedCall({ method: 'GET', path: '/v1/environments', status: 200 })
})
test('the next test starts from a reset server', async () => {
  expect(await childNames()).toEqual([])
})
test.concurrent('a concurrent test gets a server of its own', async ({ replica }) => {
  expect(replica.url).not.toBe(process.env.REPLICA_MOCK_URL)
  await replica.seed.environment({ name: 'own' })
  const response = await fetch(replica.url + '/v1/environments', { headers: ${headers} })
  expect((await response.json()).data.map((e: any) => e.name)).toEqual(['own'])
  expect(await childNames()).toEqual([])
})
`,
      }),
    ),
    runVitest(
      writeProject('vitest-own-server', {
        'vitest.config.ts': `
import { defineConfig } from 'vitest/config'
import { replicaMock } from '${VITEST_PLUGIN}'
export default defineConfig({
  plugins: [replicaMock({ setupServer: false })],
  test: { setupFiles: ['./msw.setup.ts'] },
})
`,
        'msw.setup.ts': `
import { afterAll, beforeAll } from 'vitest'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { handlers } from '${VITEST_PLUGIN}'
const server = setupServer(...handlers, http.get('https://billing.test/plan', () => HttpResponse.json({ plan: 'pro' })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
`,
        'own.test.ts': `
import { test, expect } from '${VITEST_PLUGIN}'
const headers = { authorization: 'Bearer test-api-key' }
test('answers both the replica and the project\\'s own handlers', async ({ replica }) => {
  await replica.seed.environment({ name: 'mine' })
  const environments = await (await fetch('https://api.replica.test/v1/environments', { headers })).json()
  expect(environments.data.map((e: any) => e.name)).toEqual(['mine'])
  expect(await (await fetch('https://billing.test/plan')).json()).toEqual({ plan: 'pro' })
})
test('still isolates tests', async () => {
  const environments = await (await fetch('https://api.replica.test/v1/environments', { headers })).json()
  expect(environments.data).toEqual([])
})
`,
      }),
    ),
  ])
}, 120_000)

it('server mode: a child process reaches the worker server through REPLICA_MOCK_URL and REPLICA_MOCK_API_KEY', () => {
  expect(
    serverMode.status[
      'server.test.ts > a child process reaches the worker server through REPLICA_MOCK_URL and REPLICA_MOCK_API_KEY'
    ],
    serverMode.output,
  ).toBe('passed')
})

it('server mode: resets the server before each test', () => {
  expect(serverMode.status['server.test.ts > the next test starts from a reset server']).toBe('passed')
})

it('server mode: gives a concurrent test a server of its own', () => {
  expect(
    serverMode.status['server.test.ts > a concurrent test gets a server of its own'],
    serverMode.output,
  ).toBe('passed')
})

it("composes the exported handlers into a project's own setupServer", () => {
  expect(ownServer.code, ownServer.output).toBe(0)
  expect(ownServer.status["own.test.ts > answers both the replica and the project's own handlers"]).toBe(
    'passed',
  )
  expect(ownServer.status['own.test.ts > still isolates tests']).toBe('passed')
})
