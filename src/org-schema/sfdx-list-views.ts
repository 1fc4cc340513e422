/**
 * @module
 * List views of an SFDX source: `objects/<Object>/listViews/*.listView-meta.xml` (`listViewOf`
 * reads one `<ListView>` element, wherever it comes from), and, once the sources are merged,
 * their columns and filter fields translated to the names SOQL uses. A list view names fields in
 * the old column style (`ACCOUNT.NAME`, `ACCOUNT.ADDRESS1_STATE`, `CORE.USERS.ALIAS`,
 * `CREATED_DATE`) or by API name (`Status__c`); a column no field answers to is left out, and a
 * view whose filter names no field, or whose scope the replica cannot apply (queues, teams,
 * territories), is left out whole: each is listed in the load report.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/meta_listview.htm
 */
import path from 'node:path'
import { readdirSync } from 'node:fs'
import type { ListViewDefInput } from '../schemas/crm-list-view.js'
import { FilterOperation } from '../schemas/filter-operation.js'
import type { FieldDefInput } from '../schemas/crm-schema.js'
import type { IgnoredItem } from '../schemas/schema-load-report.js'
import type { XmlNode } from '../xml/xml-document.js'
import type { ObjectContribution } from './object-contribution.js'
import { listOf, readXmlFiles, textOf } from './read-source-file.js'

const SUFFIX = '.listView-meta.xml'

/** What list views read and write of an object being merged (merge-schema.ts `MergedObject` is one). */
export interface ListViewOwner {
  def: { name: string; fields: FieldDefInput[]; listViews?: ListViewDefInput[] }
  files: string[]
  /** Lower-case developer name -> the file that last defined the view. */
  listViewFiles: Map<string, string>
}

/** `filterScope` values the replica applies. */
const SCOPES: Readonly<Record<string, 'everything' | 'mine'>> = { Everything: 'everything', Mine: 'mine' }

/** Reads an object's `listViews/` folder into the contribution (views it cannot serve go to `ignored`). */
export async function readListViews(
  folder: string,
  objectName: string,
  object: ObjectContribution,
  ignored: IgnoredItem[],
): Promise<void> {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(SUFFIX))
    .sort()
    .map((name) => path.join(folder, name))
  const nodes = await readXmlFiles(files, 'ListView')
  for (const [index, file] of files.entries()) {
    addListView(object, objectName, nodes[index]!, path.basename(file, SUFFIX), file, ignored)
  }
}

/**
 * One `<ListView>` (a list view file, or a `<listViews>` element of a Metadata API `.object` file)
 * added to `object`, or listed with why it cannot be served; `fallbackName` when it has no
 * `<fullName>`.
 */
export function addListView(
  object: ObjectContribution,
  objectName: string,
  node: XmlNode,
  fallbackName: string,
  file: string,
  ignored: IgnoredItem[],
): void {
  const name = textOf(node, 'fullName') ?? fallbackName
  const view = listViewOf(name, node)
  if (typeof view === 'string') {
    ignored.push({ kind: 'metadata', item: `${objectName}/listViews/${name}`, file, reason: view })
    return
  }
  object.listViews ??= []
  object.listViews.push(view)
  object.listViewFiles ??= new Map()
  object.listViewFiles.set(name.toLowerCase(), file)
}

/** One `<ListView>` element, columns and filters as written; a string says why it cannot be served. */
export function listViewOf(developerName: string, node: XmlNode): ListViewDefInput | string {
  const scopeText = textOf(node, 'filterScope') ?? 'Everything'
  const scope = SCOPES[scopeText]
  if (!scope) return `filterScope ${scopeText} (only Everything and Mine are served)`
  const filters: NonNullable<ListViewDefInput['filters']> = []
  for (const filter of listOf(node, 'filters')) {
    const field = textOf(filter, 'field')
    const operation = FilterOperation.safeParse(textOf(filter, 'operation'))
    if (!field) return 'a filter names no field'
    if (!operation.success) return `the filter on ${field} uses operation "${textOf(filter, 'operation')}"`
    filters.push({ field, operation: operation.data, value: textOf(filter, 'value') ?? '' })
  }
  const booleanFilter = textOf(node, 'booleanFilter')
  return {
    developerName,
    label: textOf(node, 'label') ?? developerName,
    columns: textsOf(node, 'columns'),
    filters,
    ...(booleanFilter ? { booleanFilter } : {}),
    scope,
  }
}

