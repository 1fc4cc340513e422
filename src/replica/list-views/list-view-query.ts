/**
 * @module
 * A list view as SOQL and as `GET .../listviews/{id}/describe` shows it: its columns (the shown
 * ones, then the hidden `Id`, `CreatedDate`, `LastModifiedDate`, `SystemModstamp`), the query
 * its results run (filters joined as `booleanFilter` says, `Mine` as the caller's `OwnerId`,
 * recently viewed by `LastViewedDate`), its sort (the first column, then `Id`) and its filters
 * as `whereCondition`. Column paths are checked against what the caller sees: one that names no
 * visible field is left out, as a field the caller cannot see is left out of a real view.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_listviewdescribe.htm
 */
import type { ListViewFilter } from '../../schemas/crm-list-view.js'
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { ReplicaError } from '../errors.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { ListView } from './list-view-catalog.js'

const HIDDEN = ['Id', 'CreatedDate', 'LastModifiedDate', 'SystemModstamp']

export interface ListViewColumn {
  ascendingLabel: string | null
  descendingLabel: string | null
  fieldNameOrPath: string
  hidden: boolean
  label: string
  selectListItem: string
  sortDirection: 'ascending' | 'descending' | null
  sortIndex: number | null
  sortable: boolean
  type: string
}

/** A list view resolved for one caller: its columns, the SOQL its results run, and its describe. */
export interface ListViewPlan {
  columns: ListViewColumn[]
  /** The query as describe shows it (lower-case names, as Salesforce writes it). */
  query: string
  /** The query the results run (canonical names). */
  soql: string
  describe: Record<string, unknown>
}

interface Resolved {
  path: string
  field: FieldDef
  label: string
}

export function planListView(
  metadata: MetadataService,
  view: ListView,
  caller: MetadataView,
  userId: string,
): ListViewPlan {
  const { object, def } = view
  const nameField = metadata.visibleFields(object, caller).find((field) => field.nameField)?.name ?? 'Name'
  const wanted = def.columns.length > 0 ? def.columns : [nameField]
  const shown = unique(wanted.flatMap((path) => resolve(metadata, object, path, caller) ?? []))
  const hidden = HIDDEN.flatMap((path) =>
    shown.some((column) => column.path === path) ? [] : (resolve(metadata, object, path, caller) ?? []),
  )
  const mru = def.scope === 'mru'
  const sortPath = mru ? undefined : shown[0]?.path
  const columns = [
    ...shown.map((column, index) => describeColumn(column, false, index === 0 && !mru)),
    ...hidden.map((column) => describeColumn(column, true, false)),
  ]
  const conditions = def.filters.map((filter) => condition(metadata, object, filter, caller))
  const where = [
    ...(conditions.length > 0 ? [`(${combine(conditions, def.booleanFilter)})`] : []),
    ...(def.scope === 'mine' ? [`OwnerId = '${userId}'`] : []),
    ...(mru ? ['LastViewedDate != null'] : []),
  ]
  const order = mru
    ? 'LastViewedDate DESC NULLS LAST, Id ASC NULLS FIRST'
    : `${sortPath ?? 'Id'} ASC NULLS FIRST, Id ASC NULLS FIRST`
  const select = columns.map((column) => column.fieldNameOrPath).join(', ')
  const soql = `SELECT ${select} FROM ${object.name}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}`
  const orderBy = mru
    ? [
        { fieldNameOrPath: 'LastViewedDate', nullsPosition: 'last', sortDirection: 'descending' },
        { fieldNameOrPath: 'Id', nullsPosition: 'first', sortDirection: 'ascending' },
      ]
    : [
        ...(sortPath
          ? [{ fieldNameOrPath: sortPath, nullsPosition: 'first', sortDirection: 'ascending' }]
          : []),
        { fieldNameOrPath: 'Id', nullsPosition: 'first', sortDirection: 'ascending' },
      ]
  const query = lowerCaseNames(soql, columns)
  return {
    columns,
    query,
    soql,
    describe: {
      columns,
      id: view.id.slice(0, 15),
      orderBy,
      query,
      relatedEntityId: null,
      scope: def.scope === 'everything' ? null : def.scope,
      scopeEntityId: null,
      sobjectType: object.name,
      whereCondition: whereCondition(metadata, object, def.filters, caller),
    },
  }
}

