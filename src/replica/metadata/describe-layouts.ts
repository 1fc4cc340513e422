/**
 * @module
 * The layout resources an object's describe `urls` name, as an org answers them that has
 * configured none of its own: one page layout holding every field the caller sees (two columns,
 * in the schema's order), the system compact layout, no approval layouts and no quick actions.
 * The replica keeps no layout metadata; these answers let a client that reads them find the
 * shape it expects (docs/crm-replica.md#describe).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_layouts.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_describelayout_describelayoutresult.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { versionBasePath } from './api-version.js'
import { describeFields, MASTER_RECORD_TYPE_ID } from './describe.js'
import type { MetadataService, MetadataView } from './metadata-service.js'

/** The one page layout of an object (the key prefix of Layout ids is `00h`). */
const LAYOUT_ID = '00h000000000000AAA'

type DescribedField = ReturnType<typeof describeFields>[number]

/** `GET /sobjects/{object}/describe/layouts`: the layout and the Master record type's mapping to it. */
export function describeLayouts(metadata: MetadataService, object: ObjectDef, view: MetadataView) {
  const base = `${versionBasePath(view.apiVersion)}/sobjects/${object.name}`
  return {
    layouts: [describeLayout(metadata, object, view)],
    recordTypeMappings: [
      {
        available: true,
        defaultRecordTypeMapping: true,
        developerName: 'Master',
        layoutId: LAYOUT_ID,
        master: true,
        name: 'Master',
        picklistsForRecordType: [],
        recordTypeId: MASTER_RECORD_TYPE_ID,
        urls: { layout: `${base}/describe/layouts/${MASTER_RECORD_TYPE_ID}` },
      },
    ],
    recordTypeSelectorRequired: [false],
  }
}

/** `GET /sobjects/{object}/describe/layouts/{recordTypeId}`: the layout of that record type. */
export function describeLayout(metadata: MetadataService, object: ObjectDef, view: MetadataView) {
  const fields = describeFields(metadata, object, view).filter((field) => field.compoundFieldName === null)
  return {
    buttonLayoutSection: null,
    detailLayoutSections: [section(object, fields, 'detail')],
    editLayoutSections: [section(object, fields, 'edit')],
    feedView: null,
    highlightsPanelLayoutSection: null,
    id: LAYOUT_ID,
    multirowEditLayoutSections: [],
    offlineLinks: [],
    quickActionList: { quickActionListItems: [] },
    relatedContent: null,
    relatedLists: [],
    saveOptions: [],
  }
}

function section(object: ObjectDef, fields: readonly DescribedField[], kind: 'detail' | 'edit') {
  const rows = []
  for (let i = 0; i < fields.length; i += 2) {
    const items = fields.slice(i, i + 2).map((field, column) => layoutItem(field, i + column))
    rows.push({ layoutItems: items, numItems: items.length })
  }
  return {
    collapsed: false,
    columns: 2,
    heading: `${object.label} Information`,
    layoutRows: rows,
    layoutSectionId: kind === 'detail' ? '01B000000000001AAA' : '01B000000000002AAA',
    parentLayoutId: LAYOUT_ID,
    rows: rows.length,
    tabOrder: 'LeftToRight',
    useCollapsibleSection: false,
    useHeading: true,
  }
}

function layoutItem(field: DescribedField, tabOrder: number) {
  return {
    editableForNew: field.createable,
    editableForUpdate: field.updateable,
    label: field.label,
    layoutComponents: [{ details: field, displayLines: 1, tabOrder, type: 'Field', value: field.name }],
    placeholder: false,
    required: !field.nillable && !field.defaultedOnCreate && field.createable,
  }
}

/**
 * `GET /sobjects/{object}/describe/compactLayouts`: no compact layout of the org's own; the
 * system default (a null id) is the Master record type's.
 */
export function describeCompactLayouts() {
  return {
    compactLayouts: [],
    defaultCompactLayoutId: null,
    recordTypeCompactLayoutMappings: [
      {
        available: true,
        compactLayoutId: null,
        compactLayoutName: 'SYSTEM',
        recordTypeId: MASTER_RECORD_TYPE_ID,
        recordTypeName: 'Master',
      },
    ],
  }
}

/** `GET /sobjects/{object}/describe/approvalLayouts`: an object without approval processes. */
export function describeApprovalLayouts() {
  return { approvalLayouts: [] }
}

/** `GET /sobjects/{object}/quickActions`: an object without quick actions. */
export function describeQuickActions(): unknown[] {
  return []
}
