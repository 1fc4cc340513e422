import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReplicaMock } from '../../src/index.js'
import {
  runVitest,
  type TestResult,
  VITEST_PLUGIN,
  writeProject,
  removeProjects,
} from './support/inline-project.js'

afterAll(removeProjects)

const config = (options = '') => `
import { defineConfig } from 'vitest/config'
import { replicaMock } from '${VITEST_PLUGIN}'
export default defineConfig({ plugins: [replicaMock(${options})] })
`

const prelude = `
import { readFileSync } from 'node:fs'
import { test, expect } from '${VITEST_PLUGIN}'
const API = 'https://api.replica.test/v1'
const headers = { authorization: 'Bearer test-api-key', 'content-type': 'application/json' }
const listNames = async () =>
  (await (await fetch(API + '/environments', { headers })).json()).data.map((e: any) => e.name)
`

// one failing project (a typo'd URL, a failed assertion) and one passing project that replays the
// failure's forensics; both run once for the whole file
let failing: TestResult
let passing: TestResult
let forensicsFile: string | undefined

let startState: TestResult

/** A state document with one environment, as `exportState()` writes it. */
async function stateWithEnvironment(name: string): Promise<string> {
  const mock = createReplicaMock()
  await mock.seed.environment({ name })
  return JSON.stringify(mock.exportState())
}

beforeAll(async () => {
  const starting = runVitest(
    writeProject('vitest-start-state', {
      'vitest.config.ts': config(`{ startState: './start-state.json' }`),
      'start-state.json': await stateWithEnvironment('from-the-start-state'),
      'start.test.ts': `${prelude}
test('starts from the start state and adds an environment', async () => {
  expect(await listNames()).toEqual(['from-the-start-state'])
  await fetch(API + '/environments', { method: 'POST', headers, body: JSON.stringify({ name: 'added', apps: ['crm'] }) })
  expect(await listNames()).toEqual(['added', 'from-the-start-state'])
})
test('the next test is back at the start state', async () => {
  expect(await listNames()).toEqual(['from-the-start-state'])
})
`,
    }),
  )
  failing = await runVitest(
    writeProject('vitest-failing', {
      'vitest.config.ts': config(),
      'failing.test.ts': `${prelude}
test('calls a typo URL', async () => {
  await fetch('https://api.replica.tst/v1/environments', { headers })
})
test('fails after seeding', async ({ replica }) => {
  await replica.seed.environment({ name: 'before-the-failure' })
  replica.clock.set('2030-01-02T03:04:05.000Z')
  await fetch(API + '/environments', { headers })
  expect('the test').toBe('green')
})
`,
    }),
  )
  forensicsFile = /\[replica-mock\] forensics of the failed test: (\S+\.json)/.exec(failing.output)?.[1]

  passing = await runVitest(
    writeProject('vitest-passing', {
      'vitest.config.ts': config(),
      'isolation.test.ts': `${prelude}
test('writes an environment through the API', async () => {
  const response = await fetch(API + '/environments', { method: 'POST', headers, body: JSON.stringify({ name: 'first', apps: ['crm'] }) })
  expect(response.status).toBe(202)
  expect(await listNames()).toEqual(['first'])
})
test('does not see the previous test\\'s write', async () => {
  expect(await listNames()).toEqual([])
})
test.concurrent('concurrent A sees only its own data', async ({ replica }) => {
  await replica.seed.environment({ name: 'A' })
  await new Promise((resolve) => setTimeout(resolve, 30))
  expect(await listNames()).toEqual(['A'])
})
test.concurrent('concurrent B sees only its own data', async ({ replica }) => {
  await replica.seed.environment({ name: 'B' })
  await new Promise((resolve) => setTimeout(resolve, 30))
  expect(await listNames()).toEqual(['B'])
})
`,
      'fixture.test.ts': `${prelude}
test('seeds environments in a given state and records', async ({ replica }) => {
  const paused = await replica.seed.environment({ status: 'paused', name: 'p' })
  expect(paused).toHaveStatus('paused')
  expect(await replica.environments.get(paused.id)).toHaveStatus('paused')
  const running = await replica.seed.environment({ name: 'r' })
  const records = replica.records(running.id)
  const before = records.count('Account')
  records.insert('Account', [{ Name: 'Seeded One' }, { Name: 'Seeded Two' }])
  expect(records.count('Account')).toBe(before + 2)
  expect(records.query("SELECT Name FROM Account WHERE Name LIKE 'Seeded%' ORDER BY Name").map((row: any) => row.Name)).toEqual(['Seeded One', 'Seeded Two'])
})
test('freezes the clock and advances it on demand', async ({ replica }) => {
  expect(replica.clock.mode).toBe('manual')
  replica.lifecycle.startMs = 60_000
  const created = await (await fetch(API + '/environments', { method: 'POST', headers, body: JSON.stringify({ apps: ['crm'] }) })).json()
  expect(await replica.environments.get(created.id)).toHaveStatus('starting')
  replica.clock.advance(60_000)
  expect(await replica.environments.get(created.id)).toHaveStatus('running')
})
test('queues faults', async ({ replica }) => {
  replica.faults.add({ kind: 'environment.start', code: 'start_failed' })
  const created = await (await fetch(API + '/environments', { method: 'POST', headers, body: JSON.stringify({ apps: ['crm'] }) })).json()
  expect(await replica.environments.get(created.id)).toHaveStatus('failed')
})
test('records the calls the code made and matches them', async ({ replica }) => {
  await fetch(API + '/environments?limit=5', { headers })
  expect(replica).toHaveRecordedCall({ method: 'GET', path: '/v1/environments', query: /limit=5/, status: 200 })
  expect(replica).not.toHaveRecordedCall({ method: 'POST', path: /environments/ })
  expect(() => expect(replica).toHaveRecordedCall({ method: 'DELETE' })).toThrow(/GET \\/v1\\/environments\\?limit=5 -> 200/)
})
test('exports state and starts from it with use()', async ({ replica }) => {
  await replica.seed.environment({ name: 'saved' })
  const state = replica.exportState()
  await replica.mock.reset()
  expect(await listNames()).toEqual([])
  await replica.use(state)
  expect(await listNames()).toEqual(['saved'])
})
test('replays a failed test from its forensics file', async ({ replica }) => {
  const file = process.env.FORENSICS_FILE!
  const bundle = JSON.parse(readFileSync(file, 'utf8'))
  await replica.use(file)
  expect(await listNames()).toEqual(['before-the-failure'])
  expect(replica.clock.now().toISOString()).toBe(bundle.clock.now)
})
test('clock runs for tests that do not ask for the fixture', async () => {
  const first = (await (await fetch('https://api.replica.test/__replica/clock')).json()).mode
  expect(first).toBe('real')
})
`,
    }),
    { FORENSICS_FILE: forensicsFile ?? 'missing' },
  )
  startState = await starting
}, 120_000)