/** A column path (`Name`, `Owner.Alias`) as the caller sees it, canonical; undefined when it sees no such field. */
function resolve(
  metadata: MetadataService,
  object: ObjectDef,
  path: string,
  caller: MetadataView,
): Resolved | undefined {
  const parts = path.split('.')
  let current = object
  const names: string[] = []
  let prefix = ''
  for (const part of parts.slice(0, -1)) {
    const reference = metadata.parentRelationship(current, part, caller)
    const target =
      reference?.referenceTo.length === 1 ? metadata.findObject(reference.referenceTo[0]!) : undefined
    if (!reference || !target) return undefined
    names.push(reference.relationshipName!)
    prefix = `${prefix}${reference.label.replace(/ ID$/, '')} `
    current = target
  }
  const field = metadata.findField(current, parts.at(-1)!, caller)
  if (!field || field.type === 'address' || field.type === 'location') return undefined
  const label = prefix && field.nameField ? `${prefix}Name` : `${prefix}${field.label}`
  return { path: [...names, field.name].join('.'), field, label }
}

function unique(columns: Resolved[]): Resolved[] {
  return columns.filter((column, index) => columns.findIndex((other) => other.path === column.path) === index)
}

/** Sort labels by type, as Salesforce writes them (the label of the order a click would switch to). */
const SORT_LABELS: Readonly<Record<string, [string, string]>> = {
  phone: ['9-0', '0-9'],
  int: ['9-0', '0-9'],
  double: ['9-0', '0-9'],
  currency: ['9-0', '0-9'],
  percent: ['9-0', '0-9'],
  picklist: ['Low to High', 'High to Low'],
  date: ['New to Old', 'Old to New'],
  datetime: ['New to Old', 'Old to New'],
}

function describeColumn(column: Resolved, hidden: boolean, sorted: boolean): ListViewColumn {
  const [ascending, descending] = SORT_LABELS[column.field.type] ?? ['Z-A', 'A-Z']
  const sortable = !hidden && column.field.type !== 'multipicklist' && column.field.type !== 'textarea'
  return {
    ascendingLabel: sortable ? ascending : null,
    descendingLabel: sortable ? descending : null,
    fieldNameOrPath: column.path,
    hidden,
    label: column.label,
    selectListItem: column.field.type === 'picklist' ? `toLabel(${column.path})` : column.path,
    sortDirection: sorted ? 'ascending' : null,
    sortIndex: sorted ? 0 : null,
    sortable,
    type: column.field.type,
  }
}

const OPERATORS: Readonly<Record<ListViewFilter['operation'], string>> = {
  equals: '=',
  notEqual: '!=',
  lessThan: '<',
  greaterThan: '>',
  lessOrEqual: '<=',
  greaterOrEqual: '>=',
  contains: 'LIKE',
  notContain: 'LIKE',
  startsWith: 'LIKE',
  includes: 'INCLUDES',
  excludes: 'EXCLUDES',
}

