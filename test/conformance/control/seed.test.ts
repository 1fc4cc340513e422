import { expect, test } from '../../support/harness.js'

test('seeds an environment in the given state, visible through the management API', async ({ client }) => {
  const seeded = await client.post('/__replica/seed/environment', {
    token: null,
    json: { status: 'paused', name: 'seeded', labels: { team: 'qa' } },
  })
  expect(seeded.status).toBe(201)
  expect(seeded.body).toMatchObject({ status: 'paused', name: 'seeded', workspaceId: 'ws_default' })
  const read = await client.get(`/v1/environments/${seeded.body.id}`)
  expect(read.status).toBe(200)
  expect(read.body.status).toBe('paused')
})

test('seeds a snapshot of a seeded environment', async ({ client }) => {
  const environment = await client.post('/__replica/seed/environment', { token: null, json: {} })
  const snapshot = await client.post('/__replica/seed/snapshot', {
    token: null,
    json: { environmentId: environment.body.id, name: 'base' },
  })
  expect(snapshot.status).toBe(201)
  expect(snapshot.body).toMatchObject({ status: 'ready', environmentId: environment.body.id, name: 'base' })
  expect((await client.get(`/v1/snapshots/${snapshot.body.id}`)).body.status).toBe('ready')
})

test('rejects an invalid seed with 400 and writes nothing', async ({ client }) => {
  const badStatus = await client.post('/__replica/seed/environment', {
    token: null,
    json: { status: 'sleeping' },
  })
  expect(badStatus.status).toBe(400)
  expect(badStatus.body.error.code).toBe('invalid_request')
  expect(badStatus.body.error.fields).toHaveProperty('status')
  const unknownWorkspace = await client.post('/__replica/seed/environment', {
    token: null,
    json: { workspaceId: 'ws_nope' },
  })
  expect(unknownWorkspace.status).toBe(400)
  expect(unknownWorkspace.body.error.message).toMatch(/unknown workspace "ws_nope"/)
  const unknownEnvironment = await client.post('/__replica/seed/snapshot', {
    token: null,
    json: { environmentId: 'env_nope' },
  })
  expect(unknownEnvironment.status).toBe(400)
  expect((await client.get('/v1/environments')).body.data).toEqual([])
})

test('rejects a snapshot seed of a deleted environment without data with 400, and takes one with data', async ({
  client,
}) => {
  const environment = await client.post('/__replica/seed/environment', {
    token: null,
    json: { status: 'deleted' },
  })
  expect(environment.status).toBe(201)
  const empty = await client.post('/__replica/seed/snapshot', {
    token: null,
    json: { environmentId: environment.body.id },
  })
  expect(empty.status).toBe(400)
  expect(empty.body.error.code).toBe('invalid_request')
  expect(empty.body.error.message).toBe(
    `Failed to seed snapshot: environment "${environment.body.id}" is deleted and holds no data; give the data of every app`,
  )
  const donor = await client.post('/__replica/seed/environment', { token: null, json: {} })
  const state = await client.get('/__replica/state', { token: null })
  const crm = state.body.environmentData[donor.body.id].crm
  const given = await client.post('/__replica/seed/snapshot', {
    token: null,
    json: { environmentId: environment.body.id, data: { crm } },
  })
  expect(given.status).toBe(201)
})
