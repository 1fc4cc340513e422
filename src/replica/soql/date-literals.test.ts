import { expect, it } from 'vitest'
import { dateLiteralRange, dateLiteralTakesN } from './date-literals.js'

// Wednesday
const NOW = new Date('2026-03-18T12:34:56.000Z')
const range = (name: string, n?: number, now = NOW) => {
  const { start, end } = dateLiteralRange(name, n, now)
  return [new Date(start).toISOString().slice(0, 10), new Date(end).toISOString().slice(0, 10)]
}

it('returns day ranges from midnight UTC', () => {
  expect(range('TODAY')).toEqual(['2026-03-18', '2026-03-19'])
  expect(range('YESTERDAY')).toEqual(['2026-03-17', '2026-03-18'])
  expect(range('TOMORROW')).toEqual(['2026-03-19', '2026-03-20'])
  expect(dateLiteralRange('TODAY', undefined, NOW).start).toBe(Date.parse('2026-03-18T00:00:00Z'))
})

it('includes today in LAST_N_DAYS and starts NEXT_N_DAYS tomorrow', () => {
  expect(range('LAST_N_DAYS', 7)).toEqual(['2026-03-11', '2026-03-19'])
  expect(range('NEXT_N_DAYS', 7)).toEqual(['2026-03-19', '2026-03-26'])
  expect(range('LAST_90_DAYS')).toEqual(range('LAST_N_DAYS', 90))
  expect(range('N_DAYS_AGO', 3)).toEqual(['2026-03-15', '2026-03-16'])
})

it('starts weeks on Sunday', () => {
  expect(range('THIS_WEEK')).toEqual(['2026-03-15', '2026-03-22'])
  expect(range('LAST_WEEK')).toEqual(['2026-03-08', '2026-03-15'])
  expect(range('NEXT_WEEK')).toEqual(['2026-03-22', '2026-03-29'])
  expect(range('LAST_N_WEEKS', 2)).toEqual(['2026-03-01', '2026-03-15'])
  expect(range('THIS_WEEK', undefined, new Date('2026-03-15T00:00:00Z'))).toEqual([
    '2026-03-15',
    '2026-03-22',
  ])
})

it('returns calendar months, quarters and years, crossing year boundaries', () => {
  expect(range('THIS_MONTH')).toEqual(['2026-03-01', '2026-04-01'])
  expect(range('LAST_MONTH', undefined, new Date('2026-01-10T00:00:00Z'))).toEqual([
    '2025-12-01',
    '2026-01-01',
  ])
  expect(range('NEXT_N_MONTHS', 2)).toEqual(['2026-04-01', '2026-06-01'])
  expect(range('N_MONTHS_AGO', 3)).toEqual(['2025-12-01', '2026-01-01'])
  expect(range('THIS_QUARTER')).toEqual(['2026-01-01', '2026-04-01'])
  expect(range('NEXT_QUARTER', undefined, new Date('2026-11-30T00:00:00Z'))).toEqual([
    '2027-01-01',
    '2027-04-01',
  ])
  expect(range('LAST_N_QUARTERS', 2)).toEqual(['2025-07-01', '2026-01-01'])
  expect(range('THIS_YEAR')).toEqual(['2026-01-01', '2027-01-01'])
  expect(range('LAST_N_YEARS', 2)).toEqual(['2024-01-01', '2026-01-01'])
  expect(range('N_YEARS_AGO', 1)).toEqual(['2025-01-01', '2026-01-01'])
})

it('treats fiscal literals as calendar ones (fiscal year starting January 1)', () => {
  expect(range('THIS_FISCAL_QUARTER')).toEqual(range('THIS_QUARTER'))
  expect(range('NEXT_N_FISCAL_YEARS', 2)).toEqual(range('NEXT_N_YEARS', 2))
})

it('tells which literals take a count', () => {
  expect(dateLiteralTakesN('last_n_days')).toBe(true)
  expect(dateLiteralTakesN('TODAY')).toBe(false)
  expect(dateLiteralTakesN('N_FISCAL_QUARTERS_AGO')).toBe(true)
  expect(dateLiteralTakesN('SOMEDAY')).toBeUndefined()
})