/** One filter as a SOQL condition. */
function condition(
  metadata: MetadataService,
  object: ObjectDef,
  filter: ListViewFilter,
  caller: MetadataView,
): string {
  const column = resolve(metadata, object, filter.field, caller)
  if (!column) {
    throw new ReplicaError(
      'INVALID_FIELD',
      `The list view filters on ${filter.field}, which ${object.name} does not have`,
    )
  }
  const values = filter.value === '' ? [''] : filter.value.split(',').map((value) => value.trim())
  const { path, field } = column
  switch (filter.operation) {
    case 'contains':
    case 'notContain':
    case 'startsWith': {
      const pattern = filter.operation === 'startsWith' ? (v: string) => `${v}%` : (v: string) => `%${v}%`
      const any = values.map((value) => `${path} LIKE ${quote(pattern(escapeLike(value)))}`).join(' OR ')
      return filter.operation === 'notContain' ? `(NOT (${any}))` : `(${any})`
    }
    case 'includes':
    case 'excludes':
      return `${path} ${OPERATORS[filter.operation]} (${values.map(quote).join(', ')})`
    case 'equals':
    case 'notEqual':
      if (values.length > 1) {
        const list = values.map((value) => literal(field, value)).join(', ')
        return `${path} ${filter.operation === 'equals' ? 'IN' : 'NOT IN'} (${list})`
      }
      return `${path} ${OPERATORS[filter.operation]} ${literal(field, values[0]!)}`
    default:
      return `${path} ${OPERATORS[filter.operation]} ${literal(field, values[0]!)}`
  }
}

/** A filter value as a SOQL literal of the field's type. */
function literal(field: FieldDef, value: string): string {
  if (value === '') return 'null'
  switch (field.type) {
    case 'boolean':
      return value === '1' || value.toLowerCase() === 'true' ? 'true' : 'false'
    case 'int':
    case 'double':
    case 'currency':
    case 'percent':
      if (!Number.isFinite(Number(value))) throw badValue(field, value)
      return String(Number(value))
    case 'date':
    case 'datetime':
      // a date literal (THIS_WEEK, LAST_N_DAYS:7) or a date
      if (/^[A-Z_]+(:\d+)?$/.test(value)) return value
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return field.type === 'date' ? value : `${value}T00:00:00Z`
      throw badValue(field, value)
    default:
      return quote(value)
  }
}

function badValue(field: FieldDef, value: string): ReplicaError {
  return new ReplicaError(
    'INVALID_FIELD',
    `The list view compares ${field.name} with "${value}", not a ${field.type}`,
  )
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

function escapeLike(value: string): string {
  return value.replace(/[%_]/g, (char) => `\\${char}`)
}

/** Joins the conditions as `booleanFilter` (`1 AND (2 OR 3)`) says, or all of them. */
function combine(conditions: string[], booleanFilter: string | undefined): string {
  if (!booleanFilter) return conditions.join(' AND ')
  const tokens = booleanFilter.match(/\d+|AND|OR|NOT|\(|\)|\S/gi) ?? []
  return tokens
    .map((token) => {
      if (/^\d+$/.test(token)) {
        const found = conditions[Number(token) - 1]
        if (found === undefined) throw badFilterLogic(booleanFilter)
        return found
      }
      if (/^(AND|OR|NOT|\(|\))$/i.test(token)) return token.toUpperCase()
      throw badFilterLogic(booleanFilter)
    })
    .join(' ')
}

function badFilterLogic(booleanFilter: string): ReplicaError {
  return new ReplicaError(
    'INVALID_FIELD',
    `The list view's filter logic "${booleanFilter}" is not one the replica can read`,
  )
}

/** The filters as describe's `whereCondition`: one condition, or a conjunction of them. */
function whereCondition(
  metadata: MetadataService,
  object: ObjectDef,
  filters: readonly ListViewFilter[],
  caller: MetadataView,
): Record<string, unknown> {
  const items = filters.map((filter) => ({
    field: resolve(metadata, object, filter.field, caller)?.path ?? filter.field,
    operator: filter.operation === 'notEqual' ? 'notEquals' : filter.operation,
    values: filter.value === '' ? [] : filter.value.split(',').map((value) => value.trim()),
  }))
  if (items.length === 1) return items[0]!
  return { conditions: items, conjunction: 'and' }
}

/** The query with its column names lower-cased, as describe shows it. */
function lowerCaseNames(soql: string, columns: readonly ListViewColumn[]): string {
  const select = columns.map((column) => column.selectListItem.toLowerCase()).join(', ')
  return soql.replace(/^SELECT .*? FROM /, `SELECT ${select} FROM `)
}
