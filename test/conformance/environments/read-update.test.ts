import { Environment, EnvironmentList } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { createEnvironment, expectError, getEnvironment, TOKENS } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual' })

test('gets an environment by id', async ({ client }) => {
  const created = await createEnvironment(client, { apps: ['crm'], labels: { team: 'a' } })
  const response = await client.get(`/v1/environments/${created.id}`)
  expect(response.status).toBe(200)
  expect(Environment.parse(response.body)).toEqual({
    ...created,
    status: 'running',
    startedAt: created.createdAt,
    expiresAt: new Date(Date.parse(created.createdAt) + 60 * 60_000).toISOString(),
  })
})

test('answers 404 for an unknown id, and for another workspace to an API key', async ({ client, mock }) => {
  expectError(await client.get('/v1/environments/env_nothere'), 404, 'not_found')
  const other = await mock.seed.environment({ workspaceId: 'ws_other' })
  expectError(await client.get(`/v1/environments/${other.id}`), 404, 'not_found')
  expect((await client.get(`/v1/environments/${other.id}`, { token: TOKENS.other })).status).toBe(200)
  expect((await client.get(`/v1/environments/${other.id}`, { token: TOKENS.member })).status).toBe(200)
})

test('lets the read-only key read', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  expect((await client.get(`/v1/environments/${environment.id}`, { token: TOKENS.readonly })).status).toBe(
    200,
  )
  expect((await client.get('/v1/environments', { token: TOKENS.readonly })).status).toBe(200)
})

test('replaces labels and sets or clears the name', async ({ client }) => {
  const created = await createEnvironment(client, { apps: ['crm'], labels: { a: '1', b: '2' }, name: 'Old' })
  const renamed = await client.patch(`/v1/environments/${created.id}`, {
    json: { labels: { c: '3' }, name: 'New' },
  })
  expect(renamed.status).toBe(200)
  expect(Environment.parse(renamed.body)).toMatchObject({ labels: { c: '3' }, name: 'New' })
  const cleared = await client.patch(`/v1/environments/${created.id}`, { json: { name: null } })
  expect(Environment.parse(cleared.body)).toMatchObject({ labels: { c: '3' }, name: null })
  expect((await getEnvironment(client, created.id)).name).toBeNull()
})

test('refuses update bodies out of bounds or with unknown keys', async ({ client }) => {
  const created = await createEnvironment(client)
  for (const json of [
    { name: '' },
    { name: 'x'.repeat(121) },
    { labels: { a: 'x'.repeat(257) } },
    { status: 'paused' },
  ]) {
    expectError(await client.patch(`/v1/environments/${created.id}`, { json }), 400, 'invalid_request')
  }
  expect(
    (await client.patch(`/v1/environments/${created.id}`, { json: { name: 'x'.repeat(120) } })).status,
  ).toBe(200)
})

test('refuses to update a deleted environment with 409 invalid_status', async ({ client, mock }) => {
  const deleted = await mock.seed.environment({ status: 'deleted' })
  expectError(
    await client.patch(`/v1/environments/${deleted.id}`, { json: { name: 'x' } }),
    409,
    'invalid_status',
  )
})

test('answers 404 to updates of another workspace and 403 to the read-only key', async ({ client, mock }) => {
  const other = await mock.seed.environment({ workspaceId: 'ws_other' })
  expectError(await client.patch(`/v1/environments/${other.id}`, { json: { name: 'x' } }), 404, 'not_found')
  const own = await mock.seed.environment()
  expectError(
    await client.patch(`/v1/environments/${own.id}`, { json: { name: 'x' }, token: TOKENS.readonly }),
    403,
    'forbidden',
  )
})

test('lists newest first and pages with a cursor', async ({ client, mock }) => {
  const ids = []
  for (let i = 0; i < 5; i++) {
    ids.push((await createEnvironment(client)).id)
    mock.clock.advance(1)
  }
  const first = EnvironmentList.parse((await client.get('/v1/environments?limit=3')).body)
  expect(first.data.map((environment) => environment.id)).toEqual(ids.slice(2).reverse())
  const second = EnvironmentList.parse(
    (await client.get(`/v1/environments?limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`)).body,
  )
  expect(second).toEqual({ data: expect.any(Array), nextCursor: null })
  expect(second.data.map((environment) => environment.id)).toEqual(ids.slice(0, 2).reverse())
})

test('shows an API key only its workspace and empties a filter on another', async ({ client, mock }) => {
  const own = await mock.seed.environment()
  await mock.seed.environment({ workspaceId: 'ws_other' })
  const listed = (await client.get('/v1/environments')).body.data.map(
    (environment: Environment) => environment.id,
  )
  expect(listed).toEqual([own.id])
  expect((await client.get('/v1/environments?workspaceId=ws_other')).body).toEqual({
    data: [],
    nextCursor: null,
  })
  expect((await client.get('/v1/environments', { token: TOKENS.member })).body.data).toHaveLength(2)
})

test('filters by workspaceId for a member', async ({ client, mock }) => {
  await mock.seed.environment()
  const other = await mock.seed.environment({ workspaceId: 'ws_other' })
  const response = await client.get('/v1/environments?workspaceId=ws_other', { token: TOKENS.member })
  expect(response.body.data.map((environment: Environment) => environment.id)).toEqual([other.id])
})

