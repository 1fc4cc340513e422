/**
 * @module
 * Browsing an environment app's records as one actor sees them, for the web inspector: the
 * objects with their record counts, a page of one object's records, and one record's fields.
 */
import type { CrmData } from './crm-data.js'
import type { MetadataView } from './metadata/metadata-service.js'
import { isCompound } from './metadata/metadata-service.js'
import type { RecordView } from './records/record-view.js'
import type { SoqlRow } from './soql/index.js'

export interface ObjectSummary {
  name: string
  label: string
  /** Live records (the recycle bin not counted). */
  count: number
}

export interface RecordPage {
  object: string
  /** Columns of `records`, `Id` first. */
  fields: string[]
  records: SoqlRow[]
  total: number
  offset: number
}

/** The largest OFFSET SOQL takes (the real API's limit): pages beyond it are not browsable. */
export const MAX_BROWSE_OFFSET = 2000

export function listObjects(app: CrmData, view: MetadataView): ObjectSummary[] {
  return app.metadata.visibleObjects(view).map((object) => ({
    name: object.name,
    label: object.label,
    count: app.store.count(object.name),
  }))
}

/** Records of `object` by Id, `limit` from `offset`, every visible non-compound field. */
export function browseRecords(
  app: CrmData,
  view: MetadataView,
  object: string,
  page: { limit: number; offset: number },
): RecordPage {
  const def = app.metadata.getObject(object, view)
  const fields = app.metadata
    .visibleFields(def, view)
    .filter((field) => !isCompound(field))
    .map((field) => field.name)
  const offset = Math.min(page.offset, MAX_BROWSE_OFFSET)
  const soql = `SELECT ${fields.join(', ')} FROM ${def.name} ORDER BY Id LIMIT ${page.limit}${offset > 0 ? ` OFFSET ${offset}` : ''}`
  const { records } = app.query(soql, view)
  return { object: def.name, fields, records, total: app.store.count(def.name), offset }
}

/** One record with every field the view sees, or undefined. */
export function readRecord(
  app: CrmData,
  view: MetadataView,
  object: string,
  id: string,
): RecordView | undefined {
  try {
    return app.records.read(object, id, view, {})
  } catch {
    return undefined
  }
}
