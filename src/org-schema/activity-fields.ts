/**
 * @module
 * Custom fields of `Activity` (SFDX `objects/Activity/fields/`, or `Activity.object`) are fields
 * of both activity objects, Task and Event, as in Salesforce: the loader adds them to Task, and
 * to Event when the schema has one (a source defines it, e.g. its describe JSON). A lookup's
 * child relationship (`Tasks__r` for `<relationshipName>Tasks</relationshipName>`) goes to the
 * parent once, from Task: a parent cannot have two relationships of one name, so Event's copy of
 * the field has none (listed as a detail).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/customobject.htm
 */
import type { CrmSchemaInput } from '../schemas/crm-schema.js'
import type { IgnoredItem } from '../schemas/schema-load-report.js'
import type { ObjectContribution } from './object-contribution.js'

const ACTIVITY = 'activity'

export interface ActivitySpread {
  contributions: ObjectContribution[]
  ignored: IgnoredItem[]
}

/** The contributions with each one to Activity replaced by one to Task and one to Event. */
export function spreadActivityFields(
  contributions: readonly ObjectContribution[],
  base: CrmSchemaInput,
): ActivitySpread {
  if (!contributions.some((contribution) => contribution.name.toLowerCase() === ACTIVITY)) {
    return { contributions: [...contributions], ignored: [] }
  }
  const hasEvent =
    base.objects.some((object) => object.name === 'Event') ||
    contributions.some((contribution) => contribution.name === 'Event' && contribution.base !== undefined)
  const ignored: IgnoredItem[] = []
  const out: ObjectContribution[] = []
  for (const contribution of contributions) {
    if (contribution.name.toLowerCase() !== ACTIVITY) {
      out.push(contribution)
      continue
    }
    out.push(onObject(contribution, 'Task', true))
    if (!hasEvent) continue
    out.push(onObject(contribution, 'Event', false))
    for (const field of contribution.fields) {
      if (!field.childRelationshipName) continue
      ignored.push({
        kind: 'detail',
        item: `Event.${field.name}`,
        file: contribution.fieldFiles?.get(field.name.toLowerCase()) ?? contribution.file,
        reason: `child relationship ${field.childRelationshipName} belongs to Task.${field.name}; Event's copy of the field has none`,
      })
    }
  }
  return { contributions: out, ignored }
}

/** An Activity contribution as one to `object`, its fields copied (not shared between the two). */
function onObject(activity: ObjectContribution, object: string, keepChildNames: boolean): ObjectContribution {
  const { base: _, ...rest } = activity
  return {
    ...rest,
    name: object,
    fields: activity.fields.map((field) => ({
      ...structuredClone(field),
      ...(keepChildNames ? {} : { childRelationshipName: null }),
    })),
    validationRules: activity.validationRules.map((rule) => ({ ...rule })),
  }
}
