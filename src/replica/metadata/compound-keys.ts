/**
 * @module
 * The keys of a compound field's value as a read answers it (`BillingAddress` is `{ city,
 * country, ... }`), each with the stored component that holds it: worked out once per field when
 * the schema is indexed, as they depend on the schema alone.
 */
import type { FieldDef } from '../../schemas/crm-schema.js'

/** A compound value's keys in wire order (sorted), each with the stored field it reads (none: always null). */
export type CompoundKeys = ReadonlyArray<readonly [key: string, component: string | undefined]>

/** The keys of an address value: every one is present, null when its component is missing. */
const ADDRESS_KEYS = [
  'city',
  'country',
  'geocodeAccuracy',
  'latitude',
  'longitude',
  'postalCode',
  'state',
  'street',
]

/** A custom geolocation's components: `Loc__Latitude__s` is the compound's `latitude`. */
const CUSTOM_COMPONENT = /__(Latitude|Longitude)__s$/i

export function compoundKeys(field: FieldDef, components: readonly FieldDef[]): CompoundKeys {
  const prefix = field.name.replace(/(Address|Location)$/, '')
  const byKey = new Map<string, string | undefined>()
  for (const component of components) {
    const custom = CUSTOM_COMPONENT.exec(component.name)?.[1]
    const suffix =
      custom ?? (component.name.startsWith(prefix) ? component.name.slice(prefix.length) : component.name)
    byKey.set(suffix.charAt(0).toLowerCase() + suffix.slice(1), component.name)
  }
  if (field.type === 'address') for (const key of ADDRESS_KEYS) if (!byKey.has(key)) byKey.set(key, undefined)
  return [...byKey].sort(([a], [b]) => (a < b ? -1 : 1))
}
