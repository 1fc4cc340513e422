/**
 * @module
 * The column metadata of a query (`GET /query?q=...&columns=true`): what the Salesforce CLI reads
 * to name its output columns. One column per SELECT item; a parent relationship is a column named
 * after the relationship with its fields as `joinColumns` (and the lookup field as
 * `foreignKeyName`); a child subquery is an `aggregate` column with its fields; an aggregate
 * function is an `aggregate` column `exprN` (or its alias) displayed as the function.
 * @note Undocumented by Salesforce; the shape is that of the Salesforce CLI's own test exemplars
 * (plugin-data `queryFields.exemplars.ts`).
 */
import { isNumeric, isTextLike } from '../../schemas/field-type.js'
import type { FieldDef, FieldType } from '../../schemas/crm-schema.js'
import type { CompiledQuery, OutputNode } from './compile/compiled-query.js'

export interface QueryColumn {
  aggregate: boolean
  apexType: string | null
  booleanType: boolean
  columnName: string
  custom: boolean
  displayName: string
  foreignKeyName: string | null
  insertable: boolean
  joinColumns: QueryColumn[]
  numberType: boolean
  textType: boolean
  updatable: boolean
}

export interface QueryColumns {
  columnMetadata: QueryColumn[]
  entityName: string
  groupBy: boolean
  idSelected: boolean
  keyPrefixes: string[]
}

const APEX_TYPES: Record<FieldType, string> = {
  id: 'Id',
  reference: 'Id',
  string: 'String',
  textarea: 'String',
  email: 'String',
  phone: 'String',
  url: 'String',
  picklist: 'String',
  multipicklist: 'String',
  boolean: 'Boolean',
  int: 'Integer',
  double: 'Double',
  currency: 'Decimal',
  percent: 'Decimal',
  date: 'Date',
  datetime: 'Datetime',
  time: 'Time',
  address: 'Address',
  location: 'Location',
  base64: 'Blob',
}

export function queryColumns(compiled: CompiledQuery): QueryColumns {
  const { def } = compiled.object
  return {
    columnMetadata: compiled.aggregate ? aggregateColumns(compiled) : compiled.output.map(columnOf),
    entityName: def.name,
    groupBy: (compiled.aggregate?.groupBy.length ?? 0) > 0,
    idSelected: compiled.output.some((node) => node.kind === 'value' && node.key === 'Id'),
    keyPrefixes: def.keyPrefix ? [def.keyPrefix] : [],
  }
}

function columnOf(node: OutputNode): QueryColumn {
  switch (node.kind) {
    case 'value':
      return fieldColumn(node.key, node.field)
    case 'parent':
      return {
        ...blank(node.key),
        custom: node.key.endsWith('__r'),
        foreignKeyName: node.hop.field.name,
        joinColumns: node.children.map(columnOf),
      }
    case 'child':
      return { ...blank(node.key), aggregate: true, joinColumns: node.sub.query.output.map(columnOf) }
  }
}

function fieldColumn(name: string, field: FieldDef): QueryColumn {
  return {
    aggregate: false,
    apexType: APEX_TYPES[field.type],
    booleanType: field.type === 'boolean',
    columnName: name,
    custom: field.name.endsWith('__c'),
    displayName: name,
    foreignKeyName: null,
    insertable: field.createable,
    joinColumns: [],
    numberType: isNumeric(field.type),
    textType: isTextLike(field.type),
    updatable: field.updateable,
  }
}

function blank(name: string): QueryColumn {
  return {
    aggregate: false,
    apexType: null,
    booleanType: false,
    columnName: name,
    custom: false,
    displayName: name,
    foreignKeyName: null,
    insertable: false,
    joinColumns: [],
    numberType: false,
    textType: false,
    updatable: false,
  }
}

function aggregateColumns(compiled: CompiledQuery): QueryColumn[] {
  const plan = compiled.aggregate!
  return plan.output.map(({ key, source, index }) => {
    if (source === 'group') return fieldColumn(key, plan.groupBy[index]!.field)
    const { fn, path } = plan.aggregates[index]!
    const numeric = fn === 'COUNT' || fn === 'COUNT_DISTINCT' || fn === 'SUM' || fn === 'AVG'
    return {
      ...blank(key),
      aggregate: true,
      displayName: `${fn.toLowerCase()}(${path?.text ?? ''})`,
      numberType: numeric || (path !== undefined && isNumeric(path.field.type)),
      textType: !numeric && path !== undefined && isTextLike(path.field.type),
    }
  })
}
