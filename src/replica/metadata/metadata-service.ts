/**
 * @module
 * What the replica knows about objects and fields, built once from schema data (`CrmSchema`).
 * Every name lookup is case-insensitive and answers with the canonical definition, like the real
 * API; visibility follows the view (API version and actor): a field newer than the version or
 * hidden from the actor does not exist for that caller, in describe, reads, queries and writes.
 */
import { CrmSchema, type CrmSchemaInput, type FieldDef, type ObjectDef } from '../../schemas/crm-schema.js'
import { NotFoundError } from '../errors.js'
import { compileSchemaFormulas } from '../formulas/schema-formulas.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import { compileSchemaRollups } from '../rollups/schema-rollups.js'
import { parseApiVersion } from './api-version.js'
import { type CompoundKeys, compoundKeys } from './compound-keys.js'

/** Who is asking and at which API version (`"60.0"`, `"v60.0"` or `60`). */
export interface MetadataView {
  apiVersion: string | number
  actor: string
}

/** A child relationship as describe lists it on the parent. */
export interface ChildRelationship {
  childSObject: string
  field: string
  relationshipName: string | null
  cascadeDelete: boolean
  restrictedDelete: boolean
}

/** Operation flags of an object for one actor. */
export interface ObjectAccess {
  createable: boolean
  updateable: boolean
  deletable: boolean
  queryable: boolean
}

interface ObjectEntry {
  def: ObjectDef
  /** Lower-case field name -> field. */
  fields: Map<string, FieldDef>
  /** Fields a record holds (everything but compound, formula and roll-up fields), schema order. */
  stored: FieldDef[]
  /** Compound field name -> its stored components, schema order. */
  components: Map<string, FieldDef[]>
  /** Compound field name -> the keys of its value, each with its component. */
  compoundKeys: Map<string, CompoundKeys>
  /** Parent relationship name (lower case) -> reference field. */
  parents: Map<string, FieldDef>
  children: ChildRelationship[]
  childrenByName: Map<string, ChildRelationship>
}

/** The schema indexed by lower-case object name and by key prefix. */
interface MetadataIndex {
  schema: CrmSchema
  entries: Map<string, ObjectEntry>
  byPrefix: Map<string, ObjectEntry>
}

export type MetadataService = ReturnType<typeof createMetadataService>

const COMPOUND_TYPES = new Set(['address', 'location'])

export function isCompound(field: FieldDef): boolean {
  return COMPOUND_TYPES.has(field.type)
}

/** A formula or roll-up summary field: computed when read, never stored or written. */
export function isComputed(field: FieldDef): boolean {
  return field.formula !== undefined || field.rollup !== undefined
}

