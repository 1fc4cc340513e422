/**
 * @module
 * Stored field values to formula values and back. Stored values are the replica's wire values:
 * dates `2024-01-31`, datetimes `2024-01-31T10:00:00.000+0000`, times `10:30:00.000Z`, a percent
 * in percent units (75 for 75%). Formulas see a percent as a fraction (0.75) and a percent
 * formula's result is answered in percent units again, as the real API does.
 */
import type { FieldDef, FieldType } from '../../schemas/crm-schema.js'
import { categoryOf } from '../../schemas/field-type.js'
import type { FieldValue, FormulaType, FormulaValue } from './formula-types.js'

const DAY_MS = 86_400_000

/** `value` rounded at `digits` decimal places, half away from zero (ROUND, and results to their scale). */
export function roundHalfAway(value: number, digits: number): number {
  const factor = 10 ** digits
  const scaled = Math.abs(value) * factor
  // the epsilon keeps 1.005 * 100 = 100.49999... rounding as written
  return (Math.sign(value) * Math.round(scaled + scaled * Number.EPSILON)) / factor
}

/** The type a field reads as in a formula; undefined for the compound fields a formula cannot read. */
export function formulaTypeOf(type: FieldType): FormulaType | undefined {
  switch (categoryOf(type)) {
    case 'text':
    case 'id':
      return 'text'
    case 'picklist':
      return 'picklist'
    case 'multipicklist':
      return 'multipicklist'
    case 'number':
      return 'number'
    case 'boolean':
      return 'checkbox'
    case 'date':
      return 'date'
    case 'datetime':
      return 'datetime'
    case 'time':
      return 'time'
    default:
      return undefined
  }
}

/** What a formula for a field of `type` must return (picklists and ids are read, never returned). */
export function resultTypeOf(type: FieldType): FormulaType | undefined {
  const category = categoryOf(type)
  return category === 'picklist' || category === 'multipicklist' || category === 'id'
    ? undefined
    : formulaTypeOf(type)
}

/**
 * How a stored value of `field` reads in a formula, decided once per field. With `blankAsZero` (a
 * formula set to treat blank fields as zeroes) a blank number reads 0.
 */
export function storedReader(
  field: FieldDef,
  blankAsZero: boolean,
): (value: FieldValue | undefined) => FormulaValue {
  const blank = (value: FieldValue | undefined): value is null | undefined | '' =>
    value === null || value === undefined || value === ''
  switch (formulaTypeOf(field.type)) {
    case 'text':
    case 'picklist':
      return (value) => (blank(value) ? '' : String(value))
    case 'multipicklist':
      return (value) => (blank(value) ? [] : String(value).split(';'))
    case 'checkbox':
      return (value) => value === true
    case 'number': {
      const zero = blankAsZero ? 0 : null
      const percent = field.type === 'percent'
      return (value) => (blank(value) ? zero : percent ? Number(value) / 100 : Number(value))
    }
    case 'date':
    case 'datetime':
      return (value) => (blank(value) ? null : parseDateTime(String(value)))
    case 'time':
      return (value) => (blank(value) ? null : parseTime(String(value)))
    default:
      return () => null
  }
}

/** A formula's result as the stored value of a field of `type` (numbers rounded to its scale). */
export function toStored(type: FieldType, scale: number, value: FormulaValue): FieldValue {
  if (value === null) return type === 'boolean' ? false : null
  switch (resultTypeOf(type)) {
    case 'checkbox':
      return value === true
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return null
      const units = type === 'percent' ? value * 100 : value
      // half away from zero, as Salesforce rounds a result to the field's scale
      return roundHalfAway(units, type === 'int' ? 0 : scale)
    }
    case 'date':
      return typeof value === 'number' ? formatDate(value) : null
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : null
    case 'time':
      return typeof value === 'number' ? formatTime(value) : null
    case 'text':
      return value === '' ? null : String(value)
    default:
      return null
  }
}

/** `2024-01-31` or a datetime (`...+0000`, `Z`, or another offset) as UTC milliseconds; null when not one. */
export function parseDateTime(text: string): number | null {
  const iso = text.length === 10 ? `${text}T00:00:00.000Z` : text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
  const time = Date.parse(iso)
  return Number.isNaN(time) ? null : time
}

/** `10:30:00.000Z` (or without the zone, or seconds) as milliseconds from midnight; null when not one. */
export function parseTime(text: string): number | null {
  const time = Date.parse(`1970-01-01T${text.endsWith('Z') ? text : `${text}Z`}`)
  return Number.isNaN(time) || time < 0 || time >= DAY_MS ? null : time
}

export function formatDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10)
}

/** The replica's datetime wire form (as records/coerce.ts writes it). */
export function formatDateTime(time: number): string {
  return new Date(time).toISOString().replace('Z', '+0000')
}

/** A time of day as Salesforce writes it: `10:30:00.000Z`. */
export function formatTime(time: number): string {
  return new Date(((time % DAY_MS) + DAY_MS) % DAY_MS).toISOString().slice(11)
}

/** UTC midnight of a datetime. */
export function dateOf(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS
}

export { DAY_MS }
