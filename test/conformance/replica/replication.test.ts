/**
 * Data replication: `sobjects/{object}/updated` and `/deleted` on the mock clock — the window's
 * rules (seconds ignored, start before end, not before the org, not further back than 30 / 15
 * days), what each lists and `latestDateCovered` / `earliestDateAvailable`.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

/** The seed's org was created 2026-01-05T09:00Z; this is two months later, 30 s into a minute. */
const NOW = Date.parse('2026-03-10T12:00:30.000Z')
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** A dateTime as jsforce sends it (`+00:00`), URL-encoded. */
const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00'))
const sfDate = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000')

test('updated lists the records created or changed in the window, by SystemModstamp', async ({
  client,
  mock,
}) => {
  mock.clock.set(NOW - 10 * MINUTE)
  const app = await connectApp(client)
  // records stamped in the past (an environment expires within a day of the clock moving on)
  const [old] = mock
    .records(app.environment.id)
    .insert('Account', [{ Name: 'Before the window', CreatedDate: sfDate(NOW - 2 * DAY) }])
  const created = await createRecord(app, 'Account', { Name: 'Created in it' })
  mock.clock.set(NOW - 5 * MINUTE)
  const later = await createRecord(app, 'Account', { Name: 'Created later' })
  mock.clock.set(NOW - 4 * MINUTE)
  expect((await app.patch(`${V}/sobjects/Account/${old}`, { json: { Rating: 'Hot' } })).status).toBe(204)
  mock.clock.set(NOW)
  const inThisMinute = await createRecord(app, 'Account', { Name: 'Too new: the current minute' })

  const response = await app.get(`${V}/sobjects/Account/updated/?start=${at(NOW - DAY)}&end=${at(NOW + DAY)}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
  // the answer covers up to the current minute, which the next call should start from
  expect(response.body).toEqual({
    ids: [created, later, old],
    latestDateCovered: sfDate(NOW - 30_000),
  })
  expect(response.body.ids).not.toContain(inThisMinute)
  const narrow = await app.get(
    `${V}/sobjects/account/UPDATED?start=${at(NOW - 10 * MINUTE)}&end=${at(NOW - 5 * MINUTE)}`,
  )
  expect(narrow.body).toEqual({ ids: [created], latestDateCovered: sfDate(NOW - 5 * MINUTE - 30_000) })
})

test('seconds are ignored: a window inside one minute is refused, one a minute long is not', async ({
  client,
  mock,
}) => {
  mock.clock.set(NOW)
  const app = await connectApp(client)
  const start = NOW - 30_000 - 10 * MINUTE
  const sameMinute = await app.get(
    `${V}/sobjects/Account/updated?start=${at(start + 10_000)}&end=${at(start + 59_000)}`,
  )
  expect(expectNativeError(sameMinute, 400, 'INVALID_REPLICATION_DATE').message).toContain('start')
  const reversed = await app.get(`${V}/sobjects/Account/updated?start=${at(start)}&end=${at(start - MINUTE)}`)
  expectNativeError(reversed, 400, 'INVALID_REPLICATION_DATE')
  const oneMinute = await app.get(
    `${V}/sobjects/Account/updated?start=${at(start)}&end=${at(start + MINUTE)}`,
  )
  expect(oneMinute.status).toBe(200)
})

test('updated reaches back 30 days, deleted 15: a start one minute further is refused', async ({
  client,
  mock,
}) => {
  mock.clock.set(NOW)
  const app = await connectApp(client)
  const now = NOW - 30_000
  const updatedFrom = (start: number) =>
    app.get(`${V}/sobjects/Contact/updated?start=${at(start)}&end=${at(NOW)}`)
  expect((await updatedFrom(now - 30 * DAY)).status).toBe(200)
  expectNativeError(await updatedFrom(now - 30 * DAY - MINUTE), 400, 'INVALID_REPLICATION_DATE')
  const deletedFrom = (start: number) =>
    app.get(`${V}/sobjects/Contact/deleted?start=${at(start)}&end=${at(NOW)}`)
  const fifteen = await deletedFrom(now - 15 * DAY)
  expect(fifteen.status).toBe(200)
  expect(fifteen.body.earliestDateAvailable).toBe(sfDate(now - 15 * DAY))
  expectNativeError(await deletedFrom(now - 15 * DAY - MINUTE), 400, 'INVALID_REPLICATION_DATE')
})

test('a start before the org was created is refused as Salesforce words it', async ({ client, mock }) => {
  // 10 days after the org's creation (2026-01-05T09:00Z): 30 days back is before it
  mock.clock.set(Date.parse('2026-01-15T09:00:00.000Z'))
  const app = await connectApp(client)
  const response = await app.get(
    `${V}/sobjects/Account/updated?start=${at(Date.parse('2026-01-05T08:59:00.000Z'))}&end=${at(Date.parse('2026-01-06T00:00:00.000Z'))}`,
  )
  const error = expectNativeError(response, 400, 'INVALID_REPLICATION_DATE')
  expect(error.message).toBe('startDate before org replication enabled date')
  const fromCreation = await app.get(
    `${V}/sobjects/Account/deleted?start=${at(Date.parse('2026-01-05T09:00:00.000Z'))}&end=${at(Date.parse('2026-01-06T00:00:00.000Z'))}`,
  )
  expect(fromCreation.body.earliestDateAvailable).toBe('2026-01-05T09:00:00.000+0000')
})

test('deleted lists recycle-bin records with their deletion time, cascades included', async ({
  client,
  mock,
}) => {
  mock.clock.set(NOW - 10 * MINUTE)
  const app = await connectApp(client)
  const account = await createRecord(app, 'Account', { Name: 'Doomed' })
  const contact = await createRecord(app, 'Contact', { LastName: 'Cascaded', AccountId: account })
  const kept = await createRecord(app, 'Contact', { LastName: 'Kept' })
  mock.clock.set(NOW - 2 * MINUTE + 15_000)
  expect((await app.delete(`${V}/sobjects/Account/${account}`)).status).toBe(204)

  mock.clock.set(NOW)
  const response = await app.get(`${V}/sobjects/Contact/deleted/?start=${at(NOW - DAY)}&end=${at(NOW)}`)
  expect(response.status).toBe(200)
  expect(response.body).toEqual({
    deletedRecords: [{ id: contact, deletedDate: sfDate(NOW - 2 * MINUTE + 15_000) }],
    earliestDateAvailable: sfDate(NOW - 30_000 - 15 * DAY),
    latestDateCovered: sfDate(NOW - 30_000),
  })
  // a deleted record is no longer "updated", and one outside the window is not listed
  const updated = await app.get(`${V}/sobjects/Contact/updated?start=${at(NOW - DAY)}&end=${at(NOW)}`)
  expect(updated.body.ids).toEqual([kept])
  const before = await app.get(
    `${V}/sobjects/Contact/deleted?start=${at(NOW - DAY)}&end=${at(NOW - 2 * MINUTE)}`,
  )
  expect(before.body.deletedRecords).toEqual([])
})

test('missing, malformed and unknown parameters, other methods and unknown objects are refused', async ({
  client,
  mock,
}) => {
  mock.clock.set(NOW)
  const app = await connectApp(client)
  const start = at(NOW - DAY)
  expectNativeError(await app.get(`${V}/sobjects/Account/updated?start=${start}`), 400, 'MISSING_ARGUMENT')
  expectNativeError(await app.get(`${V}/sobjects/Account/deleted`), 400, 'MISSING_ARGUMENT')
  // an unencoded + reads as a space
  const plus = await app.get(`${V}/sobjects/Account/updated?start=2026-03-09T12:00:00+00:00&end=${at(NOW)}`)
  expect(expectNativeError(plus, 400, 'INVALID_REPLICATION_DATE').message).toContain('not a dateTime')
  expectNativeError(
    await app.get(`${V}/sobjects/Account/updated?start=${start}&end=yesterday`),
    400,
    'INVALID_REPLICATION_DATE',
  )
  expectNativeError(
    await app.get(`${V}/sobjects/Account/updated?start=${start}&end=${at(NOW)}&limit=5`),
    400,
    'MALFORMED_QUERY',
  )
  expectNativeError(await app.post(`${V}/sobjects/Account/updated`, { json: {} }), 405, 'METHOD_NOT_ALLOWED')
  expectNativeError(
    await app.get(`${V}/sobjects/Nope__c/updated?start=${start}&end=${at(NOW)}`),
    404,
    'NOT_FOUND',
  )
  // Z and fractional seconds are dateTimes too
  const zulu = await app.get(
    `${V}/sobjects/Account/updated?start=2026-03-09T12:00:00.123Z&end=2026-03-10T00:00:00Z`,
  )
  expect(zulu.status).toBe(200)
})
