/**
 * The `startState` option (`--start-state` on the server): the mock starts from a state document
 * on top of the fixture, and every reset comes back to it.
 */
import { createReplicaMock } from '../../../src/index.js'
import { expectError } from '../../support/management.js'
import { conformanceTest, expect } from '../../support/harness.js'

const seeded = createReplicaMock({ clock: 'manual' })
const environment = await seeded.seed.environment({ name: 'from the start state' })
const [first] = seeded.records(environment.id).insert('Account', [{ Name: 'Start 1' }, { Name: 'Start 2' }])
const startState = seeded.exportState()

const test = conformanceTest({ startState })

test('starts from the start state and comes back to it on reset', async ({ client, mock }) => {
  expect((await client.get(`/v1/environments/${environment.id}`)).status).toBe(200)
  expect(mock.records(environment.id).get('Account', first!)?.Name).toBe('Start 1')

  mock.records(environment.id).update('Account', first!, { Name: 'Changed' })
  const created = await client.post('/v1/environments', { json: { apps: ['crm'] } })
  expect(created.status).toBe(202)
  await client.post('/__replica/reset', { token: null })

  expect(mock.records(environment.id).get('Account', first!)?.Name).toBe('Start 1')
  expectError(await client.get(`/v1/environments/${(created.body as { id: string }).id}`), 404, 'not_found')
})

test('unmarking a marked start makes the start state the start again, not the bare fixture', async ({
  client,
  mock,
}) => {
  await mock.seed.environment({ name: 'marked on top' })
  await mock.markStart()
  await client.delete('/__replica/start', { token: null })
  await mock.reset()
  expect((await mock.environments.all()).map((found) => found.name)).toEqual(['from the start state'])
})

test('a start state that is not a state document fails at setup, naming the problem', () => {
  expect(() => createReplicaMock({ startState: { format: 'replica-mock/state', version: 2 } })).toThrow(
    /Failed to load start state: version/,
  )
})

test('a start state whose data names an environment it lacks fails ready(), naming it', async () => {
  const broken = { ...structuredClone(startState), environmentData: { env_missing: { crm: {} } } }
  await expect(createReplicaMock({ startState: broken }).ready()).rejects.toThrow(
    /Failed to import state: .*env_missing/,
  )
})
