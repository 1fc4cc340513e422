import { describe, expect, it } from 'vitest'
import { createRecordedCalls, type PendingCall } from './recorded-calls.js'
import { KnownSecrets } from './known-secrets.js'
import type { RawCall } from './raw-call.js'

function call(query: string, responseSize = 0): RawCall {
  return {
    app: 'crm',
    method: 'GET',
    path: '/services/data',
    query,
    requestHeaders: new Headers(),
    requestBody: { contentType: null, data: new Uint8Array(0), complete: true, size: 0 },
    responseStatus: 200,
    respondedBy: 'app',
    errorCode: null,
    responseHeaders: new Headers([['content-type', 'text/plain']]),
    responseBody: {
      contentType: 'text/plain',
      data: new Uint8Array(responseSize).fill(0x61),
      complete: true,
      size: responseSize,
    },
    receivedAtMs: Date.parse('2026-01-01T00:00:00.000Z'),
    durationMs: 0,
    secrets: [],
  }
}

const queries = (log: ReturnType<typeof createRecordedCalls>, environmentId: string) =>
  [...log.newestFirst(environmentId)].map((call) => call.query)

function begin(log: ReturnType<typeof createRecordedCalls>, environmentId: string): PendingCall {
  const pending = log.begin(environmentId)
  expect(pending).toBeDefined()
  return pending!
}

function record(
  log: ReturnType<typeof createRecordedCalls>,
  environmentId: string,
  raw: RawCall,
): PendingCall {
  const pending = begin(log, environmentId)
  log.complete(pending, raw)
  return pending
}

