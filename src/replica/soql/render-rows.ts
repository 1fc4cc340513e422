/**
 * @module
 * Rows of a records query as the REST query resource shows them: `attributes` first, then fields
 * in SELECT order, parent relationships as nested objects (or null), child relationships as
 * `{ totalSize, done, records }` (or null). Every record rendered, child looked at and row scanned
 * to group children counts against the query's budget.
 */
import type { CompiledSubquery, ExecContext, OutputNode } from './compile/compiled-query.js'
import { fetchParent } from './compile/paths.js'
import type { SoqlObject, SoqlRecord, SoqlScanOptions } from './data-source.js'
import { sortRows } from './sort-rows.js'
import { isNull, readField } from './values.js'

export interface SoqlRow {
  attributes: { type: string; url?: string }
  [key: string]: unknown
}

export interface SoqlResult {
  /** Number of rows; for `SELECT COUNT()` the count (and `records` is empty). */
  totalSize: number
  done: true
  records: SoqlRow[]
}

/** The executor's per-query state (see executor.ts). */
export interface Exec extends ExecContext {
  recordUrl: ((object: string, id: string) => string) | undefined
  scan: SoqlScanOptions
  /** Children grouped by parent id, for a child relationship whose reference field has no index. */
  childGroups: Map<CompiledSubquery, Map<string, SoqlRecord[]>>
}

export function renderRecord(
  nodes: OutputNode[],
  object: SoqlObject,
  record: SoqlRecord,
  exec: Exec,
): SoqlRow {
  exec.budget.spend()
  const { recordUrl } = exec
  const type = object.def.name
  const row: SoqlRow = { attributes: recordUrl ? { type, url: recordUrl(type, record.Id) } : { type } }
  fill(row, nodes, type, record, exec)
  return row
}

function fill(
  out: Record<string, unknown>,
  nodes: OutputNode[],
  type: string,
  record: SoqlRecord,
  exec: Exec,
): void {
  for (const node of nodes) {
    switch (node.kind) {
      case 'value':
        out[node.key] =
          node.field.type === 'base64'
            ? blobUrl(type, record, node.field.name, exec)
            : readField(record, node.field)
        break
      case 'parent': {
        const parent = fetchParent(node.hop, record, exec)
        out[node.key] = parent ? renderRecord(node.children, parent.object, parent.record, exec) : null
        break
      }
      case 'child':
        out[node.key] = renderChildren(node.sub, record.Id, exec)
        break
    }
  }
}

/** A blob reads as the URL that answers its bytes (`.../sobjects/Attachment/00P.../Body`), null when empty. */
function blobUrl(type: string, record: SoqlRecord, field: string, exec: Exec): string | null {
  if (isNull(record[field]) || !exec.recordUrl) return null
  return `${exec.recordUrl(type, record.Id)}/${field}`
}

function renderChildren(sub: CompiledSubquery, parentId: string, exec: Exec): SoqlResult | null {
  const query = sub.query
  const test = query.where?.test
  const all = childRecords(sub, parentId, exec)
  exec.budget.spend(all.length)
  const children = all.filter((record) => !test || test(record, exec))
  const offset = query.offset ?? 0
  const limit = query.limit ?? Number.POSITIVE_INFINITY
  const ordered =
    query.orderBy.length > 0 ? sortRows(children, query.orderBy, exec, offset + limit) : children
  const rows = page(ordered, offset, limit)
  if (rows.length === 0) return null
  const records = rows.map((record) => renderRecord(query.output, query.object, record, exec))
  return { totalSize: records.length, done: true, records }
}

function childRecords(sub: CompiledSubquery, parentId: string, exec: Exec): SoqlRecord[] {
  const object = sub.query.object.def.name
  const indexed = exec.records.findBy(object, sub.childField, parentId, exec.scan)
  if (indexed) return [...indexed]
  let groups = exec.childGroups.get(sub)
  if (!groups) {
    groups = new Map()
    for (const record of exec.records.scan(object, exec.scan)) {
      exec.budget.spend()
      const parent = record[sub.childField]
      if (isNull(parent)) continue
      const key = String(parent)
      const list = groups.get(key)
      if (list) list.push(record)
      else groups.set(key, [record])
    }
    exec.childGroups.set(sub, groups)
  }
  return groups.get(parentId) ?? []
}

export function page<T>(rows: T[], offset: number, limit: number): T[] {
  if (offset === 0 && limit >= rows.length) return rows
  return rows.slice(offset, offset + limit)
}