describe('startState option', () => {
  it.each([
    'starts from the start state and adds an environment',
    'the next test is back at the start state',
  ])('passes: %s', (name) => {
    expect(startState.status[`start.test.ts > ${name}`], startState.output).toBe('passed')
  })
})

describe('isolation', () => {
  it('keeps a write in one test invisible to the next', () => {
    expect(passing.status['isolation.test.ts > writes an environment through the API']).toBe('passed')
    expect(passing.status["isolation.test.ts > does not see the previous test's write"]).toBe('passed')
  })

  it('gives each concurrent test its own mock at the same URL', () => {
    expect(passing.status['isolation.test.ts > concurrent A sees only its own data']).toBe('passed')
    expect(passing.status['isolation.test.ts > concurrent B sees only its own data']).toBe('passed')
  })
})

describe('replica fixture', () => {
  it.each([
    'seeds environments in a given state and records',
    'freezes the clock and advances it on demand',
    'queues faults',
    'records the calls the code made and matches them',
    'exports state and starts from it with use()',
    'clock runs for tests that do not ask for the fixture',
  ])('passes: %s', (name) => {
    expect(passing.status[`fixture.test.ts > ${name}`], passing.output).toBe('passed')
  })

  it('passes the whole passing project', () => {
    expect(passing.code, passing.output).toBe(0)
  })
})

describe("onUnhandledRequest: 'error'", () => {
  it('fails a test that calls a wrong URL, naming it', () => {
    expect(failing.code).toBe(1)
    expect(failing.status['failing.test.ts > calls a typo URL']).toBe('failed')
    expect(failing.output).toContain('intercepted a request without a matching request handler')
    expect(failing.output).toContain('GET https://api.replica.tst/v1/environments')
  })
})

describe('forensics', () => {
  it('attaches state, calls, audit events and clock time of a failed test', () => {
    expect(failing.status['failing.test.ts > fails after seeding']).toBe('failed')
    expect(forensicsFile, failing.output).toBeDefined()
    expect(existsSync(forensicsFile!)).toBe(true)
    const bundle = JSON.parse(readFileSync(forensicsFile!, 'utf8'))
    expect(bundle).toMatchObject({ format: 'replica-mock/forensics', test: 'fails after seeding' })
    expect(bundle.clock).toEqual({ mode: 'manual', now: '2030-01-02T03:04:05.000Z' })
    expect(bundle.calls).toMatchObject([{ method: 'GET', path: '/v1/environments', status: 200 }])
    expect(Array.isArray(bundle.auditEvents)).toBe(true)
    expect(Object.keys(bundle.gatewayCalls)).toHaveLength(1)
    expect(bundle.state.format).toBe('replica-mock/state')
  })

  it('writes none for a failed test that did not use the fixture', () => {
    expect(failing.output.match(/forensics of the failed test/g)).toHaveLength(1)
  })

  it('replays the failure with replica.use(file)', () => {
    expect(passing.status['fixture.test.ts > replays a failed test from its forensics file']).toBe('passed')
  })
})
