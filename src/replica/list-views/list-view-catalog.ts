/**
 * @module
 * The list views of an object: Salesforce's defaults (default-list-views.ts) with the schema's
 * own over them (one of the same developer name replaces the default). Each has a `00B` id made
 * from its object and developer name, so it stays the same while the schema changes around it.
 */
import type { ListViewDef } from '../../schemas/crm-list-view.js'
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { NotFoundError } from '../errors.js'
import { makeRecordId, normaliseId } from '../ids.js'
import { defaultListViews } from './default-list-views.js'

/** Key prefix of list view ids. */
export const LIST_VIEW_KEY_PREFIX = '00B'

export interface ListView {
  /** 18-character id. */
  id: string
  object: ObjectDef
  def: ListViewDef
}

/** The object's list views: defaults first, then the schema's own, in the order it gives them. */
export function listViewsOf(object: ObjectDef): ListView[] {
  const given = object.listViews ?? []
  const names = new Set(given.map((def) => def.developerName.toLowerCase()))
  const defaults = defaultListViews(object).filter((def) => !names.has(def.developerName.toLowerCase()))
  return [...defaults, ...given].map((def) => ({
    id: listViewId(object.name, def.developerName),
    object,
    def,
  }))
}

/** The list view of `object` with this id (15 or 18 characters); NOT_FOUND for any other. */
export function findListView(object: ObjectDef, id: string): ListView {
  const wanted = normaliseId(id)
  const found = wanted === undefined ? undefined : listViewsOf(object).find((view) => view.id === wanted)
  if (!found) throw new NotFoundError(`Failed to find list view "${id}" of ${object.name}`)
  return found
}

/** A `00B` id from FNV-1a of `Object.DeveloperName` (case-insensitive, as both names are). */
function listViewId(object: string, developerName: string): string {
  let hash = 0x811c9dc5
  for (const char of `${object}.${developerName}`.toLowerCase()) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return makeRecordId(LIST_VIEW_KEY_PREFIX, hash + 1)
}
