/**
 * @module
 * One CSV row as the record service's input (text values, `format: 'csv'`): a blank cell is left
 * out (insert: the field's default; update: unchanged), `#N/A` sets the field to null, and a
 * relationship column becomes a parent reference by external id (`AccountId` <- `{ External_Id__c }`,
 * resolved by the record service exactly as a REST body's `"Account": {"External_Id__c": ...}`).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/datafiles_prepare_csv.htm
 */
import type { ResolvedColumn } from './header-columns.js'

/** The value that nulls a field in Bulk API CSV data. */
export const NULL_VALUE = '#N/A'

/**
 * The record-service body of `row`, without the column at `skip` (the row's Id or upsert key,
 * which the operation passes on its own): field name -> text, relationship name -> the parent's
 * external id, as a REST body has them.
 */
export function rowInput(
  columns: readonly ResolvedColumn[],
  row: readonly string[],
  skip = -1,
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  columns.forEach((column, index) => {
    const value = row[index]!
    if (index === skip || value === '') return
    if (value === NULL_VALUE) body[column.field.name] = null
    else if (column.kind === 'field') body[column.field.name] = value
    else {
      const reference: Record<string, unknown> = { [column.lookup.name]: value }
      // a polymorphic reference says which parent object the lookup field belongs to
      if (column.field.referenceTo.length > 1) reference.attributes = { type: column.target.name }
      body[column.relationship] = reference
    }
  })
  return body
}

/** Index of the column holding `fieldName` itself (not a reference to it), or -1. */
export function columnOf(columns: readonly ResolvedColumn[], fieldName: string): number {
  return columns.findIndex((column) => column.kind === 'field' && column.field.name === fieldName)
}
