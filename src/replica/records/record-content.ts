/**
 * @module
 * The record store as plain JSON: `serialiseContent` hands out the record objects themselves
 * (frozen, so no copy), `loadContent` builds fresh tables from a document, checked first so a
 * bad one never reaches the live store.
 */
import * as z from 'zod'
import { counterOf } from '../ids.js'
import type { MetadataService } from '../metadata/metadata-service.js'
import { checkRecord } from './record-materialise.js'
import { buildTables, putRecord, type Tables } from './record-table.js'

export const RECORD_STORE_FORMAT = 'replica-mock/crm-records'

/** The serialised store. `records` holds every record (recycle bin included) per object, oldest first. */
export const RecordStoreContent = z.strictObject({
  format: z.literal(RECORD_STORE_FORMAT),
  version: z.literal(1),
  /** Last id counter issued per object (ids are never reused, even after a purge). */
  counters: z.record(z.string(), z.int().min(0)),
  /** Auto-number sequences (`Case.CaseNumber`): the last number issued. */
  sequences: z.record(z.string(), z.int().min(0)),
  /** Checked record by record on restore (a zod pass over 1M records would dominate the restore). */
  records: z.record(z.string(), z.array(z.unknown())),
})
export type RecordStoreContent = z.infer<typeof RecordStoreContent>

/** What a record store holds, apart from its transactions. */
export interface RecordData {
  tables: Tables
  /** Auto-number sequence name -> last number issued. */
  sequences: Map<string, number>
}

/** Plain JSON of the whole store (the stored record objects themselves, frozen). */
export function serialiseContent(data: RecordData): RecordStoreContent {
  const counters: Record<string, number> = {}
  const records: Record<string, Array<Record<string, unknown>>> = {}
  for (const table of data.tables.byName.values()) {
    counters[table.def.name] = table.counter
    records[table.def.name] = [...table.byId.values()]
  }
  return {
    format: RECORD_STORE_FORMAT,
    version: 1,
    counters,
    sequences: Object.fromEntries(data.sequences),
    records,
  }
}

/** New tables and sequences holding `content` (a `serialiseContent` result, possibly through JSON). */
export function loadContent(metadata: MetadataService, content: unknown): RecordData {
  const parsed = RecordStoreContent.safeParse(content)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new TypeError(
      `[replica-mock] Failed to restore records: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
    )
  }
  const tables = buildTables(metadata)
  for (const [object, list] of Object.entries(parsed.data.records)) {
    const table = tables.byName.get(object.toLowerCase())
    if (!table) throw new TypeError(`[replica-mock] Failed to restore records: unknown object "${object}"`)
    list.forEach((values, i) => {
      const where = `${object}.${i}`
      const checked = checkRecord(table, values, where)
      if (table.byId.has(checked.Id as string)) {
        throw new TypeError(
          `[replica-mock] Failed to restore records: ${where}: duplicate id "${checked.Id}"`,
        )
      }
      putRecord(table, checked, undefined)
      table.counter = Math.max(table.counter, counterOf(checked.Id as string, table.def.keyPrefix))
    })
  }
  for (const [object, counter] of Object.entries(parsed.data.counters)) {
    const table = tables.byName.get(object.toLowerCase())
    if (table) table.counter = Math.max(table.counter, counter)
  }
  return { tables, sequences: new Map(Object.entries(parsed.data.sequences)) }
}
