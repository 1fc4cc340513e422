/**
 * @module
 * How SOQL sees stored values: each field type maps to a comparable form (text lower-cased because
 * Salesforce compares text case-insensitively, dates and datetimes as UTC epoch ms, multi-select
 * picklists as sets). Conversion happens once per literal and once per stored value read.
 */
import type { FieldDef, FieldType } from '../../schemas/crm-schema.js'
import { checksum, ID15, ID18 } from '../../store/salesforce-ids.js'

export type ValueKind =
  | 'text'
  | 'id'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'multipicklist'
  | 'compound'

export function kindOf(type: FieldType): ValueKind {
  switch (type) {
    case 'id':
    case 'reference':
      return 'id'
    case 'int':
    case 'double':
    case 'currency':
    case 'percent':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'date':
      return 'date'
    case 'datetime':
      return 'datetime'
    case 'time':
      return 'time'
    case 'multipicklist':
      return 'multipicklist'
    case 'address':
    case 'location':
      return 'compound'
    default:
      return 'text'
  }
}

/** Salesforce never stores an empty string: it is null. */
export function isNull(value: unknown): boolean {
  return value === null || value === undefined || value === ''
}

const DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/

/** Epoch ms of a date or datetime value (ISO 8601, `+0000` zones too); null when absent or unreadable. */
export function toEpochMs(value: unknown): number | null {
  if (isNull(value)) return null
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return value
  const text = String(value)
  const m = DATETIME_RE.exec(text)
  if (!m) {
    const parsed = Date.parse(text)
    return Number.isNaN(parsed) ? null : parsed
  }
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0
  let epoch = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
    ms,
  )
  const zone = m[8]
  if (zone && zone !== 'Z') {
    const digits = zone.replace(':', '')
    const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))
    epoch -= (digits[0] === '-' ? -1 : 1) * minutes * 60_000
  }
  return epoch
}

/** Epoch ms of the UTC day a date value names. */
export function toDayMs(value: unknown): number | null {
  const ms = toEpochMs(value)
  if (ms === null) return null
  return ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000)
}

/** `2026-02-30` and friends: true when the literal names a real calendar day. */
export function isRealDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** The comparable form of a stored value of `kind` (see module doc); null for null. */
export function normalize(kind: ValueKind, value: unknown): unknown {
  // a checkbox is never null: null reads as false (`Flag__c = null` is `Flag__c = false`)
  if (kind === 'boolean') return value === true || value === 'true'
  if (isNull(value)) return null
  switch (kind) {
    case 'text':
      return String(value).toLowerCase()
    case 'id':
      return String(value)
    case 'number':
      return typeof value === 'number' ? value : Number(value)
    case 'date':
      return toDayMs(value)
    case 'datetime':
      return toEpochMs(value)
    case 'time':
      return toTimeMs(String(value))
    case 'multipicklist':
      return multipicklistSet(String(value))
    case 'compound':
      return value
  }
}

export function multipicklistSet(value: string): Set<string> {
  const set = new Set<string>()
  for (const part of value.split(';')) {
    const trimmed = part.trim().toLowerCase()
    if (trimmed) set.add(trimmed)
  }
  return set
}

/** Sort key: like `normalize`, with booleans as 0/1 and multi-select picklists as their text. */
export function sortKey(kind: ValueKind, value: unknown): string | number | null {
  if (isNull(value)) return null
  switch (kind) {
    case 'boolean':
      return value === true || value === 'true' ? 1 : 0
    case 'multipicklist':
    case 'compound':
      return String(value).toLowerCase()
    default:
      return normalize(kind, value) as string | number | null
  }
}

export function compareKeys(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The 18-character form of a 15- or 18-character record id (Salesforce accepts both in filters);
 * `undefined` for anything else.
 */
export function normalizeId(value: string): string | undefined {
  if (ID18.test(value)) return value
  return ID15.test(value) ? value + checksum(value) : undefined
}

/**
 * The value a record shows for `field`: the stored value, null when absent. A compound field that
 * is not stored as a whole (an address, a custom geolocation `Loc__c`) is assembled from its
 * component fields, as the API returns it.
 */
export function readField(record: { readonly [field: string]: unknown }, field: FieldDef): unknown {
  const value = record[field.name]
  if (value !== undefined) return value
  if (field.type === 'address' && field.name.endsWith('Address')) {
    const prefix = field.name.slice(0, -'Address'.length)
    return compound({
      city: record[`${prefix}City`],
      country: record[`${prefix}Country`],
      geocodeAccuracy: record[`${prefix}GeocodeAccuracy`],
      latitude: record[`${prefix}Latitude`],
      longitude: record[`${prefix}Longitude`],
      postalCode: record[`${prefix}PostalCode`],
      state: record[`${prefix}State`],
      street: record[`${prefix}Street`],
    })
  }
  if (field.type === 'location' && field.name.toLowerCase().endsWith('__c')) {
    const stem = field.name.slice(0, -'__c'.length)
    return compound({
      latitude: record[`${stem}__Latitude__s`],
      longitude: record[`${stem}__Longitude__s`],
    })
  }
  return null
}

/** A compound value: null when every part is null, else every part (null where absent). */
function compound(parts: Record<string, unknown>): Record<string, unknown> | null {
  if (Object.values(parts).every(isNull)) return null
  return Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, isNull(part) ? null : part]))
}

/** `10:30:00.000Z` -> milliseconds since midnight (times compare within one day). */
export function toTimeMs(value: string): number {
  const [h = '0', m = '0', rest = '0'] = value.replace(/Z$/, '').split(':')
  return (Number(h) * 60 + Number(m)) * 60_000 + Math.round(Number(rest) * 1000)
}
