/**
 * @module
 * A stored value as a bulk query result cell: text as stored, booleans `true`/`false`, numbers
 * in plain notation, dates `2024-05-01`, datetimes in UTC with milliseconds and `Z`
 * (`2024-05-01T10:00:00.000Z`), null as an empty cell.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/datafiles_date_format.htm
 */
import type { FieldDef } from '../../schemas/crm-schema.js'

/** The CSV text of `value` of `field`; null stays null (an empty, unquoted cell). */
export function csvValue(field: FieldDef, value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'string') return String(value)
  // stored datetimes are `...000+0000` (the REST form); bulk CSV writes them with `Z`
  if (field.type === 'datetime' && value.endsWith('+0000')) return `${value.slice(0, -5)}Z`
  return value
}