function textsOf(node: XmlNode, key: string): string[] {
  const value = node[key]
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return items.filter((item): item is string => typeof item === 'string')
}

/** Adds a source's list views to the merged object, one of the same developer name replacing it. */
export function mergeListViews(merged: ListViewOwner, contribution: ObjectContribution): void {
  if (!contribution.listViews) return
  merged.def.listViews ??= []
  const views = merged.def.listViews
  for (const view of contribution.listViews) {
    const key = view.developerName.toLowerCase()
    const at = views.findIndex((existing) => existing.developerName.toLowerCase() === key)
    if (at >= 0) views[at] = view
    else views.push(view)
    merged.listViewFiles.set(key, contribution.listViewFiles?.get(key) ?? contribution.file)
  }
}

/** The old-style prefix of a standard object's columns (`ACCOUNT.NAME`). */
const PREFIXES: Readonly<Record<string, string>> = {
  Account: 'ACCOUNT',
  Contact: 'CONTACT',
  Lead: 'LEAD',
  Opportunity: 'OPPORTUNITY',
  Case: 'CASES',
}

/** Old-style names that do not spell their field (per object where they differ). */
const RENAMED: Readonly<Record<string, string>> = {
  NAME: 'Name',
  FULL_NAME: 'Name',
  CREATED_DATE: 'CreatedDate',
  CREATED_DATE_DATE_ONLY: 'CreatedDate',
  LAST_UPDATE: 'LastModifiedDate',
  LAST_UPDATE_DATE_ONLY: 'LastModifiedDate',
  PHONE1: 'Phone',
  PHONE3: 'MobilePhone',
  CASE_NUMBER: 'CaseNumber',
  SITE: 'Site',
  UNREAD: 'IsUnreadByOwner',
  'CORE.USERS.ALIAS': 'Owner.Alias',
  'CORE.USERS.FIRST_NAME': 'Owner.FirstName',
  'CORE.USERS.LAST_NAME': 'Owner.LastName',
  'CORE.USERS.FULL_NAME': 'Owner.Name',
  'CREATEDBY_USER.ALIAS': 'CreatedBy.Alias',
  'UPDATEDBY_USER.ALIAS': 'LastModifiedBy.Alias',
}

/** The address fields of `ADDRESS1_*` / `ADDRESS2_*`, per object. */
const ADDRESSES: Readonly<Record<string, readonly [string, string]>> = {
  Account: ['Billing', 'Shipping'],
  Contact: ['Mailing', 'Other'],
  Lead: ['', ''],
}
const ADDRESS_PARTS: Readonly<Record<string, string>> = {
  STREET: 'Street',
  CITY: 'City',
  STATE: 'State',
  ZIP: 'PostalCode',
  COUNTRY: 'Country',
}

/**
 * Translates the merged objects' list view columns and filter fields to SOQL names (in place),
 * leaving out what no field answers to; returns what was left out.
 */