describe('createRecordedCalls', () => {
  it('keeps what an environment holds under its byte budget: the oldest calls go, the others stay found', () => {
    // each call holds about 1 KiB of its own, its texts and a 4 KiB preview of a 6 KiB body
    const log = createRecordedCalls({ capacity: 100, heldBytesBudget: 16 * 1024 })
    const ids = ['1', '2', '3', '4', '5'].map((n) => record(log, 'env_a', call(n, 6 * 1024)).id)
    const other = record(log, 'env_b', call('b', 6 * 1024)).id
    expect(queries(log, 'env_a')).toEqual(['5', '4', '3'])
    expect(ids.map((id) => log.get(id)?.query)).toEqual([undefined, undefined, '3', '4', '5'])
    expect(log.get(other)?.query).toBe('b')
    // the newest call stays, even when it alone holds more
    const big = createRecordedCalls({ capacity: 100, heldBytesBudget: 1024 })
    record(big, 'env_a', call('1', 6 * 1024))
    record(big, 'env_a', call('2', 6 * 1024))
    expect(queries(big, 'env_a')).toEqual(['2'])
    expect(big.exportAll().map((exported) => exported.query)).toEqual(['2'])
  })

  it('finds a call by its id, req_ and 16 random characters', () => {
    const log = createRecordedCalls({ capacity: 3 })
    const ids = ['1', '2', '3', '4'].map((n) => record(log, n === '4' ? 'env_b' : 'env_a', call(n)).id)
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-z]{16}$/)
    expect(ids.map((id) => log.get(id)?.query)).toEqual(['1', '2', '3', '4'])
    expect(log.get('req_zzzzzzzzzzzzzzzz')).toBeUndefined()
  })

  it('lists completed calls newest first in the order they were begun', () => {
    const log = createRecordedCalls({ capacity: 10 })
    const first = begin(log, 'env_a')
    const second = begin(log, 'env_a')
    log.complete(second, call('2'))
    expect(queries(log, 'env_a')).toEqual(['2'])
    log.complete(first, call('1'))
    expect(queries(log, 'env_a')).toEqual(['2', '1'])
    expect(log.get(first.id)).toMatchObject({ id: first.id, environmentId: 'env_a', query: '1' })
  })

  it('drops the oldest call beyond capacity, pending or not', () => {
    const log = createRecordedCalls({ capacity: 2 })
    const pending = begin(log, 'env_a')
    for (const n of ['2', '3']) record(log, 'env_a', call(n))
    log.complete(pending, call('late'))
    expect(queries(log, 'env_a')).toEqual(['3', '2'])
    expect(log.get(pending.id)).toBeUndefined()
  })

  it('records nothing with capacity 0', () => {
    const log = createRecordedCalls({ capacity: 0 })
    expect(log.begin('env_a')).toBeUndefined()
    expect(queries(log, 'env_a')).toEqual([])
  })

  it('starts below a given seq', () => {
    const log = createRecordedCalls({ capacity: 5 })
    const seqs = ['1', '2', '3'].map((n) => record(log, 'env_a', call(n)).seq)
    expect([...log.newestFirst('env_a', seqs[1])].map((call) => call.query)).toEqual(['1'])
  })

  it('drops the oldest kept bodies beyond the budget but keeps their calls and previews', () => {
    const log = createRecordedCalls({ capacity: 10, keptBodiesBudget: 250 })
    const ids = ['1', '2', '3'].map((n) => record(log, 'env_a', call(n, 100)).id)
    expect(log.get(ids[0]!)!.responseBody).toMatchObject({
      coverage: 'omitted',
      reason: expect.stringMatching(/^Evicted/),
      full: null,
      bytes: 100,
    })
    expect(log.get(ids[0]!)!.responseBody.head).toHaveLength(100)
    expect(log.get(ids[1]!)!.responseBody.full).toHaveLength(100)
    expect(log.get(ids[2]!)!.responseBody.full).toHaveLength(100)
  })

  it('ignores a completion after clear', () => {
    const log = createRecordedCalls({ capacity: 5 })
    const pending = begin(log, 'env_a')
    log.clear()
    log.complete(pending, call('1'))
    expect(queries(log, 'env_a')).toEqual([])
  })

  it('round-trips through export and import, bodies included', () => {
    const log = createRecordedCalls({ capacity: 5 })
    for (const n of ['1', '2']) record(log, 'env_a', call(n, 3))
    record(log, 'env_b', call('b'))
    const exported = JSON.parse(JSON.stringify(log.exportAll()))
    const copy = createRecordedCalls({ capacity: 5 })
    copy.importAll(exported)
    expect(copy.exportAll()).toEqual(exported)
    expect(queries(copy, 'env_a')).toEqual(['2', '1'])
    for (const call of exported) expect(copy.get(call.id)?.query).toBe(call.query)
    expect([...copy.newestFirst('env_a')][0]!.responseBody.full).toEqual(new Uint8Array(3).fill(0x61))
  })

  it('imports into a smaller ring keeping the newest, and keeps seqs with gaps', () => {
    const log = createRecordedCalls({ capacity: 5 })
    for (const n of ['1', '2', '3', '4']) record(log, 'env_a', call(n))
    const exported = log.exportAll()
    const small = createRecordedCalls({ capacity: 2 })
    small.importAll(exported)
    expect(queries(small, 'env_a')).toEqual(['4', '3'])
    const gap = createRecordedCalls({ capacity: 2 })
    gap.importAll([
      { ...exported[0]!, seq: 1 },
      { ...exported[1]!, seq: 1_000_000 },
    ])
    expect(queries(gap, 'env_a')).toEqual(['2', '1'])
    expect([...gap.newestFirst('env_a', 1_000_000)].map((call) => call.query)).toEqual(['1'])
  })

  it("redacts each call with its environment's secrets and the ones it presented", () => {
    const secrets = new KnownSecrets()
    secrets.add('test-member-token')
    secrets.add('tok_of_env_a', 'env_a')
    const log = createRecordedCalls({ capacity: 5, secrets })
    const text = 'test-member-token,tok_of_env_a,tok_presented'
    const a = record(log, 'env_a', { ...call(text), secrets: ['tok_presented'] })
    const b = record(log, 'env_b', call(text))
    expect(log.get(a.id)!.query).toBe('[redacted],[redacted],[redacted]')
    expect(log.get(b.id)!.query).toBe('[redacted],tok_of_env_a,tok_presented')
  })

  it("lets an environment's calls go when its retirement is due, and records nothing more for it", () => {
    let now = 0
    const log = createRecordedCalls({ capacity: 5, now: () => now })
    const kept = record(log, 'env_a', call('1'))
    log.retire('env_a', 10)
    expect(log.get(kept.id)).toBeDefined()
    now = 10
    expect(log.get(kept.id)).toBeUndefined()
    expect(queries(log, 'env_a')).toEqual([])
    expect(log.begin('env_a')).toBeUndefined()
    expect(log.begin('env_b')).toBeDefined()
  })

  it('counts the completed calls received since a time, not pending or dropped ones', () => {
    const log = createRecordedCalls({ capacity: 3 })
    const at = (query: string, receivedAtMs: number) => ({ ...call(query), receivedAtMs })
    record(log, 'env_a', at('old', 1_000))
    record(log, 'env_a', at('new', 5_000))
    begin(log, 'env_a')
    record(log, 'env_b', at('other', 5_000))
    expect(log.countSince('env_a', 0)).toBe(2)
    expect(log.countSince('env_a', 2_000)).toBe(1)
    expect(log.countSince('env_a', 6_000)).toBe(0)
    expect(log.countSince('env_c', 0)).toBe(0)
    // two more push the two oldest places out: the pending one stays, and is not counted
    record(log, 'env_a', at('newer', 6_000))
    record(log, 'env_a', at('newest', 7_000))
    expect(log.countSince('env_a', 0)).toBe(2)
    const copy = createRecordedCalls({ capacity: 3 })
    copy.importAll(JSON.parse(JSON.stringify(log.exportAll())))
    expect(copy.countSince('env_a', 5_500)).toBe(2)
  })
})
