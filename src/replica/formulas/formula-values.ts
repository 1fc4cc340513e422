/**
 * @module
 * Replica field values to formulon's typed literals and back. Stored values are the replica's
 * wire values (dates `2024-01-31`, datetimes `2024-01-31T10:00:00.000+0000`, times
 * `10:30:00.000Z`); formulon works on JS dates in UTC (a time on 1970-01-01). A blank text is `""` (Salesforce's formulas see blank text as empty), a blank
 * checkbox is false, any other blank stays null.
 */
import type { FormulonDataType, FormulonLiteral } from 'formulon'
import type { FieldDef, FieldType } from '../../schemas/crm-schema.js'

/** A stored field value (the record store's `FieldValue`; restated: the store builds on this module). */
export type FieldValue = string | number | boolean | null

const DATA_TYPES: Partial<Record<FieldType, FormulonDataType>> = {
  id: 'text',
  string: 'text',
  textarea: 'text',
  email: 'text',
  phone: 'text',
  url: 'text',
  reference: 'text',
  picklist: 'picklist',
  multipicklist: 'multipicklist',
  boolean: 'checkbox',
  int: 'number',
  double: 'number',
  currency: 'number',
  percent: 'number',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
}

/** The formulon type a field reads as; undefined for the compound types formulas cannot read. */
export function dataTypeOf(type: FieldType): FormulonDataType | undefined {
  return DATA_TYPES[type]
}

/** What a formula whose field type is `type` must return (picklists are read, never returned). */
export function returnDataTypeOf(type: FieldType): FormulonDataType | undefined {
  const dataType = DATA_TYPES[type]
  return dataType === 'picklist' || dataType === 'multipicklist' || type === 'id' || type === 'reference'
    ? undefined
    : dataType
}

/** A field's value as formulon's literal. */
export function toLiteral(field: FieldDef, value: FieldValue | undefined): FormulonLiteral {
  const dataType = dataTypeOf(field.type)
  if (dataType === undefined) throw new TypeError(`a ${field.type} field cannot be read by a formula`)
  const blank = value === null || value === undefined || value === ''
  switch (dataType) {
    case 'text':
      return {
        type: 'literal',
        dataType,
        value: blank ? '' : String(value),
        options: { length: field.length },
      }
    case 'picklist':
      return {
        type: 'literal',
        dataType,
        value: blank ? '' : String(value),
        options: { values: field.picklistValues.map((entry) => entry.value) },
      }
    case 'multipicklist':
      return {
        type: 'literal',
        dataType,
        value: blank ? [] : String(value).split(';'),
        options: { values: field.picklistValues.map((entry) => entry.value) },
      }
    case 'checkbox':
      return { type: 'literal', dataType, value: value === true, options: {} }
    case 'number':
      return {
        type: 'literal',
        dataType,
        value: blank ? null : Number(value),
        options: { length: Math.max(field.precision - field.scale, 1), scale: field.scale },
      }
    case 'time':
      return { type: 'literal', dataType, value: blank ? null : timeOf(String(value)), options: {} }
    default:
      return { type: 'literal', dataType, value: blank ? null : dateOf(String(value)), options: {} }
  }
}

/** A typed sample value, for checking a formula's functions and types once at load. */
export function sampleLiteral(field: FieldDef): FormulonLiteral {
  const samples: Partial<Record<FieldType, FieldValue>> = {
    boolean: false,
    int: 1,
    double: 1,
    currency: 1,
    percent: 1,
    date: '2024-01-31',
    datetime: '2024-01-31T10:00:00.000Z',
    time: '10:30:00.000Z',
    multipicklist: field.picklistValues[0]?.value ?? 'a',
  }
  return toLiteral(field, samples[field.type] ?? field.picklistValues[0]?.value ?? 'a')
}

/** formulon's result as the value of a field of `type` (null for a blank or a mismatched type). */
export function fromLiteral(type: FieldType, literal: { value: unknown }, scale: number): FieldValue {
  const { value } = literal
  if (value === null || value === undefined) return type === 'boolean' ? false : null
  switch (returnDataTypeOf(type)) {
    case 'checkbox':
      return value === true
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return null
      // the field's scale rounds the result, as the real API returns it
      const factor = 10 ** (type === 'int' ? 0 : scale)
      return Math.round(value * factor) / factor
    }
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : null
    case 'datetime':
      // the replica's datetime wire form (records/coerce.ts formatDatetime)
      return value instanceof Date ? value.toISOString().replace('Z', '+0000') : null
    case 'time':
      // formulon's time is a date on 1970-01-01 UTC; the replica stores `10:30:00.000Z`
      return value instanceof Date ? value.toISOString().slice(11) : null
    case 'text':
      return value === '' ? null : String(value)
    default:
      return null
  }
}

/** A stored time (`10:30:00.000Z`) as formulon's time: milliseconds from midnight as a UTC date. */
function timeOf(text: string): Date | null {
  const date = new Date(`1970-01-01T${text}`)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A stored date (`2024-01-31`) or datetime (`...+0000` or `Z`) as a JS date in UTC. */
function dateOf(text: string): Date | null {
  const iso = text.length === 10 ? `${text}T00:00:00.000Z` : text.replace(/\+0000$/, 'Z')
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}
