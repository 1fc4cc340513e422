/**
 * @module
 * Turns one incoming field value into its stored form, with Salesforce's checks and error codes.
 * JSON bodies (REST, composite) fail type mismatches with JSON_PARSER_ERROR, like the real
 * deserialiser; CSV values (bulk) arrive as text and fail with INVALID_TYPE_ON_FIELD_IN_RECORD.
 * Like the real API: numbers are accepted as numeric strings, scalars as text, "" stores null,
 * numbers are rounded to the field's scale, datetimes are stored as `2024-05-01T10:00:00.000+0000`,
 * times as `10:00:00.000Z`.
 */
import { isTextLike } from '../../schemas/field-type.js'
import { FieldValidationError } from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import type { FieldDef } from '../../schemas/crm-schema.js'
import type { FieldValue } from './record-store.js'

export type InputFormat = 'json' | 'csv'

/** Key prefix -> object name, to check that a reference points to an allowed object. */
export type PrefixLookup = (keyPrefix: string) => string | undefined

const JSON_TYPE: Record<string, string> = {
  boolean: 'boolean',
  int: 'int',
  double: 'double',
  currency: 'double',
  percent: 'double',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  base64: 'byte[]',
}
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** Bulk API CSV dates may carry a zone (`1940-06-07Z`, `2024-05-01+02:00`): the date is kept as written. */
const CSV_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:?\d{2})?$/
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i
/** A time of day: `10:30`, `10:30:15`, `10:30:15.250`, each with an optional `Z` (times have no zone). */
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z?$/
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const INT_MAX = 2 ** 31 - 1
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Coerces `raw` for `field`; `undefined`/null/"" give null. Throws FieldValidationError. */
export function coerceValue(
  field: FieldDef,
  raw: unknown,
  format: InputFormat,
  prefixes: PrefixLookup,
): FieldValue {
  if (raw === null || raw === undefined) return null
  if (format === 'json' && (typeof raw === 'object' || typeof raw === 'function'))
    throw typeMismatch(field, raw, format)
  if (format === 'csv' && typeof raw !== 'string') throw typeMismatch(field, raw, format)
  if (raw === '') return null

  switch (field.type) {
    case 'boolean':
      return toBoolean(field, raw, format)
    case 'int':
    case 'double':
    case 'currency':
    case 'percent':
      return toNumber(field, raw, format)
    case 'date':
      return toDate(field, raw, format)
    case 'datetime':
      return toDatetime(field, raw, format)
    case 'time':
      return toTime(field, raw, format)
    case 'reference':
    case 'id':
      return toReference(field, raw, format, prefixes)
    case 'base64':
      return toBase64(field, raw, format)
    default:
      if (isTextLike(field.type)) return toText(field, raw, format)
      throw new FieldValidationError(
        'INVALID_FIELD_FOR_INSERT_UPDATE',
        `Unable to create/update fields: ${field.name}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        [field.name],
      )
  }
}

/**
 * A blob sent as base64 text (whitespace and line breaks allowed), stored as canonical base64.
 * Bulk API 2.0 loads no blobs: a CSV value is refused.
 */
function toBase64(field: FieldDef, raw: unknown, format: InputFormat): string {
  if (format === 'csv') {
    throw new FieldValidationError(
      'INVALID_FIELD_FOR_INSERT_UPDATE',
      `Unable to create/update fields: ${field.name}. Bulk API 2.0 does not load blob (base64) fields.`,
      [field.name],
    )
  }
  if (typeof raw !== 'string') throw typeMismatch(field, raw, format)
  const text = raw.replace(/\s+/g, '')
  if (text.length % 4 === 1 || !BASE64.test(text)) {
    throw new FieldValidationError(
      'JSON_PARSER_ERROR',
      `Cannot deserialize instance of base64 from VALUE_STRING: not base64 text (${field.name})`,
      [field.name],
    )
  }
  return Buffer.from(text, 'base64').toString('base64')
}

function toBoolean(field: FieldDef, raw: unknown, format: InputFormat): boolean {
  if (typeof raw === 'boolean') return raw
  if (typeof raw === 'string') {
    const text = raw.trim().toLowerCase()
    if (text === 'true' || (format === 'csv' && text === '1')) return true
    if (text === 'false' || (format === 'csv' && text === '0')) return false
  }
  throw typeMismatch(field, raw, format)
}

function toNumber(field: FieldDef, raw: unknown, format: InputFormat): number {
  let value: number
  if (typeof raw === 'number') value = raw
  else if (typeof raw === 'string' && NUMERIC.test(raw.trim())) value = Number(raw.trim())
  else throw typeMismatch(field, raw, format)
  if (!Number.isFinite(value)) throw typeMismatch(field, raw, format)

  if (field.type === 'int') {
    if (!Number.isInteger(value)) throw typeMismatch(field, raw, format)
    const digits = field.precision || 9
    if (Math.abs(value) > INT_MAX || Math.abs(value) >= 10 ** digits) throw outOfRange(field, raw)
    return value
  }
  const scale = field.scale
  const rounded = Math.round(value * 10 ** scale) / 10 ** scale
  // precision counts every digit; the integer part may use precision - scale of them
  if (field.precision > 0 && Math.abs(rounded) >= 10 ** (field.precision - scale))
    throw outOfRange(field, raw)
  return Object.is(rounded, -0) ? 0 : rounded
}

function toDate(field: FieldDef, raw: unknown, format: InputFormat): string {
  if (typeof raw !== 'string') throw typeMismatch(field, raw, format)
  const match = (format === 'csv' ? CSV_DATE : DATE).exec(raw.trim())
  if (!match || !isCalendarDate(+match[1]!, +match[2]!, +match[3]!)) throw typeMismatch(field, raw, format)
  return `${match[1]}-${match[2]}-${match[3]}`
}

function toDatetime(field: FieldDef, raw: unknown, format: InputFormat): string {
  if (typeof raw !== 'string') throw typeMismatch(field, raw, format)
  const match = DATETIME.exec(raw.trim())
  if (!match) throw typeMismatch(field, raw, format)
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match
  if (!isCalendarDate(+y!, +mo!, +d!) || +h > 23 || +mi > 59 || +s > 59)
    throw typeMismatch(field, raw, format)
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`
  const ms = fraction.padEnd(3, '0').slice(0, 3)
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${offset}`)
  if (Number.isNaN(time)) throw typeMismatch(field, raw, format)
  return formatDatetime(new Date(time))
}

/** Stored as Salesforce writes times: `10:30:00.000Z`. */
function toTime(field: FieldDef, raw: unknown, format: InputFormat): string {
  if (typeof raw !== 'string') throw typeMismatch(field, raw, format)
  const match = TIME.exec(raw.trim())
  if (!match) throw typeMismatch(field, raw, format)
  const [, h, mi, s = '00', fraction = ''] = match
  if (+h! > 23 || +mi! > 59 || +s > 59) throw typeMismatch(field, raw, format)
  return `${h}:${mi}:${s}.${fraction.padEnd(3, '0')}Z`
}

function toReference(field: FieldDef, raw: unknown, format: InputFormat, prefixes: PrefixLookup): string {
  if (typeof raw !== 'string') {
    if (format === 'json' && typeof raw !== 'number' && typeof raw !== 'boolean')
      throw typeMismatch(field, raw, format)
    throw malformedId(field, String(raw))
  }
  const id = normaliseId(raw.trim())
  if (!id) throw malformedId(field, raw)
  const target = prefixes(keyPrefixOf(id))
  if (!target || !field.referenceTo.includes(target)) {
    throw new FieldValidationError(
      'FIELD_INTEGRITY_EXCEPTION',
      `${field.label}: id value of incorrect type: ${raw}`,
      [field.name],
    )
  }
  return id
}

function toText(field: FieldDef, raw: unknown, format: InputFormat): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    throw typeMismatch(field, raw, format)
  }
  let text = String(raw)
  if (field.type === 'picklist') checkPicklist(field, text)
  if (field.type === 'multipicklist') {
    text = normaliseMultipicklist(field, text)
    if (text === '') return null
  }
  if (field.type === 'email' && !EMAIL.test(text)) {
    throw new FieldValidationError(
      'INVALID_EMAIL_ADDRESS',
      `${field.label}: invalid email address: ${text}`,
      [field.name],
    )
  }
  if (field.length > 0 && text.length > field.length) {
    throw new FieldValidationError(
      'STRING_TOO_LONG',
      `${field.label}: data value too large: ${text.length > 100 ? `${text.slice(0, 100)}...` : text} (max length=${field.length})`,
      [field.name],
    )
  }
  return text
}

function checkPicklist(field: FieldDef, value: string): void {
  if (!field.restrictedPicklist) return
  if (!field.picklistValues.some((entry) => entry.active && entry.value === value))
    throw badPicklistValue(field, value)
}

/** `"b;a;a"` -> `"a;b"`: distinct values in the picklist's order, unknown (unrestricted) ones last. */
function normaliseMultipicklist(field: FieldDef, text: string): string {
  const chosen = [
    ...new Set(
      text
        .split(';')
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ]
  const known = field.picklistValues.filter((entry) => entry.active).map((entry) => entry.value)
  for (const value of chosen) {
    if (field.restrictedPicklist && !known.includes(value)) throw badPicklistValue(field, value)
  }
  const ordered = known.filter((value) => chosen.includes(value))
  return [...ordered, ...chosen.filter((value) => !known.includes(value))].join(';')
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Salesforce's datetime wire form: `2024-05-01T10:00:00.000+0000` (always UTC). */
export function formatDatetime(date: Date): string {
  return date.toISOString().replace('Z', '+0000')
}

function describeToken(raw: unknown): string {
  if (typeof raw === 'string') return 'VALUE_STRING'
  if (typeof raw === 'number') return Number.isInteger(raw) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT'
  if (raw === true) return 'VALUE_TRUE'
  if (raw === false) return 'VALUE_FALSE'
  return Array.isArray(raw) ? 'START_ARRAY' : 'START_OBJECT'
}

function typeMismatch(field: FieldDef, raw: unknown, format: InputFormat): FieldValidationError {
  if (format === 'csv') {
    return new FieldValidationError(
      'INVALID_TYPE_ON_FIELD_IN_RECORD',
      `${field.label}: value not of required type: ${String(raw)}`,
      [field.name],
    )
  }
  const token = describeToken(raw)
  const shown = token.startsWith('START_') ? '' : ` value ${String(raw)}`
  return new FieldValidationError(
    'JSON_PARSER_ERROR',
    `Cannot deserialize instance of ${JSON_TYPE[field.type] ?? 'string'} from ${token}${shown} or request may be missing a required field (${field.name})`,
    [field.name],
  )
}

function outOfRange(field: FieldDef, raw: unknown): FieldValidationError {
  return new FieldValidationError(
    'NUMBER_OUTSIDE_VALID_RANGE',
    `${field.label}: value outside of valid range on numeric field: ${String(raw)}`,
    [field.name],
  )
}

function malformedId(field: FieldDef, raw: string): FieldValidationError {
  return new FieldValidationError('MALFORMED_ID', `${field.label}: id value of incorrect type: ${raw}`, [
    field.name,
  ])
}

function badPicklistValue(field: FieldDef, value: string): FieldValidationError {
  return new FieldValidationError(
    'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    `${field.label}: bad value for restricted picklist field: ${value}`,
    [field.name],
  )
}
