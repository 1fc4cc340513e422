import { expect, it } from 'vitest'
import { isRealDate, normalizeId, toEpochMs } from './values.js'

it('returns the 18-character form of a 15-character id', () => {
  expect(normalizeId('a0D30000001n7Pi')).toBe('a0D30000001n7PiEAI')
  expect(normalizeId('001000000000001AAA')).toBe('001000000000001AAA')
})

it('returns undefined for a value that is no record id', () => {
  expect(normalizeId('abc')).toBeUndefined()
  expect(normalizeId('001-00000000001')).toBeUndefined()
  expect(normalizeId('0010000000000012')).toBeUndefined()
})

it('reads datetimes in the API format, with offsets and without milliseconds', () => {
  const expected = Date.parse('2026-03-18T09:00:00Z')
  expect(toEpochMs('2026-03-18T09:00:00.000+0000')).toBe(expected)
  expect(toEpochMs('2026-03-18T11:00:00+02:00')).toBe(expected)
  expect(toEpochMs('2026-03-18T04:00:00-0500')).toBe(expected)
  expect(toEpochMs('2026-03-18')).toBe(Date.parse('2026-03-18T00:00:00Z'))
  expect(toEpochMs(null)).toBeNull()
  expect(toEpochMs('')).toBeNull()
})

it('tells real calendar days from impossible ones', () => {
  expect(isRealDate('2024-02-29')).toBe(true)
  expect(isRealDate('2026-02-29')).toBe(false)
  expect(isRealDate('2026-13-01')).toBe(false)
})
