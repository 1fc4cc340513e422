/**
 * @module
 * Work done once per field list. The metadata hands out one frozen array per object (its stored
 * fields) and per object and view (its visible fields), so what is derived from such a list is
 * kept beside it and read on every call instead of worked out again.
 */
import type { FieldDef } from '../../schemas/crm-schema.js'

/** `derive`, run once per field list (kept for as long as the list lives). */
export function perFieldList<T>(
  derive: (fields: readonly FieldDef[]) => T,
): (fields: readonly FieldDef[]) => T {
  const kept = new WeakMap<readonly FieldDef[], T>()
  return (fields) => {
    let value = kept.get(fields)
    if (value === undefined) {
      value = derive(fields)
      kept.set(fields, value)
    }
    return value
  }
}
