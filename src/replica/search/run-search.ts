/**
 * @module
 * Runs a simple SOSL search (`parse-sosl.ts`) over the app's records as the caller sees them. A
 * record matches when every word of the term occurs, case-insensitively, in one of its searched
 * text fields (`*` any run of characters, `?` one): the search group picks the fields (ALL: every
 * filterable text field; NAME: the name field; EMAIL / PHONE: fields of that type). Each object
 * is searched with a SOQL `LIKE` filter, so visibility, field checks and record shapes are the
 * query's; results come per RETURNING object in the order given, up to the LIMIT in all.
 * @note Salesforce ranks by relevance over a search index; the replica keeps the objects' order
 * and each object's records by Id.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_search.htm
 */
import { categoryOf } from '../../schemas/field-type.js'
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import type { CrmData } from '../crm-data.js'
import { ReplicaError } from '../errors.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import { parseSosl, type SearchGroup, type SoslReturning } from './parse-sosl.js'

export interface SearchOptions {
  /** The `attributes.url` of a record. */
  recordUrl(type: string, id: string): string
}

export function runSearch(
  app: CrmData,
  text: string,
  view: MetadataView,
  options: SearchOptions,
): { searchRecords: unknown[] } {
  const search = parseSosl(text)
  const targets = search.returning ?? everyObject(app, view)
  const searchRecords: unknown[] = []
  for (const target of targets) {
    const remaining = search.limit - searchRecords.length
    if (remaining <= 0) break
    const def = app.metadata.findObject(target.object, view)
    if (!def || def.queryable === false) {
      throw new ReplicaError('INVALID_TYPE', `sObject type '${target.object}' is not supported.`)
    }
    const fields = searchedFields(app, def, view, search.group)
    if (fields.length === 0) continue
    const select = target.fields.length === 0 ? ['Id'] : target.fields
    const where = search.words.map(
      (word) => `(${fields.map((f) => `${f} LIKE '${likePattern(word)}'`).join(' OR ')})`,
    )
    const soql = `SELECT ${select.join(', ')} FROM ${def.name} WHERE ${where.join(' AND ')} ORDER BY Id LIMIT ${remaining}`
    searchRecords.push(...app.query(soql, view, { recordUrl: options.recordUrl }).records)
  }
  return { searchRecords }
}

function everyObject(app: CrmData, view: MetadataView): SoslReturning[] {
  return app.metadata
    .visibleObjects(view)
    .filter((def) => def.queryable !== false)
    .map((def) => ({ object: def.name, fields: [] }))
}

function searchedFields(app: CrmData, def: ObjectDef, view: MetadataView, group: SearchGroup): string[] {
  const visible = app.metadata.visibleFields(def, view)
  const pick = (test: (field: FieldDef) => boolean) => visible.filter(test).map((field) => field.name)
  if (group === 'NAME') return pick((field) => field.nameField === true)
  if (group === 'EMAIL') return pick((field) => field.type === 'email')
  if (group === 'PHONE') return pick((field) => field.type === 'phone')
  // one-line text and picklists: text areas and multi-select picklists are not searched
  const searched = (field: FieldDef) =>
    (categoryOf(field.type) === 'text' && field.type !== 'textarea') || categoryOf(field.type) === 'picklist'
  return pick((field) => searched(field) && field.compoundFieldName === undefined)
}

/** `%word%` with SOQL's own wildcards and quotes escaped, SOSL's `*` and `?` turned into `%` and `_`. */
function likePattern(word: string): string {
  const escaped = word.replace(/[\\'%_]/g, (char) => `\\${char}`)
  return `%${escaped.replaceAll('*', '%').replaceAll('?', '_')}%`
}
