/**
 * Issue 43 item 11: every label and settings key is data — `__proto__`, `constructor` and
 * `toString` too. They are stored as ordinary keys through create, get, list filters, PATCH,
 * snapshots and the state document, and a body that names `__proto__` never reaches
 * `Object.prototype`.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { createSnapshot } from '../../support/management.js'

const test = conformanceTest({ clock: 'manual' })
const JSON_TYPE = { 'content-type': 'application/json' }

/** JSON text with a `__proto__` key (a JS literal would set the prototype instead). */
const LABELS = '{"__proto__":"x","constructor":"c","toString":"t"}'
const SETTINGS = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}}}'

function ownKeys(value: object): string[] {
  return Object.keys(value).sort()
}

test('labels and settings keep __proto__ and constructor as data, and pollute nothing', async ({
  client,
}) => {
  const created = await client.post('/v1/environments', {
    headers: JSON_TYPE,
    body: `{"apps":[{"app":"crm","settings":${SETTINGS}}],"labels":${LABELS}}`,
  })
  expect(created.status, created.text).toBe(202)
  expect(({} as any).polluted).toBeUndefined()
  expect(created.body.labels).toEqual(JSON.parse(LABELS))
  expect(ownKeys(created.body.labels)).toEqual(['__proto__', 'constructor', 'toString'])

  const got = (await client.get(`/v1/environments/${created.body.id}`)).body
  expect(got.labels).toEqual(JSON.parse(LABELS))
  expect(got.apps[0].settings).toEqual(JSON.parse(SETTINGS))
  expect(Object.hasOwn(got.apps[0].settings, '__proto__')).toBe(true)
  // settings the app does not know fail its start, naming the key as it was sent
  expect(got.status).toBe('failed')
  expect(got.failure).toMatchObject({
    code: 'invalid_settings',
    message: expect.stringContaining('"__proto__"'),
  })
  expect(({} as any).polluted).toBeUndefined()
})

test('a label filter finds the __proto__ label; PATCH replaces labels with one', async ({ client }) => {
  const labelled = await client.post('/v1/environments', {
    headers: JSON_TYPE,
    body: `{"apps":["crm"],"labels":{"__proto__":"x"}}`,
  })
  expect(labelled.status, labelled.text).toBe(202)
  const other = await client.post('/v1/environments', { json: { apps: ['crm'], labels: { team: 'a' } } })
  const ids = async (filter: string) =>
    (await client.get(`/v1/environments?label=${encodeURIComponent(filter)}`)).body.data.map((e: any) => e.id)
  expect(await ids('__proto__=x')).toEqual([labelled.body.id])
  expect(await ids('__proto__=y')).toEqual([])
  expect(await ids('constructor=c')).toEqual([])

  const patched = await client.patch(`/v1/environments/${other.body.id}`, {
    headers: JSON_TYPE,
    body: '{"labels":{"__proto__":"{\\"polluted\\":3}","team":"b"}}',
  })
  expect(patched.status, patched.text).toBe(200)
  expect(patched.body.labels).toEqual(JSON.parse('{"__proto__":"{\\"polluted\\":3}","team":"b"}'))
  expect(await ids('__proto__=x')).toEqual([labelled.body.id])
  expect(await ids('team=b')).toEqual([other.body.id])
  expect(({} as any).polluted).toBeUndefined()
})

test('a __proto__ key is validated like any other: a value over 256 characters is named', async ({
  client,
}) => {
  const response = await client.post('/v1/environments', {
    headers: JSON_TYPE,
    body: `{"apps":["crm"],"labels":{"__proto__":"${'v'.repeat(257)}"}}`,
  })
  expect(response.status).toBe(400)
  expect(response.body.error.fields).toHaveProperty(['labels.__proto__'])
  expect((await client.get('/v1/environments')).body.data).toEqual([])
})

test('snapshots and the state document keep __proto__ keys', async ({ client, mock }) => {
  const seeded = await client.post('/__replica/seed/environment', {
    token: null,
    headers: JSON_TYPE,
    body: `{"status":"running","apps":[{"app":"crm","settings":${SETTINGS}}],"labels":${LABELS}}`,
  })
  expect(seeded.status, seeded.text).toBe(201)
  const snapshot = await createSnapshot(client, seeded.body.id)
  mock.clock.advance(1)
  const restored = await client.post('/v1/environments', { json: { snapshotId: snapshot.id } })
  expect(restored.status, restored.text).toBe(202)
  expect(restored.body.apps[0].settings).toEqual(JSON.parse(SETTINGS))

  const state = await client.get('/__replica/state', { token: null })
  expect(state.status).toBe(200)
  expect((await client.post('/__replica/reset', { token: null })).status).toBe(200)
  expect((await client.get('/v1/environments')).body.data).toEqual([])
  const put = await client.put('/__replica/state', { token: null, headers: JSON_TYPE, body: state.text })
  expect(put.status, put.text).toBe(200)
  const back = (await client.get(`/v1/environments/${seeded.body.id}`)).body
  expect(back.labels).toEqual(JSON.parse(LABELS))
  expect(back.apps[0].settings).toEqual(JSON.parse(SETTINGS))
  expect((await client.get(`/v1/environments/${restored.body.id}`)).body.apps[0].settings).toEqual(
    JSON.parse(SETTINGS),
  )
  expect(({} as any).polluted).toBeUndefined()
})
