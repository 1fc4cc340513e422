/**
 * @module
 * Recently viewed records: an object keeps them when it has `LastViewedDate` /
 * `LastReferencedDate` fields (as the objects Salesforce's RecentlyViewed supports do). A query
 * `FOR VIEW` stamps the first, `FOR REFERENCE` the second, on the records it returns, without
 * touching `LastModifiedDate` or `SystemModstamp`; `GET /recent` and the `recentItems` of an
 * object's basic information list the stamped records, most recently viewed or referenced first.
 *
 * @note Salesforce keeps these per user; the replica keeps them on the record, so every actor of
 * an environment shares one list (docs/crm-replica.md).
 * @see https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select_for_view.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_recent_items.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import { formatDatetime } from './coerce.js'
import { withFormulaValues } from './formula-reads.js'
import type { RecordStore, SObjectRecord } from './record-store.js'
import { projectRecord, type RecordView } from './record-view.js'

/** The most entries `GET /recent` lists (RecentlyViewed keeps 200). */
export const RECENTLY_VIEWED_MAX = 200

const VIEWED = 'LastViewedDate'
const REFERENCED = 'LastReferencedDate'

export interface RecentDeps {
  metadata: MetadataService
  store: RecordStore
  clock: { now(): Date }
  /** The User an actor acts as (formula fields read `$User`). */
  userFor(actor: string | undefined): string
}

/** Stamps `field` with the current time on the records `ids` (live ones; a deleted one is skipped). */
export function markViewed(
  deps: Pick<RecentDeps, 'store' | 'clock'>,
  field: 'LastViewedDate' | 'LastReferencedDate',
  ids: readonly string[],
): void {
  if (ids.length === 0) return
  const stamp = formatDatetime(deps.clock.now())
  deps.store.transaction(() => {
    for (const id of ids) if (deps.store.get(id)) deps.store.update(id, { [field]: stamp })
  })
}

/** One recently viewed record: its object and `{ Id, <name field> }` as the view sees them. */
export interface RecentItem {
  object: string
  record: RecordView
}

/**
 * The view's recently viewed or referenced records, newest first: of one object (`recentItems`)
 * or of every object that keeps them (`/recent`), with the name field as the object has it
 * (`Name`, `CaseNumber`), or renamed `Name` (`/recent`, whose entries are RecentlyViewed rows).
 */
export function recentlyViewed(
  deps: RecentDeps,
  view: MetadataView,
  options: { object?: ObjectDef; limit: number; nameAs?: 'Name' },
): RecentItem[] {
  const objects = options.object ? [options.object] : deps.metadata.visibleObjects(view)
  const found: Array<{ object: ObjectDef; record: SObjectRecord; at: string }> = []
  for (const object of objects) {
    if (!keepsViews(deps.metadata, object, view)) continue
    for (const record of deps.store.scan(object.name)) {
      const at = lastSeen(record)
      if (at !== undefined) found.push({ object, record, at })
    }
  }
  found.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  const user = deps.userFor(view.actor)
  return found.slice(0, options.limit).map(({ object, record }) => {
    const nameField = nameFieldOf(deps.metadata, object, view)
    const projected = projectRecord(
      deps.metadata,
      object,
      withFormulaValues(deps, object, record, user),
      view,
      nameField ? ['Id', nameField] : ['Id'],
    )
    if (options.nameAs && nameField && nameField !== options.nameAs) {
      const { [nameField]: name, ...rest } = projected
      return { object: object.name, record: { ...rest, [options.nameAs]: name ?? null } }
    }
    return { object: object.name, record: projected }
  })
}

/** True when the object keeps the view dates the view can see. */
function keepsViews(metadata: MetadataService, object: ObjectDef, view: MetadataView): boolean {
  return (
    metadata.findField(object, VIEWED, view) !== undefined ||
    metadata.findField(object, REFERENCED, view) !== undefined
  )
}

/** The later of the record's view dates (stored datetimes compare as text), if it has one. */
function lastSeen(record: SObjectRecord): string | undefined {
  const viewed = record[VIEWED]
  const referenced = record[REFERENCED]
  const a = typeof viewed === 'string' ? viewed : undefined
  const b = typeof referenced === 'string' ? referenced : undefined
  if (a === undefined) return b
  return b === undefined || a > b ? a : b
}

function nameFieldOf(metadata: MetadataService, object: ObjectDef, view: MetadataView): string | undefined {
  const visible = metadata.visibleFields(object, view)
  return (visible.find((field) => field.nameField) ?? visible.find((field) => field.name === 'Name'))?.name
}