export function createMetadataService(input: CrmSchema | CrmSchemaInput) {
  const index = buildIndex(CrmSchema.parse(input))
  const { schema, byPrefix } = index
  const service = {
    schema,
    /** Every object of the schema, whatever the view. */
    objects: (): readonly ObjectDef[] => schema.objects,
    /** Case-insensitive object lookup; with a view, only an object that exists at its version. */
    findObject: (name: string, view?: MetadataView): ObjectDef | undefined => findObject(index, name, view),
    /** Like `findObject`, but an unknown object is a NOT_FOUND error. */
    getObject(name: string, view?: MetadataView): ObjectDef {
      const def = findObject(index, name, view)
      if (!def) throw new NotFoundError()
      return def
    },
    /** The object whose key prefix starts `id` (any 15/18-character id), if any. */
    objectOfId: (id: string): ObjectDef | undefined =>
      normaliseId(id) === undefined ? undefined : byPrefix.get(keyPrefixOf(id))?.def,
    objectByKeyPrefix: (prefix: string): ObjectDef | undefined => byPrefix.get(prefix)?.def,
    /** Case-insensitive field lookup; with a view, only a field visible to it. */
    findField: (object: ObjectDef | string, name: string, view?: MetadataView): FieldDef | undefined =>
      findField(index, object, name, view),
    /** Objects that exist at the view's version, schema order. */
    visibleObjects(view: MetadataView): ObjectDef[] {
      const version = versionOf(view)
      return schema.objects.filter((def) => objectVisible(def, version))
    },
    /** Fields the view can see (describe, reads, SOQL), schema order. */
    visibleFields(object: ObjectDef | string, view: MetadataView): readonly FieldDef[] {
      const entry = entryOf(index, object)
      if (!entry) return []
      const version = versionOf(view)
      return entry.def.fields.filter((field) => fieldVisible(field, view, version))
    },
    /** Fields a stored record holds (every field but compound, formula and roll-up ones), schema order. */
    storedFields: (object: ObjectDef | string): readonly FieldDef[] => entryOf(index, object)?.stored ?? [],
    /** The components of a compound field (BillingStreet, ... for BillingAddress), schema order: one array per field. */
    componentsOf: (object: ObjectDef | string, compound: FieldDef): readonly FieldDef[] =>
      entryOf(index, object)?.components.get(compound.name) ?? [],
    /** The keys of a compound field's value in wire order, each with the component that holds it. */
    compoundKeysOf: (object: ObjectDef | string, compound: FieldDef): CompoundKeys =>
      entryOf(index, object)?.compoundKeys.get(compound.name) ?? [],
    /** The reference field behind a parent relationship name (`Account` -> Contact.AccountId). */
    parentRelationship: (
      object: ObjectDef | string,
      relationshipName: string,
      view?: MetadataView,
    ): FieldDef | undefined =>
      visibleOrUndefined(entryOf(index, object)?.parents.get(relationshipName.toLowerCase()), view),
    /** Child relationships of a parent object (describe's `childRelationships`). */
    childRelationships(object: ObjectDef | string, view?: MetadataView): ChildRelationship[] {
      const entry = entryOf(index, object)
      if (!entry) return []
      if (!view) return [...entry.children]
      return entry.children.filter((relationship) => childVisible(index, relationship, view))
    },
    /** A named child relationship (`Contacts` on Account), case-insensitive. */
    findChildRelationship(
      object: ObjectDef | string,
      relationshipName: string,
      view?: MetadataView,
    ): ChildRelationship | undefined {
      const relationship = entryOf(index, object)?.childrenByName.get(relationshipName.toLowerCase())
      if (!relationship || !view) return relationship
      return childVisible(index, relationship, view) ? relationship : undefined
    },
    /** What `actor` may do with the object. */
    access: objectAccess,
    /** Field flags for `actor`: a field of an object the actor cannot write is not writable either. */
    fieldAccess(
      object: ObjectDef,
      field: FieldDef,
      actor: string,
    ): { createable: boolean; updateable: boolean } {
      const access = objectAccess(object, actor)
      // a formula or roll-up field is computed, never written, whatever its flags say
      const computed = isComputed(field)
      return {
        createable: field.createable && !computed && access.createable,
        updateable: field.updateable && !computed && access.updateable,
      }
    },
  }
  // compiled after the index: formulas resolve fields and parent paths through it
  const lookups = {
    findObject: (name: string) => findObject(index, name),
    findField: (object: ObjectDef, name: string) => findField(index, object, name),
  }
  const formulas = compileSchemaFormulas(schema.objects, {
    ...lookups,
    parentRelationship: (object, name) => entryOf(index, object)?.parents.get(name.toLowerCase()),
    globals: schema.formulaGlobals,
  })
  return {
    ...service,
    /** The schema's formula fields and validation rules, compiled (src/replica/formulas). */
    formulas,
    /** The schema's roll-up summary fields, checked and compiled (src/replica/rollups). */
    rollups: compileSchemaRollups(schema.objects, lookups),
  }
}

// ---- visibility ----

function versionOf(view: MetadataView): number {
  const version = parseApiVersion(view.apiVersion)
  if (version === undefined) throw new NotFoundError(`Failed to find API version "${view.apiVersion}"`)
  return version
}

function objectVisible(def: ObjectDef, version: number): boolean {
  return def.sinceVersion === undefined || version >= def.sinceVersion
}

function fieldVisible(field: FieldDef, view: MetadataView, version: number): boolean {
  return (
    (field.sinceVersion === undefined || version >= field.sinceVersion) &&
    !field.hiddenFrom.includes(view.actor)
  )
}

/** The field when there is no view or the view sees it. */
function visibleOrUndefined(
  field: FieldDef | undefined,
  view: MetadataView | undefined,
): FieldDef | undefined {
  if (!field) return undefined
  if (view && !fieldVisible(field, view, versionOf(view))) return undefined
  return field
}

