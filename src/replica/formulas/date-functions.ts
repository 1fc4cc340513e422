/**
 * @module
 * Date and time functions. TODAY, NOW and TIMENOW read the mock clock; TODAY is the UTC date and
 * TIMENOW the UTC time of day (the replica's users all have the GMT zone). DATEVALUE and
 * TIMEVALUE take text or a datetime, DATETIMEVALUE text or a date; HOUR, MINUTE, SECOND and
 * MILLISECOND take a time (`HOUR(TIMEVALUE(NOW()))` for a datetime's hour).
 * @see https://help.salesforce.com/s/articleView?id=sf.formula_using_date_datetime.htm
 */
import { argument, checkArity, type FormulaFunction, number } from './function-helpers.js'
import { type Evaluate, type FormulaType, FormulaEvalError } from './formula-types.js'
import { DAY_MS, dateOf, parseDateTime, parseTime } from './formula-values.js'

/** What DATEVALUE and DATETIMEVALUE read: `2024-01-31`, `2024-01-31 10:30:00` (GMT). */
const DATE_OR_DATETIME_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?)?$/
/** What TIMEVALUE reads: `10:30:00.000`. */
const TIME_TEXT = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?$/

function clock(type: FormulaType, read: (now: Date) => number): FormulaFunction {
  return (call) => {
    checkArity(call, 0)
    return { type, run: (scope) => read(scope.env.now()) }
  }
}

/** A function of one argument of `from` types, blank in blank out. */
function convert(
  from: readonly FormulaType[],
  type: FormulaType,
  apply: (value: number | string, source: FormulaType) => number | null,
): FormulaFunction {
  return (call, compiler) => {
    checkArity(call, 1)
    const argumentExpression = argument(call, compiler, 0, from)
    const { run } = argumentExpression
    const source = argumentExpression.type
    return {
      type,
      run(scope) {
        const value = run(scope)
        if (value === null || value === '') return null
        return apply(value as number | string, source)
      },
    }
  }
}

/** A part of a date (`YEAR`) or of a time (`HOUR`). */
function part(from: 'date' | 'time', read: (date: Date) => number): FormulaFunction {
  return convert([from], 'number', (value) => read(new Date(value as number)))
}

function dateFromParts(year: number, month: number, day: number): number {
  const time = Date.UTC(year, month - 1, day)
  const date = new Date(time)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new FormulaEvalError(`DATE(${year}, ${month}, ${day}) is not a date`)
  }
  return time
}

const DATE: FormulaFunction = (call, compiler) => {
  checkArity(call, 3)
  const reads = [0, 1, 2].map((index) => number(argument(call, compiler, index, ['number'])))
  return {
    type: 'date',
    run(scope) {
      const [year, month, day] = reads.map((read) => read(scope))
      if (year == null || month == null || day == null) return null
      return dateFromParts(Math.trunc(year), Math.trunc(month), Math.trunc(day))
    },
  }
}

/** Text in `format` as a time, or an error naming the function. */
function fromText(
  name: string,
  value: string,
  format: RegExp,
  parse: (text: string) => number | null,
): number {
  const trimmed = value.trim()
  const time = format.test(trimmed) ? parse(trimmed.replace(' ', 'T')) : null
  if (time === null) throw new FormulaEvalError(`${name}(): "${value}" is not a valid value`)
  return time
}

/** A date or a datetime written without a zone, read as GMT. */
function gmt(value: string): number | null {
  return parseDateTime(value.length === 10 || value.endsWith('Z') ? value : `${value}Z`)
}

/** ADDMONTHS: the last day of a month stays the last day; another day is kept or clamped to the month's end. */
function addMonths(time: number, months: number): number {
  const date = new Date(time)
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
  const dayTime = time - Date.UTC(year, month, day)
  const lastOf = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const target = month + Math.trunc(months)
  const wasLast = day === lastOf(year, month)
  const targetLast = lastOf(year, target)
  return Date.UTC(year, target, wasLast ? targetLast : Math.min(day, targetLast)) + dayTime
}

/** ISO 8601 week-numbering: the week with the year's first Thursday is week 1. */
function isoWeek(time: number): { week: number; year: number } {
  const date = new Date(time)
  const weekday = (date.getUTCDay() + 6) % 7
  const thursday = new Date(time - weekday * DAY_MS + 3 * DAY_MS)
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1
  return { week, year }
}

const ADDMONTHS: FormulaFunction = (call, compiler) => {
  checkArity(call, 2)
  const start = argument(call, compiler, 0, ['date', 'datetime'])
  const months = number(argument(call, compiler, 1, ['number']))
  const read = start.run as Evaluate
  return {
    type: start.type === 'null' ? 'date' : start.type,
    run(scope) {
      const [time, n] = [read(scope), months(scope)]
      return typeof time !== 'number' || n === null ? null : addMonths(time, n)
    },
  }
}

const FROMUNIXTIME: FormulaFunction = (call, compiler) => {
  checkArity(call, 1)
  const seconds = number(argument(call, compiler, 0, ['number']))
  return {
    type: 'datetime',
    run(scope) {
      const value = seconds(scope)
      return value === null ? null : Math.trunc(value) * 1000
    },
  }
}

export const DATE_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map([
  ['TODAY', clock('date', (now) => dateOf(now.getTime()))],
  ['NOW', clock('datetime', (now) => now.getTime())],
  ['TIMENOW', clock('time', (now) => now.getTime() - dateOf(now.getTime()))],
  ['DATE', DATE],
  [
    'DATEVALUE',
    convert(['text', 'datetime'], 'date', (value, source) =>
      source === 'datetime'
        ? dateOf(value as number)
        : dateOf(fromText('DATEVALUE', String(value), DATE_OR_DATETIME_TEXT, gmt)),
    ),
  ],
  [
    'DATETIMEVALUE',
    convert(['text', 'date'], 'datetime', (value, source) =>
      source === 'date'
        ? (value as number)
        : fromText('DATETIMEVALUE', String(value), DATE_OR_DATETIME_TEXT, gmt),
    ),
  ],
  [
    'TIMEVALUE',
    convert(['text', 'datetime'], 'time', (value, source) =>
      source === 'datetime'
        ? (value as number) - dateOf(value as number)
        : fromText('TIMEVALUE', String(value), TIME_TEXT, parseTime),
    ),
  ],
  ['YEAR', part('date', (date) => date.getUTCFullYear())],
  ['MONTH', part('date', (date) => date.getUTCMonth() + 1)],
  ['DAY', part('date', (date) => date.getUTCDate())],
  ['WEEKDAY', part('date', (date) => date.getUTCDay() + 1)],
  [
    'DAYOFYEAR',
    part('date', (date) => (date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS + 1),
  ],
  ['ISOWEEK', part('date', (date) => isoWeek(date.getTime()).week)],
  ['ISOYEAR', part('date', (date) => isoWeek(date.getTime()).year)],
  ['HOUR', part('time', (date) => date.getUTCHours())],
  ['MINUTE', part('time', (date) => date.getUTCMinutes())],
  ['SECOND', part('time', (date) => date.getUTCSeconds())],
  ['MILLISECOND', part('time', (date) => date.getUTCMilliseconds())],
  ['ADDMONTHS', ADDMONTHS],
  ['UNIXTIMESTAMP', convert(['date', 'datetime'], 'number', (value) => Math.floor((value as number) / 1000))],
  ['FROMUNIXTIME', FROMUNIXTIME],
])
