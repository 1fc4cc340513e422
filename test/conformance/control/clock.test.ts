import { expect, test } from '../../support/harness.js'

test('switches to manual time and advances it exactly', async ({ client }) => {
  const manual = await client.post('/__replica/clock', { token: null, json: { mode: 'manual' } })
  expect(manual.status).toBe(200)
  expect(manual.body.mode).toBe('manual')
  const set = await client.post('/__replica/clock', {
    token: null,
    json: { set: '2030-01-01T00:00:00.000Z' },
  })
  expect(set.body.now).toBe('2030-01-01T00:00:00.000Z')
  const advanced = await client.post('/__replica/clock', { token: null, json: { advanceMs: 90_000 } })
  expect(advanced.body.now).toBe('2030-01-01T00:01:30.000Z')
  expect((await client.get('/__replica/clock', { token: null })).body.now).toBe('2030-01-01T00:01:30.000Z')
})

test('adds an offset to real time when advanced in real mode', async ({ client }) => {
  const before = Date.now()
  const advanced = await client.post('/__replica/clock', { token: null, json: { advanceMs: 3_600_000 } })
  expect(advanced.body.mode).toBe('real')
  expect(Date.parse(advanced.body.now)).toBeGreaterThanOrEqual(before + 3_600_000)
})

test('rejects a negative advance and an unknown command with 400', async ({ client }) => {
  expect((await client.post('/__replica/clock', { token: null, json: { advanceMs: -1 } })).status).toBe(400)
  expect((await client.post('/__replica/clock', { token: null, json: { rewind: 1 } })).status).toBe(400)
  expect((await client.post('/__replica/clock', { token: null, json: { set: 'yesterday' } })).status).toBe(
    400,
  )
})

test('reset restores the configured clock mode', async ({ client }) => {
  await client.post('/__replica/clock', { token: null, json: { mode: 'manual' } })
  await client.post('/__replica/reset', { token: null })
  expect((await client.get('/__replica/clock', { token: null })).body.mode).toBe('real')
})

test('sets lifecycle delays and reset restores the configured ones', async ({ client }) => {
  const put = await client.put('/__replica/lifecycle', {
    token: null,
    json: { startMs: 5000, snapshotMs: 100 },
  })
  expect(put.status).toBe(200)
  expect(put.body).toEqual({ startMs: 5000, resumeMs: 0, snapshotMs: 100, bulkMs: 0 })
  await client.post('/__replica/reset', { token: null })
  expect((await client.get('/__replica/lifecycle', { token: null })).body).toEqual({
    startMs: 0,
    resumeMs: 0,
    snapshotMs: 0,
    bulkMs: 0,
  })
})

test('rejects a negative or fractional lifecycle delay', async ({ client }) => {
  expect((await client.put('/__replica/lifecycle', { token: null, json: { startMs: -1 } })).status).toBe(400)
  expect((await client.put('/__replica/lifecycle', { token: null, json: { startMs: 1.5 } })).status).toBe(400)
  expect((await client.put('/__replica/lifecycle', { token: null, json: { waitMs: 1 } })).status).toBe(400)
})

test('answers unknown control paths with 404', async ({ client }) => {
  expect((await client.get('/__replica/nope', { token: null })).status).toBe(404)
})