/** The entry of an object, or of an object named in any case. */
function entryOf(index: MetadataIndex, object: ObjectDef | string): ObjectEntry | undefined {
  return index.entries.get((typeof object === 'string' ? object : object.name).toLowerCase())
}

function findObject(index: MetadataIndex, name: string, view?: MetadataView): ObjectDef | undefined {
  const entry = entryOf(index, name)
  if (!entry) return undefined
  if (view && !objectVisible(entry.def, versionOf(view))) return undefined
  return entry.def
}

function findField(
  index: MetadataIndex,
  object: ObjectDef | string,
  name: string,
  view?: MetadataView,
): FieldDef | undefined {
  const entry = entryOf(index, object)
  if (!entry) return undefined
  return visibleOrUndefined(entry.fields.get(name.toLowerCase()), view)
}

/** A child relationship exists for the view when its child object and field do. */
function childVisible(index: MetadataIndex, relationship: ChildRelationship, view: MetadataView): boolean {
  const child = findObject(index, relationship.childSObject, view)
  return child !== undefined && findField(index, child, relationship.field, view) !== undefined
}

function objectAccess(object: ObjectDef, actor: string): ObjectAccess {
  const readOnly = object.readOnlyFor.includes(actor)
  return {
    createable: object.createable && !readOnly,
    updateable: object.updateable && !readOnly,
    deletable: object.deletable && !readOnly,
    queryable: object.queryable,
  }
}

// ---- building the index ----

function buildIndex(schema: CrmSchema): MetadataIndex {
  const entries = new Map<string, ObjectEntry>()
  const byPrefix = new Map<string, ObjectEntry>()
  for (const def of schema.objects) {
    const lower = def.name.toLowerCase()
    if (entries.has(lower))
      throw new TypeError(`Failed to load the CRM schema: object "${def.name}" is defined twice`)
    const entry = indexObject(def)
    entries.set(lower, entry)
    if (byPrefix.has(def.keyPrefix)) {
      throw new TypeError(`Failed to load the CRM schema: key prefix "${def.keyPrefix}" is used twice`)
    }
    byPrefix.set(def.keyPrefix, entry)
  }
  linkChildRelationships(entries)
  return { schema, entries, byPrefix }
}

function indexObject(def: ObjectDef): ObjectEntry {
  const entry: ObjectEntry = {
    def,
    fields: new Map(),
    stored: [],
    components: new Map(),
    compoundKeys: new Map(),
    parents: new Map(),
    children: [],
    childrenByName: new Map(),
  }
  for (const field of def.fields) {
    const key = field.name.toLowerCase()
    if (entry.fields.has(key)) {
      throw new TypeError(`Failed to load the CRM schema: field "${def.name}.${field.name}" is defined twice`)
    }
    entry.fields.set(key, field)
    // formula and roll-up fields are computed when read, never stored
    if (!isCompound(field) && !isComputed(field)) entry.stored.push(field)
    if (field.compoundFieldName && !isCompound(field)) {
      const components = entry.components.get(field.compoundFieldName)
      if (components) components.push(field)
      else entry.components.set(field.compoundFieldName, [field])
    }
    if (field.type === 'reference' && field.relationshipName) {
      entry.parents.set(field.relationshipName.toLowerCase(), field)
    }
  }
  for (const field of def.fields) {
    if (isCompound(field)) {
      entry.compoundKeys.set(field.name, compoundKeys(field, entry.components.get(field.name) ?? []))
    }
  }
  return entry
}

/** Child relationships live on the parent; a polymorphic reference adds one per target. */
function linkChildRelationships(entries: Map<string, ObjectEntry>): void {
  for (const child of entries.values()) {
    for (const field of child.def.fields) {
      if (field.type !== 'reference') continue
      for (const target of field.referenceTo) {
        const parent = entries.get(target.toLowerCase())
        if (!parent) {
          throw new TypeError(
            `Failed to load the CRM schema: ${child.def.name}.${field.name} refers to unknown object "${target}"`,
          )
        }
        const relationship: ChildRelationship = {
          childSObject: child.def.name,
          field: field.name,
          relationshipName: field.childRelationshipName,
          cascadeDelete: field.cascadeDelete,
          restrictedDelete: field.restrictedDelete,
        }
        parent.children.push(relationship)
        if (relationship.relationshipName) {
          parent.childrenByName.set(relationship.relationshipName.toLowerCase(), relationship)
        }
      }
    }
  }
}
