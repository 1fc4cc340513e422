import { ACME, composite, expectStatuses, sub } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

/** The seed's org was created on 2026-01-05T09:00:00Z: describes last changed then. */
const BEFORE_ORG = 'Sun, 04 Jan 2026 09:00:00 GMT'
const AFTER_ORG = 'Mon, 05 Jan 2026 09:00:00 GMT'

test('describe global and an object’s describe carry ETag and Last-Modified, and answer 304 when not modified since', async ({
  client,
}) => {
  const app = await connectApp(client)
  for (const path of [`${V}/sobjects`, `${V}/sobjects/Account/describe`]) {
    const first = await app.get(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('last-modified')).toBe(AFTER_ORG)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{8}"$/)

    const notModified = await app.get(path, { headers: { 'If-Modified-Since': AFTER_ORG } })
    expect(notModified.status, path).toBe(304)
    expect(notModified.text).toBe('')
    expect(notModified.headers.get('etag')).toBe(etag)
    expect((await app.get(path, { headers: { 'If-Modified-Since': BEFORE_ORG } })).status, path).toBe(200)
    expect((await app.get(path, { headers: { 'If-None-Match': etag } })).status, path).toBe(304)
    expect((await app.get(path, { headers: { 'If-None-Match': '"other"' } })).status, path).toBe(200)
    expectNativeError(
      await app.get(path, { headers: { 'If-Unmodified-Since': BEFORE_ORG } }),
      412,
      'PRECONDITION_FAILED',
    )
    expect((await app.get(path, { headers: { 'If-Unmodified-Since': AFTER_ORG } })).status).toBe(200)
    // an invalid date on a read is ignored, as HTTP says
    expect((await app.get(path, { headers: { 'If-Modified-Since': 'yesterday' } })).status).toBe(200)
  }
})

test('a describe’s ETag differs by API version and by actor, as its body does', async ({ client }) => {
  const app = await connectApp(client)
  const etag = async (path: string, connection = app) => (await connection.get(path)).headers.get('etag')
  const v60 = await etag(`${V}/sobjects/Account/describe`)
  expect(await etag('/services/data/v48.0/sobjects/Account/describe')).not.toBe(v60)
  expect(await etag(`${V}/sobjects/Account/describe`, await app.as('integration'))).not.toBe(v60)
})

test('a row’s ETag changes with the record; If-None-Match answers 304, If-Match a stale tag 412', async ({
  client,
  mock,
}) => {
  const app = await connectApp(client)
  const row = `${V}/sobjects/Account/${ACME}`
  const first = await app.get(row)
  const etag = first.headers.get('etag')!
  expect(etag).toMatch(/^"[A-Za-z0-9+/=]+"$/)
  expect(first.headers.get('last-modified')).toMatch(/ GMT$/)
  // the same record read with fields= carries the whole record's tag
  expect((await app.get(`${row}?fields=Name`)).headers.get('etag')).toBe(etag)

  const cached = await app.get(row, { headers: { 'If-None-Match': etag } })
  expect(cached.status).toBe(304)
  expect(cached.text).toBe('')
  expect((await app.get(row, { headers: { 'If-None-Match': `"stale", ${etag}` } })).status).toBe(304)
  expect((await app.get(row, { headers: { 'If-Match': etag } })).status).toBe(200)

  mock.clock.advance(5_000)
  const lastModified = first.headers.get('last-modified')!
  expect((await app.patch(row, { json: { Phone: '555-0100' }, headers: { 'If-Match': etag } })).status).toBe(
    204,
  )
  const after = await app.get(row)
  expect(after.headers.get('etag')).not.toBe(etag)
  expect(after.body.Phone).toBe('555-0100')
  expect((await app.get(row, { headers: { 'If-Modified-Since': lastModified } })).status).toBe(200)

  // the stale tag: nothing written
  const stale = await app.patch(row, { json: { Phone: '555-0199' }, headers: { 'If-Match': etag } })
  expectNativeError(stale, 412, 'PRECONDITION_FAILED')
  expect((await app.get(row)).body.Phone).toBe('555-0100')
  expectNativeError(
    await app.patch(row, { json: { Phone: '555-0199' }, headers: { 'If-Unmodified-Since': lastModified } }),
    412,
    'PRECONDITION_FAILED',
  )
  expectNativeError(
    await app.patch(row, {
      json: { Phone: '555-0199' },
      headers: { 'If-None-Match': after.headers.get('etag')! },
    }),
    412,
    'PRECONDITION_FAILED',
  )
  expect((await app.get(row)).body.Phone).toBe('555-0100')
})

test('DELETE honours If-Match; a malformed header on a write is 400 and changes nothing', async ({
  client,
}) => {
  const app = await connectApp(client)
  const row = `${V}/sobjects/Account/${ACME}`
  expectNativeError(await app.delete(row, { headers: { 'If-Match': '"stale"' } }), 412, 'PRECONDITION_FAILED')
  expectNativeError(
    await app.patch(row, { json: { Phone: '1' }, headers: { 'If-Match': 'not-a-tag' } }),
    400,
    'INVALID_INPUT',
  )
  expectNativeError(
    await app.patch(row, { json: { Phone: '1' }, headers: { 'If-Unmodified-Since': 'soon' } }),
    400,
    'INVALID_INPUT',
  )
  expect((await app.get(row)).status).toBe(200)
  const etag = (await app.get(row)).headers.get('etag')!
  expect((await app.delete(row, { headers: { 'If-Match': etag } })).status).toBe(204)
  expect((await app.get(row)).status).toBe(404)
})

test('resources that do not honour conditional headers refuse them loudly', async ({ client }) => {
  const app = await connectApp(client)
  for (const path of [`${V}/sobjects/Account`, `${V}/sobjects/Account/describe/layouts`]) {
    const refused = await app.get(path, { headers: { 'If-None-Match': '"x"' } })
    expect(expectNativeError(refused, 501, 'FEATURE_NOT_ENABLED').message, path).toContain('if-none-match')
  }
})

test('a composite subrequest’s httpHeaders make it conditional; its answer carries ETag and Last-Modified', async ({
  client,
}) => {
  const app = await connectApp(client)
  const etag = (await app.get(`${V}/sobjects/Account/${ACME}`)).headers.get('etag')!
  const response = await composite(app, [
    { ...sub('GET', `/sobjects/Account/${ACME}`, 'row'), httpHeaders: { 'If-None-Match': etag } },
    { ...sub('GET', '/sobjects', 'global'), httpHeaders: { 'If-Modified-Since': BEFORE_ORG } },
    {
      ...sub('GET', '/sobjects/Account/describe', 'describe'),
      httpHeaders: { 'If-Modified-Since': AFTER_ORG },
    },
  ])
  const [row, global, describe] = expectStatuses(response, [
    ['row', 304],
    ['global', 200],
    ['describe', 304],
  ])
  expect(row!.body).toBeNull()
  expect(row!.httpHeaders).toEqual({ ETag: etag, 'Last-Modified': expect.stringMatching(/ GMT$/) })
  expect(global!.httpHeaders).toEqual({ ETag: expect.any(String), 'Last-Modified': AFTER_ORG })
  expect(describe!.body).toBeNull()
})
