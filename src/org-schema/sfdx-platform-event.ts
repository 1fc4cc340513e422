/**
 * @module
 * One `objects/<Name>__e/` folder of an SFDX package: a platform event. Its
 * `<Name>__e.object-meta.xml` gives the labels, `fields/*.field-meta.xml` its custom fields
 * (read like any object's, then kept only when an event may have that type). Anything else in
 * the folder is listed as ignored.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/platformevent.htm
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { PLATFORM_EVENT_FIELD_TYPES, type PlatformEventDefInput } from '../schemas/crm-schema.js'
import type { IgnoredItem } from '../schemas/schema-load-report.js'
import { isCustomName } from './object-names.js'
import { readXmlFile, readXmlFiles, textOf } from './read-source-file.js'
import { type GlobalValueSets, mapSfdxField } from './sfdx-field.js'

const FIELD_SUFFIX = '.field-meta.xml'

export function isPlatformEventName(name: string): boolean {
  return name.toLowerCase().endsWith('__e')
}

export async function readSfdxPlatformEvent(
  folder: string,
  globalValueSets: GlobalValueSets,
): Promise<{ event: PlatformEventDefInput; ignored: IgnoredItem[] }> {
  const name = path.basename(folder)
  const ignored: IgnoredItem[] = []
  const event: PlatformEventDefInput = { name, label: name.slice(0, -3), fields: [] }
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (entry.isFile() && entry.name === `${name}.object-meta.xml`) {
      const node = await readXmlFile(file, 'CustomObject')
      event.label = textOf(node, 'label') ?? event.label
      const plural = textOf(node, 'pluralLabel')
      if (plural !== undefined) event.labelPlural = plural
      const behavior = textOf(node, 'publishBehavior')
      if (behavior === 'PublishAfterCommit' || behavior === 'PublishImmediately')
        event.publishBehavior = behavior
    } else if (entry.isDirectory() && entry.name === 'fields') {
      await readEventFields(file, name, globalValueSets, event, ignored)
    } else {
      const reason = 'not part of a platform event the replica serves'
      ignored.push({ kind: 'metadata', item: `${name}/${entry.name}`, file, reason })
    }
  }
  return { event, ignored }
}

async function readEventFields(
  folder: string,
  eventName: string,
  globalValueSets: GlobalValueSets,
  event: PlatformEventDefInput,
  ignored: IgnoredItem[],
): Promise<void> {
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(FIELD_SUFFIX))
    .sort()
    .map((file) => path.join(folder, file))
  const nodes = await readXmlFiles(files, 'CustomField')
  for (const [index, file] of files.entries()) {
    const node = nodes[index]!
    const name = textOf(node, 'fullName') ?? path.basename(file, FIELD_SUFFIX)
    const item = `${eventName}.${name}`
    if (!isCustomName(name)) {
      ignored.push({ kind: 'field', item, file, reason: 'a platform event’s standard fields are built in' })
      continue
    }
    const mapping = mapSfdxField(name, node, globalValueSets)
    if (!mapping.ok) {
      ignored.push({ kind: 'field', item, file, reason: mapping.reason })
      continue
    }
    const [field] = mapping.fields
    if (mapping.formula || mapping.fields.length !== 1 || !PLATFORM_EVENT_FIELD_TYPES.includes(field!.type)) {
      const reason = `${textOf(node, 'type')}: a platform event field is Checkbox, Date, DateTime, Number, Text or LongTextArea`
      ignored.push({ kind: 'field', item, file, reason })
      continue
    }
    // an event's fields are set once, when it is published
    event.fields!.push({ ...field!, createable: true, updateable: false })
  }
}
