import { describe, expect, it } from 'vitest'
import { addUsage, emptyUsage, OTHER_QUERIES, UsageTally } from './usage-tally.js'

const unemulated = {
  kind: 'unknown_route',
  surface: 'native',
  method: 'GET',
  path: '/x',
  detail: 'd',
} as const

describe('UsageTally', () => {
  it('counts, labels unemulated requests with the test, and starts again after take()', () => {
    const tally = new UsageTally()
    tally.operation('getMe')
    tally.operation('getMe')
    tally.errorCode('native', 'NOT_FOUND')
    tally.test = 'a test'
    tally.unemulated(unemulated)
    tally.unemulated(unemulated)
    const counts = tally.take()
    expect(counts.operations).toEqual({ getMe: 2 })
    expect(counts.errorCodes).toEqual({ 'native:NOT_FOUND': 1 })
    expect(counts.unemulated).toEqual([{ ...unemulated, test: 'a test', count: 2 }])
    expect(tally.counts()).toEqual(emptyUsage())
  })

  it('keeps at most 2000 distinct queries and counts the rest under one key', () => {
    const tally = new UsageTally()
    for (let i = 0; i < 2001; i++) tally.query(`SELECT Id FROM Account LIMIT ${i}`)
    tally.query('SELECT Id FROM Account LIMIT 0')
    const { queries } = tally.counts()
    expect(Object.keys(queries)).toHaveLength(2001)
    expect(queries[OTHER_QUERIES]).toBe(1)
    expect(queries['SELECT Id FROM Account LIMIT 0']).toBe(2)
  })

  it('adds counts up, merging the same unemulated request of the same test', () => {
    const one = new UsageTally()
    one.operation('getMe')
    one.unemulated(unemulated)
    const total = addUsage(addUsage(emptyUsage(), one.counts()), one.counts())
    expect(total.operations).toEqual({ getMe: 2 })
    expect(total.unemulated).toEqual([{ ...unemulated, test: null, count: 2 }])
  })
})
