import { expect, type ReplicaFixture, test } from 'replica-mock/vitest'
import { provisionWithAccounts, type ServiceOptions } from '../src/provision.js'

/** The replica the test talks to: the worker's server, or a concurrent test's own. */
const serviceOf = (replica: ReplicaFixture): ServiceOptions => ({
  baseUrl: replica.url,
  apiKey: replica.apiKey,
  pollMs: 5,
})

test('provisions an environment, loads accounts and snapshots it', async ({ replica }) => {
  const { environment, accountIds, snapshot } = await provisionWithAccounts(serviceOf(replica), {
    name: 'demo',
    accounts: [{ Name: 'Northwind', Industry: 'Energy' }, { Name: 'Contoso' }],
  })

  expect(await replica.environments.get(environment.id)).toHaveStatus('running')
  expect(snapshot).toHaveStatus('ready')
  const rows = replica
    .records(environment.id)
    .query("SELECT Id, Name FROM Account WHERE Name IN ('Northwind', 'Contoso')")
  expect(rows.map((row) => row.Id).sort()).toEqual([...accountIds].sort())
  expect(replica).toHaveRecordedCall({ method: 'POST', path: /\/sobjects\/Account$/, status: 201, times: 2 })
  expect(replica).toHaveRecordedCall({ method: 'POST', path: '/v1/snapshots', status: 202 })
})

test('waits while the environment is starting', async ({ replica }) => {
  replica.lifecycle.startMs = 90_000 // the mock clock is frozen: nothing starts until we advance it
  const provisioning = provisionWithAccounts(serviceOf(replica), { name: 'slow', accounts: [] })

  await expect.poll(() => replica.environments.all()).toHaveLength(1)
  const [starting] = await replica.environments.all()
  expect(starting).toHaveStatus('starting')
  replica.clock.advance(90_000)

  const { environment } = await provisioning
  expect(environment).toHaveStatus('running')
})

test('reports a failed start', async ({ replica }) => {
  replica.faults.add({ kind: 'environment.start', code: 'start_failed', message: 'no capacity' })
  await expect(provisionWithAccounts(serviceOf(replica), { name: 'doomed', accounts: [] })).rejects.toThrow(
    /failed.*no capacity/,
  )
})

test('starts from a saved state', async ({ replica }) => {
  const environment = await replica.seed.environment({ name: 'saved' })
  const saved = replica.exportState()
  await replica.mock.reset()
  expect(await replica.environments.all()).toEqual([])

  await replica.use(saved)
  expect(await replica.environments.get(environment.id)).toHaveStatus('running')
})

test.concurrent('concurrent tests each get their own replica (A)', async ({ replica }) => {
  await provisionWithAccounts(serviceOf(replica), { name: 'A', accounts: [{ Name: 'Only in A' }] })
  expect((await replica.environments.all()).map((environment) => environment.name)).toEqual(['A'])
})

test.concurrent('concurrent tests each get their own replica (B)', async ({ replica }) => {
  await provisionWithAccounts(serviceOf(replica), { name: 'B', accounts: [] })
  expect((await replica.environments.all()).map((environment) => environment.name)).toEqual(['B'])
})

test('serves the web inspector and the OpenAPI document from the built package', async ({ replica }) => {
  const page = await fetch(`${replica.url}/__replica/ui`)
  expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  expect(await page.text()).toContain('replica-mock <small>inspector')
  const script = await fetch(`${replica.url}/__replica/ui/inspector.js`)
  expect(script.status).toBe(200)
  const document = await (await fetch(`${replica.url}/v1/openapi.json`)).json()
  expect(document.paths['/environments'].post.operationId).toBe('createEnvironment')
})
