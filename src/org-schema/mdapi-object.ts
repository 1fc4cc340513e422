/**
 * @module
 * One `objects/<Object>.object` file of the Metadata API format: a `CustomObject` holding its
 * fields (`<fields>`), validation rules (`<validationRules>`), list views, record types, ...
 * inline, where source format has one file each. It gives the same contribution and the same
 * ignored items as the source-format folder (sfdx-object.ts), named by this file. A custom
 * object's file defines the object when it has the settings a definition has (`<label>`,
 * `<nameField>`); one holding only fields adds them to an object defined elsewhere, as
 * CumulusCI's post-install bundles do.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/customobject.htm
 */
import path from 'node:path'
import type { FieldDefInput } from '../schemas/crm-schema.js'
import type { IgnoredItem } from '../schemas/schema-load-report.js'
import type { ObjectContribution } from './object-contribution.js'
import { isCustomName } from './object-names.js'
import type { ReadContext } from './read-context.js'
import { listOf, readXmlFile } from './read-source-file.js'
import {
  addField,
  addRule,
  addStandardFields,
  customObject,
  customObjectDetails,
  type SfdxObjectResult,
} from './sfdx-object.js'
import { addListView } from './sfdx-list-views.js'

export const MDAPI_OBJECT_SUFFIX = '.object'

/**
 * The parts of an object source format keeps in subfolders besides fields, validation rules and
 * list views: listed as ignored metadata (`Object/recordTypes`), as the source-format subfolders are.
 */
const OTHER_PARTS = [
  'businessProcesses',
  'compactLayouts',
  'fieldSets',
  'indexes',
  'recordTypes',
  'sharingReasons',
  'webLinks',
]

export async function readMdapiObject(file: string, context: ReadContext): Promise<SfdxObjectResult> {
  const name = context.namespace.inName(path.basename(file, MDAPI_OBJECT_SUFFIX))
  const node = await readXmlFile(file, 'CustomObject', context.namespace.inText)
  const ignored: IgnoredItem[] = []
  const object: ObjectContribution = {
    name,
    file,
    fields: [],
    fieldFiles: new Map(),
    validationRules: [],
    locations: [],
  }
  let standard: FieldDefInput[] = []
  if (isCustomName(name) && (node.label !== undefined || node.nameField !== undefined)) {
    const meta = customObject(name, node)
    object.base = meta.base
    standard = meta.standard
    ignored.push(...customObjectDetails(name, node, file))
  }
  for (const field of listOf(node, 'fields')) addField(object, name, field, '', file, context, ignored)
  for (const rule of listOf(node, 'validationRules')) addRule(object, name, rule, '', file, ignored)
  for (const view of listOf(node, 'listViews')) addListView(object, name, view, '', file, ignored)
  for (const part of OTHER_PARTS) {
    if (node[part] === undefined) continue
    ignored.push({
      kind: 'metadata',
      item: `${name}/${part}`,
      file,
      reason: 'not part of the schema the replica serves',
    })
  }
  addStandardFields(object, standard)
  return { object, ignored }
}
