/**
 * @module
 * `GET .../listviews/{id}/results[?limit=&offset=]`: the list view's query run as the caller,
 * a page of its rows (`limit` 1–2000, default 25; `offset` 0–2000) with each column's value as
 * text, the way the real resource presents them: dates and times as Java prints a date
 * (`Fri Aug 01 21:15:46 GMT 2014`), numbers and checkboxes as their text, null as null.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_listviewresults.htm
 */
import { ReplicaError } from '../errors.js'
import type { ListView } from './list-view-catalog.js'
import type { ListViewColumn, ListViewPlan } from './list-view-query.js'

export const RESULTS_DEFAULT_LIMIT = 25
export const RESULTS_MAX_LIMIT = 2000
export const RESULTS_MAX_OFFSET = 2000

export interface ResultsPage {
  limit: number
  offset: number
}

/** A query run as the caller: its row count, and rows `[from, to)` rendered as REST renders them. */
export type RunQuery = (soql: string) => {
  readonly length: number
  slice(from: number, to: number): ReadonlyArray<Record<string, unknown>>
}

export function listViewResults(view: ListView, plan: ListViewPlan, page: ResultsPage, run: RunQuery) {
  const records = run(plan.soql)
  const rows = records.slice(page.offset, page.offset + page.limit)
  return {
    columns: plan.columns,
    developerName: view.def.developerName,
    done: page.offset + rows.length >= records.length,
    id: view.id.slice(0, 15),
    label: view.def.label,
    records: rows.map((row) => ({
      columns: plan.columns.map((column) => ({
        fieldNameOrPath: column.fieldNameOrPath,
        value: presented(valueAt(row, column.fieldNameOrPath), column),
      })),
    })),
    size: records.length,
  }
}

/** `limit` and `offset` as sent, checked; a missing one has its default. */
export function resultsPage(limit: string | undefined, offset: string | undefined): ResultsPage {
  return {
    limit: bounded('limit', limit, RESULTS_DEFAULT_LIMIT, 1, RESULTS_MAX_LIMIT),
    offset: bounded('offset', offset, 0, 0, RESULTS_MAX_OFFSET),
  }
}

function bounded(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!(number >= min && number <= max)) {
    throw new ReplicaError(
      'MALFORMED_QUERY',
      `Failed to read the request: ${name} "${value}" is not a whole number from ${min} to ${max}`,
    )
  }
  return number
}

/** A rendered row's value at a dotted path (`Owner.Alias`); null where a parent is missing. */
function valueAt(row: Record<string, unknown>, path: string): unknown {
  let current: unknown = row
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return null
    current = (current as Record<string, unknown>)[part]
  }
  return current ?? null
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function presented(value: unknown, column: ListViewColumn): string | null {
  if (value === null || value === undefined) return null
  if ((column.type === 'datetime' || column.type === 'date') && typeof value === 'string') {
    const ms = Date.parse(
      column.type === 'date' ? `${value}T00:00:00Z` : value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'),
    )
    if (!Number.isNaN(ms)) return javaDate(new Date(ms))
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** `Fri Aug 01 21:15:46 GMT 2014`: `java.util.Date#toString` in GMT. */
function javaDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCDate())} ${time} GMT ${date.getUTCFullYear()}`
}
