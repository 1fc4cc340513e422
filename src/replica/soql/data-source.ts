/**
 * @module
 * The narrow view of metadata and records the SOQL engine needs, in terms of the schema shapes of
 * `src/schemas/crm-schema.ts`. The replica's metadata and record modules implement it (with the actor
 * and API version already applied); tests use the in-memory `createMemoryDataSource` (test/support).
 * Keeping it this small lets the engine stay a pure function of (query text, data source).
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'

/** A child relationship of a parent object, derived from a reference field on the child. */
export interface SoqlChildRelationship {
  /** Name used in a parent-to-child subquery (`Contacts`), from the child field's `childRelationshipName`. */
  relationshipName: string
  /** Canonical name of the child object (`Contact`). */
  childObject: string
  /** Canonical name of the reference field on the child that points at the parent (`AccountId`). */
  field: string
}

/** One object as the caller sees it. */
export interface SoqlObject {
  def: ObjectDef
  /** The fields the caller may see (actor and API version applied), canonical names. */
  fields: readonly FieldDef[]
  /** Child relationships whose child object and reference field the caller may see. */
  childRelationships: readonly SoqlChildRelationship[]
}

export interface SoqlSchema {
  /** Case-insensitive lookup; `undefined` when the object does not exist or the caller cannot see it. */
  object(name: string): SoqlObject | undefined
}

/** A stored record: `Id` plus field values keyed by canonical field names (missing key = null). */
export type SoqlRecord = { readonly Id: string; readonly [field: string]: unknown }

export interface SoqlScanOptions {
  /** `queryAll`: also the records in the recycle bin (`IsDeleted = true`). */
  includeDeleted: boolean
}

export interface SoqlRecords {
  /** Every record of `object` (canonical name), in a stable order (creation order). */
  scan(object: string, options: SoqlScanOptions): Iterable<SoqlRecord>
  /** The record of `object` with this 18-character id, if any. */
  get(object: string, id: string, options: SoqlScanOptions): SoqlRecord | undefined
  /**
   * Records of `object` whose `field` equals `value`, from an index; `undefined` when `field` is not
   * indexed (the engine then scans). May return a superset: the engine re-checks every condition.
   * Indexed text (external ids) should match case-insensitively, as Salesforce does.
   */
  findBy(
    object: string,
    field: string,
    value: string,
    options: SoqlScanOptions,
  ): Iterable<SoqlRecord> | undefined
}

export interface SoqlDataSource {
  schema: SoqlSchema
  records: SoqlRecords
  /** The mock clock: date literals (`TODAY`, `LAST_N_DAYS:n`) are evaluated on it, in UTC. */
  now(): Date
}

/**
 * Builds a `SoqlSchema` from object definitions and a visibility rule, deriving child relationships from
 * reference fields' `childRelationshipName`. Shared by the test data source; the replica's metadata
 * module can use it too.
 */
export function createSoqlSchema(
  objects: readonly ObjectDef[],
  isVisible: {
    object?: (object: ObjectDef) => boolean
    field?: (object: ObjectDef, field: FieldDef) => boolean
  } = {},
): SoqlSchema {
  const objectVisible = isVisible.object ?? (() => true)
  const fieldVisible = isVisible.field ?? (() => true)
  const byName = new Map<string, SoqlObject>()
  const visible = objects.filter(objectVisible)
  for (const def of visible) {
    byName.set(def.name.toLowerCase(), {
      def,
      fields: def.fields.filter((field) => fieldVisible(def, field)),
      childRelationships: [],
    })
  }
  for (const child of byName.values()) {
    for (const field of child.fields) {
      if (field.type !== 'reference' || !field.childRelationshipName) continue
      for (const target of field.referenceTo) {
        const parent = byName.get(target.toLowerCase())
        if (!parent) continue
        ;(parent.childRelationships as SoqlChildRelationship[]).push({
          relationshipName: field.childRelationshipName,
          childObject: child.def.name,
          field: field.name,
        })
      }
    }
  }
  return { object: (name) => byName.get(name.toLowerCase()) }
}
