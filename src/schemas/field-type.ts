/**
 * @module
 * The field types of the CRM schema, and what kind of value each holds: one table, read by
 * describe, SOQL column metadata, value coercion, SOSL, roll-up checks and the formula type
 * checker, so that they agree on what is text, a number or a date.
 */
import * as z from 'zod'

export const FieldType = z.enum([
  'id',
  'string',
  'textarea',
  'email',
  'phone',
  'url',
  'picklist',
  'multipicklist',
  'boolean',
  'int',
  'double',
  'currency',
  'percent',
  'date',
  'datetime',
  // a time of day without a date, `10:30:00.000Z` as Salesforce writes it
  'time',
  'reference',
  // compound fields: readable, never writable as a whole, rejected by bulk query (docs/bulk-api.md)
  'address',
  'location',
  // a blob (Attachment.Body, ContentVersion.VersionData): base64 when written in JSON, read as a
  // URL that answers its bytes; never filtered, sorted or grouped on
  'base64',
])
export type FieldType = z.infer<typeof FieldType>

export type FieldTypeCategory =
  /** Free text: string, textarea, email, phone, url. */
  | 'text'
  | 'picklist'
  | 'multipicklist'
  /** A record id: the record's own (`id`) or a reference to another. */
  | 'id'
  /** int, double, currency, percent. */
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  /** address, location: read as a whole, written through their components. */
  | 'compound'
  /** base64: a file's bytes. */
  | 'blob'

const CATEGORIES: Readonly<Record<FieldType, FieldTypeCategory>> = {
  string: 'text',
  textarea: 'text',
  email: 'text',
  phone: 'text',
  url: 'text',
  picklist: 'picklist',
  multipicklist: 'multipicklist',
  id: 'id',
  reference: 'id',
  int: 'number',
  double: 'number',
  currency: 'number',
  percent: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  address: 'compound',
  location: 'compound',
  base64: 'blob',
}

/** The category of a field type; undefined for a type that is not one (a shape not checked yet). */
export function categoryOf(type: FieldType): FieldTypeCategory
export function categoryOf(type: string): FieldTypeCategory | undefined
export function categoryOf(type: string): FieldTypeCategory | undefined {
  return Object.hasOwn(CATEGORIES, type) ? CATEGORIES[type as FieldType] : undefined
}

/** Text with a length: free text and picklists (describe's byteLength, SOQL's textType, coercion). */
export function isTextLike(type: string): boolean {
  const category = categoryOf(type)
  return category === 'text' || category === 'picklist' || category === 'multipicklist'
}

export function isNumeric(type: string): boolean {
  return categoryOf(type) === 'number'
}

/** A date or a datetime (what roll-ups order and summarise besides numbers). */
export function isDateLike(type: string): boolean {
  const category = categoryOf(type)
  return category === 'date' || category === 'datetime'
}

export function isCompoundType(type: string): boolean {
  return categoryOf(type) === 'compound'
}
