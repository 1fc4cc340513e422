/**
 * @module
 * The platform events of one schema (`CrmSchema.platformEvents`), looked up by name in any case:
 * each with its custom fields and the standard fields every event carries, and a key prefix for
 * the ids of publish results (`e00`, `e01`, ... in name order unless the schema gives one).
 * @see https://developer.salesforce.com/docs/atlas.en-us.platform_events.meta/platform_events/platform_events_system_fields.htm
 */
import { FieldDef, type FieldDefInput, type PlatformEventDef } from '../../schemas/crm-schema.js'

export interface EventType {
  /** Canonical API name (`Order_Placed__e`). */
  readonly name: string
  readonly label: string
  readonly keyPrefix: string
  /** Published at once, or once the transaction it is published in commits. */
  readonly publishBehavior: PlatformEventDef['publishBehavior']
  /** Custom fields, then the standard ones (never written by a publisher). */
  readonly fields: readonly FieldDef[]
  /** Case-insensitive field lookup. */
  field(name: string): FieldDef | undefined
}

export interface EventTypes {
  /** The event of this name (any case), if the schema declares one. */
  find(name: string): EventType | undefined
  all(): readonly EventType[]
}

const system = { createable: false, updateable: false, nillable: false, defaultedOnCreate: true } as const
const STANDARD_FIELDS: readonly FieldDefInput[] = [
  { name: 'ReplayId', label: 'Replay ID', type: 'string', length: 255, ...system, nillable: true },
  { name: 'CreatedDate', label: 'Created Date', type: 'datetime', ...system },
  {
    name: 'CreatedById',
    label: 'Created By ID',
    type: 'reference',
    length: 18,
    referenceTo: ['User'],
    relationshipName: 'CreatedBy',
    ...system,
  },
  { name: 'EventUuid', label: 'Event UUID', type: 'string', length: 36, ...system, nillable: true },
]

/** @param takenPrefixes the key prefixes of the schema's objects, which events must not reuse */
export function createEventTypes(
  defs: readonly PlatformEventDef[],
  takenPrefixes: ReadonlySet<string>,
): EventTypes {
  const standard = STANDARD_FIELDS.map((field) => FieldDef.parse(field))
  const prefixes = assignPrefixes(defs, takenPrefixes)
  const byName = new Map<string, EventType>()
  for (const def of defs) {
    const fields = [...def.fields, ...standard.filter((field) => !hasField(def.fields, field.name))]
    const byField = new Map(fields.map((field) => [field.name.toLowerCase(), field]))
    byName.set(def.name.toLowerCase(), {
      name: def.name,
      label: def.label,
      keyPrefix: prefixes.get(def.name)!,
      publishBehavior: def.publishBehavior,
      fields,
      field: (name) => byField.get(name.toLowerCase()),
    })
  }
  const all = [...byName.values()]
  return { find: (name) => byName.get(name.toLowerCase()), all: () => all }
}

function hasField(fields: readonly FieldDef[], name: string): boolean {
  return fields.some((field) => field.name.toLowerCase() === name.toLowerCase())
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** The schema's prefixes where given, else the next free `e0x`, `e1x`, ... in name order. */
function assignPrefixes(defs: readonly PlatformEventDef[], taken: ReadonlySet<string>): Map<string, string> {
  const used = new Set([...taken, ...defs.flatMap((def) => (def.keyPrefix ? [def.keyPrefix] : []))])
  const assigned = new Map<string, string>()
  let slot = 0
  for (const def of [...defs].sort((a, b) => a.name.localeCompare(b.name))) {
    if (def.keyPrefix) {
      assigned.set(def.name, def.keyPrefix)
      continue
    }
    let prefix: string
    do {
      if (slot >= DIGITS.length * DIGITS.length) {
        throw new RangeError(`Failed to give platform event "${def.name}" a key prefix: all are taken`)
      }
      prefix = `e${DIGITS[Math.floor(slot / DIGITS.length)]}${DIGITS[slot % DIGITS.length]}`
      slot++
    } while (used.has(prefix))
    used.add(prefix)
    assigned.set(def.name, prefix)
  }
  return assigned
}