export function resolveListViews(objects: ReadonlyMap<string, ListViewOwner>): IgnoredItem[] {
  const ignored: IgnoredItem[] = []
  for (const object of objects.values()) {
    const views = object.def.listViews
    if (!views || views.length === 0) continue
    const file = (name: string) =>
      object.listViewFiles.get(name.toLowerCase()) ?? object.files.at(-1) ?? object.def.name
    const kept: ListViewDefInput[] = []
    for (const view of views) {
      const item = `${object.def.name}/listViews/${view.developerName}`
      const columns: string[] = []
      for (const column of view.columns ?? []) {
        const resolved = columnPath(objects, object, column)
        if (resolved) columns.push(resolved)
        // list views never fail a strict load (load-org-schema.ts): `metadata`, not `detail`
        else
          ignored.push({
            kind: 'metadata',
            item,
            file: file(view.developerName),
            reason: `column ${column}: no field answers to it`,
          })
      }
      const filters = view.filters ?? []
      const fields = filters.map((filter) => columnPath(objects, object, filter.field))
      const lost = fields.indexOf(undefined)
      if (lost >= 0) {
        const reason = `the filter on ${filters[lost]!.field}: no field answers to it`
        ignored.push({ kind: 'metadata', item, file: file(view.developerName), reason })
        continue
      }
      kept.push({ ...view, columns, filters: filters.map((filter, i) => ({ ...filter, field: fields[i]! })) })
    }
    object.def.listViews = kept
  }
  return ignored
}

/** The SOQL path of a list view column of `object`, or undefined when no field answers to it. */
function columnPath(
  objects: ReadonlyMap<string, ListViewOwner>,
  object: ListViewOwner,
  column: string,
): string | undefined {
  const name = object.def.name
  const direct = fieldNamed(object, column)
  if (direct) return direct
  const renamed = RENAMED[column.toUpperCase()]
  if (renamed?.includes('.')) return parentPath(objects, object, renamed.split('.'))
  const prefix = PREFIXES[name]
  const dot = column.indexOf('.')
  if (dot < 0) return legacyField(object, column)
  const head = column.slice(0, dot)
  const rest = column.slice(dot + 1)
  if (prefix && head.toUpperCase() === prefix) return legacyField(object, rest)
  if (head.toUpperCase() === 'OWNER') return parentPath(objects, object, ['Owner', rest])
  // another object's prefix or a relationship name: a parent's field (ACCOUNT.NAME on a Contact)
  return parentPath(objects, object, [head, rest])
}

/** A field of the object by an old-style token (`ADDRESS1_STATE`, `LEAD_SOURCE`) or its API name. */
function legacyField(object: ListViewOwner, token: string): string | undefined {
  const upper = token.toUpperCase()
  const address = /^ADDRESS([12])_(STREET|CITY|STATE|ZIP|COUNTRY)$/.exec(upper)
  if (address) {
    const prefixes = ADDRESSES[object.def.name]
    const part = prefixes?.[Number(address[1]) - 1]
    return part === undefined ? undefined : fieldNamed(object, `${part}${ADDRESS_PARTS[address[2]!]}`)
  }
  const renamed = RENAMED[upper]
  if (renamed === 'Name') return nameFieldOf(object)
  if (renamed) return fieldNamed(object, renamed)
  return fieldNamed(object, token) ?? fieldNamed(object, token.replace(/_/g, ''))
}

/** `Owner.Alias`-style path through the object's parent relationships, in SOQL's spelling. */
function parentPath(
  objects: ReadonlyMap<string, ListViewOwner>,
  object: ListViewOwner,
  parts: readonly string[],
): string | undefined {
  const [relationship, ...rest] = parts
  const lower = relationship!.toLowerCase().replace(/_/g, '')
  const reference = object.def.fields.find(
    (field) =>
      field.type === 'reference' &&
      (field.relationshipName?.toLowerCase() === lower || field.name.toLowerCase() === `${lower}id`),
  )
  const target =
    reference?.referenceTo?.length === 1 ? objects.get(reference.referenceTo[0]!.toLowerCase()) : undefined
  if (!reference?.relationshipName || !target || rest.length === 0) return undefined
  const inner = rest.length > 1 ? parentPath(objects, target, rest) : legacyField(target, rest[0]!)
  return inner === undefined ? undefined : `${reference.relationshipName}.${inner}`
}

function fieldNamed(object: ListViewOwner, name: string): string | undefined {
  const lower = name.toLowerCase()
  return object.def.fields.find((field: FieldDefInput) => field.name.toLowerCase() === lower)?.name
}

function nameFieldOf(object: ListViewOwner): string | undefined {
  return object.def.fields.find((field) => field.nameField)?.name ?? fieldNamed(object, 'Name')
}
