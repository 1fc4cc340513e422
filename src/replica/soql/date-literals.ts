/**
 * @module
 * SOQL date literals (`TODAY`, `LAST_N_DAYS:7`, `THIS_QUARTER`, ...) as half-open ranges
 * `[start, end)` of epoch milliseconds, evaluated in UTC on the mock clock's `now()`.
 * @note Weeks start on Sunday (the en_US locale); fiscal literals use a fiscal year that starts on
 * January 1 (an org's default), so they equal their calendar counterparts.
 * @see https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select_dateformats.htm
 */

export interface DateRange {
  start: number
  end: number
}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year'

/**
 * Each literal as (unit, from, to): the range runs from `from` units after the start of the current
 * unit to `to` units after it (negative = before). `n` marks a literal that takes `:n`.
 */
interface Spec {
  unit: Unit
  n: boolean
  range: (n: number) => [number, number]
}

const FIXED = (unit: Unit, from: number, to: number): Spec => ({ unit, n: false, range: () => [from, to] })
const WITH_N = (unit: Unit, range: (n: number) => [number, number]): Spec => ({ unit, n: true, range })

const specs: Record<string, Spec> = {
  YESTERDAY: FIXED('day', -1, 0),
  TODAY: FIXED('day', 0, 1),
  TOMORROW: FIXED('day', 1, 2),
  LAST_WEEK: FIXED('week', -1, 0),
  THIS_WEEK: FIXED('week', 0, 1),
  NEXT_WEEK: FIXED('week', 1, 2),
  LAST_MONTH: FIXED('month', -1, 0),
  THIS_MONTH: FIXED('month', 0, 1),
  NEXT_MONTH: FIXED('month', 1, 2),
  // "includes today": from n days ago through the end of today
  LAST_90_DAYS: FIXED('day', -90, 1),
  NEXT_90_DAYS: FIXED('day', 1, 91),
  LAST_N_DAYS: WITH_N('day', (n) => [-n, 1]),
  NEXT_N_DAYS: WITH_N('day', (n) => [1, n + 1]),
  N_DAYS_AGO: WITH_N('day', (n) => [-n, -n + 1]),
  NEXT_N_WEEKS: WITH_N('week', (n) => [1, n + 1]),
  LAST_N_WEEKS: WITH_N('week', (n) => [-n, 0]),
  N_WEEKS_AGO: WITH_N('week', (n) => [-n, -n + 1]),
  NEXT_N_MONTHS: WITH_N('month', (n) => [1, n + 1]),
  LAST_N_MONTHS: WITH_N('month', (n) => [-n, 0]),
  N_MONTHS_AGO: WITH_N('month', (n) => [-n, -n + 1]),
  THIS_QUARTER: FIXED('quarter', 0, 1),
  LAST_QUARTER: FIXED('quarter', -1, 0),
  NEXT_QUARTER: FIXED('quarter', 1, 2),
  NEXT_N_QUARTERS: WITH_N('quarter', (n) => [1, n + 1]),
  LAST_N_QUARTERS: WITH_N('quarter', (n) => [-n, 0]),
  N_QUARTERS_AGO: WITH_N('quarter', (n) => [-n, -n + 1]),
  THIS_YEAR: FIXED('year', 0, 1),
  LAST_YEAR: FIXED('year', -1, 0),
  NEXT_YEAR: FIXED('year', 1, 2),
  NEXT_N_YEARS: WITH_N('year', (n) => [1, n + 1]),
  LAST_N_YEARS: WITH_N('year', (n) => [-n, 0]),
  N_YEARS_AGO: WITH_N('year', (n) => [-n, -n + 1]),
}
for (const [name, spec] of Object.entries({ ...specs })) {
  if (spec.unit === 'quarter' || spec.unit === 'year')
    specs[name.replace(/(QUARTER|YEAR)/, 'FISCAL_$1')] = spec
}

/** `undefined` when `name` is no date literal; otherwise whether it takes `:n`. */
export function dateLiteralTakesN(name: string): boolean | undefined {
  return specs[name.toUpperCase()]?.n
}

const DAY = 86_400_000

/** Start of the unit containing `now` plus `offset` units, in UTC epoch ms. */
function unitStart(now: Date, unit: Unit, offset: number): number {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  const today = Date.UTC(y, m, now.getUTCDate())
  switch (unit) {
    case 'day':
      return today + offset * DAY
    case 'week':
      return today - now.getUTCDay() * DAY + offset * 7 * DAY
    case 'month':
      return Date.UTC(y, m + offset, 1)
    case 'quarter':
      return Date.UTC(y, m - (m % 3) + offset * 3, 1)
    case 'year':
      return Date.UTC(y + offset, 0, 1)
  }
}

/** The range of a date literal on `now`. `name` must be a known literal (see `dateLiteralTakesN`). */
export function dateLiteralRange(name: string, n: number | undefined, now: Date): DateRange {
  const spec = specs[name.toUpperCase()]
  if (!spec) throw new RangeError(`Failed to evaluate date literal: unknown literal ${name}`)
  const [from, to] = spec.range(n ?? 0)
  return { start: unitStart(now, spec.unit, from), end: unitStart(now, spec.unit, to) }
}