test('filters by status, repeated or comma separated', async ({ client, mock }) => {
  const running = await mock.seed.environment({ status: 'running' })
  const paused = await mock.seed.environment({ status: 'paused' })
  await mock.seed.environment({ status: 'deleted' })
  const ids = (response: { body: { data: Environment[] } }) =>
    response.body.data.map((environment) => environment.id)
  expect(ids(await client.get('/v1/environments?status=paused'))).toEqual([paused.id])
  expect(ids(await client.get('/v1/environments?status=paused,running'))).toEqual([paused.id, running.id])
  expect(ids(await client.get('/v1/environments?status=paused&status=running'))).toEqual([
    paused.id,
    running.id,
  ])
})

test('accepts 5 statuses and refuses 6 or an unknown one', async ({ client }) => {
  const five = 'starting,running,paused,failed,deleted'
  expect((await client.get(`/v1/environments?status=${five}`)).status).toBe(200)
  expect(
    expectError(await client.get(`/v1/environments?status=${five},running`), 400, 'invalid_request').fields,
  ).toHaveProperty('status')
  expectError(await client.get('/v1/environments?status=saving'), 400, 'invalid_request')
})

test('filters by snapshotId', async ({ client, mock }) => {
  const source = await mock.seed.environment()
  const snapshot = await mock.seed.snapshot({ environmentId: source.id })
  const restored = await createEnvironment(client, { snapshotId: snapshot.id })
  await createEnvironment(client)
  const response = await client.get(`/v1/environments?snapshotId=${snapshot.id}`)
  expect(response.body.data.map((environment: Environment) => environment.id)).toEqual([restored.id])
  expect((await client.get('/v1/environments?snapshotId=snap_none')).body.data).toEqual([])
  expectError(await client.get('/v1/environments?snapshotId=-bad'), 400, 'invalid_request')
})

test('searches name and id, case-insensitively', async ({ client, mock }) => {
  const alpha = await mock.seed.environment({ name: 'Alpha Demo' })
  const beta = await mock.seed.environment({ name: 'Beta' })
  await mock.seed.environment({ name: null })
  const ids = async (search: string) =>
    (await client.get(`/v1/environments?search=${encodeURIComponent(search)}`)).body.data.map(
      (environment: Environment) => environment.id,
    )
  expect(await ids('alpha')).toEqual([alpha.id])
  expect(await ids('DEMO')).toEqual([alpha.id])
  expect(await ids(beta.id.slice(4, 12).toUpperCase())).toEqual([beta.id])
})

test('accepts a search of 120 chars and refuses 121', async ({ client }) => {
  expect((await client.get(`/v1/environments?search=${'a'.repeat(120)}`)).status).toBe(200)
  expectError(await client.get(`/v1/environments?search=${'a'.repeat(121)}`), 400, 'invalid_request')
})

test('filters by labels key=value, every one ANDed with the other filters', async ({ client, mock }) => {
  const both = await mock.seed.environment({ labels: { team: 'a', tier: 'gold' } })
  await mock.seed.environment({ labels: { team: 'a' } })
  await mock.seed.environment({ labels: { team: 'a', tier: 'gold' }, status: 'paused' })
  const response = await client.get('/v1/environments?label=team=a&label=tier=gold&status=running')
  expect(response.body.data.map((environment: Environment) => environment.id)).toEqual([both.id])
  const comma = await client.get('/v1/environments?label=team=a,tier=gold&status=running')
  expect(comma.body.data.map((environment: Environment) => environment.id)).toEqual([both.id])
})

test('matches a label with an empty value or one holding = and commas', async ({ client, mock }) => {
  const empty = await mock.seed.environment({ labels: { note: '' } })
  const odd = await mock.seed.environment({ labels: { expr: 'a=b,c' } })
  const ids = async (label: string) =>
    (await client.get(`/v1/environments?label=${encodeURIComponent(label)}`)).body.data.map(
      (environment: Environment) => environment.id,
    )
  expect(await ids('note=')).toEqual([empty.id])
  expect(await ids('expr=a=b,c')).toEqual([odd.id])
})

test('accepts 32 label filters and refuses 33 or one without =', async ({ client }) => {
  const labels = (n: number) => Array.from({ length: n }, (_, i) => `label=k${i}=v`).join('&')
  expect((await client.get(`/v1/environments?${labels(32)}`)).status).toBe(200)
  expect(
    expectError(await client.get(`/v1/environments?${labels(33)}`), 400, 'invalid_request').fields,
  ).toHaveProperty('label')
  expectError(await client.get('/v1/environments?label=novalue'), 400, 'invalid_request')
})

test('refuses bad limits and cursors', async ({ client }) => {
  expectError(await client.get('/v1/environments?limit=0'), 400, 'invalid_request')
  expectError(await client.get('/v1/environments?limit=101'), 400, 'invalid_request')
  expectError(await client.get('/v1/environments?cursor=notacursor'), 400, 'invalid_request')
})

test('pages through a snapshotId filter without losing records', async ({ client, mock }) => {
  const source = await mock.seed.environment()
  const snapshot = await mock.seed.snapshot({ environmentId: source.id })
  const restored = []
  for (let i = 0; i < 5; i++) {
    restored.push((await mock.seed.environment({ snapshotId: snapshot.id })).id)
    await mock.seed.environment()
    mock.clock.advance(1)
  }
  const seen: string[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const page = EnvironmentList.parse(
      (await client.get(`/v1/environments?snapshotId=${snapshot.id}&limit=2${query}`)).body,
    )
    seen.push(...page.data.map((environment) => environment.id))
    cursor = page.nextCursor
  } while (cursor)
  expect(seen).toEqual(restored.reverse())
})
