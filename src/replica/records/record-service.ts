/**
 * @module
 * Record CRUD of the CRM replica over the record store, the metadata and the mock clock: create,
 * read, update, delete (to the recycle bin, with cascades), upsert and retrieve by external id.
 * Every write checks what the real API checks, with its error codes (see `../errors.ts`), runs
 * the record rules and is all-or-nothing: a write that fails leaves the store as it was.
 * Results are plain data; the native handlers build the wire JSON (see `record-view.ts`).
 */
import {
  EntityIsDeletedError,
  FieldValidationError,
  InsufficientAccessError,
  NotFoundError,
} from '../errors.js'
import { keyPrefixOf, normaliseId } from '../ids.js'
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { isCompound, type MetadataService, type MetadataView } from '../metadata/metadata-service.js'
import { coerceValue, formatDatetime, type InputFormat } from './coerce.js'
import { deriveValues, validateValues } from './record-rules.js'
import { type FieldValue, indexKey, type RecordStore, type SObjectRecord } from './record-store.js'
import { projectRecord, type RecordView } from './record-view.js'

export interface RecordServiceOptions {
  store: RecordStore
  metadata: MetadataService
  clock: { now(): Date }
  /**
   * Actor id -> id of the User record the actor acts as (CreatedById, LastModifiedById and the
   * default OwnerId). An actor not listed acts as the `admin` actor's user, else the first one.
   */
  actorUsers: Readonly<Record<string, string>>
}

export interface WriteOptions {
  /** `json` (REST, composite: JSON_PARSER_ERROR on type mismatch) or `csv` (bulk: text values). @default 'json' */
  format?: InputFormat
}

export interface ReadOptions {
  /** Fields to return (`"Name,Industry"` or a list), case-insensitive; default every visible field. */
  fields?: string | readonly string[]
}

export interface WriteResult {
  /** Canonical object name. */
  object: string
  id: string
}

export interface DeleteResult extends WriteResult {
  /** Every record moved to the recycle bin: the record, then its cascaded children. */
  deleted: string[]
  /** Children whose reference to a deleted record was cleared (non-cascading lookups). */
  cleared: string[]
}

/** `multiple`: several records match; nothing was written (REST answers 300 with their urls). */
export type UpsertResult =
  | { status: 'created' | 'updated'; object: string; id: string }
  | { status: 'multiple'; object: string; ids: string[] }

export interface UpsertOptions extends WriteOptions {
  /** `?updateOnly=true`: no match is NOT_FOUND, never a create. */
  updateOnly?: boolean
}

export type ExternalIdDeleteResult =
  | ({ status: 'deleted' } & DeleteResult)
  | { status: 'multiple'; object: string; ids: string[] }

export type RetrieveResult =
  | { status: 'found'; object: string; record: RecordView }
  | { status: 'multiple'; object: string; ids: string[] }

type Mode = 'create' | 'update' | 'seed'

const MODIFIED_STAMP_FIELDS = ['LastModifiedDate', 'SystemModstamp'] as const

export type RecordService = ReturnType<typeof createRecordService>

export function createRecordService(options: RecordServiceOptions) {
  const { store, metadata, clock, actorUsers } = options

  const userFor = (actor: string | undefined): string => {
    const id =
      (actor !== undefined ? actorUsers[actor] : undefined) ??
      actorUsers.admin ??
      Object.values(actorUsers)[0]
    if (!id)
      throw new TypeError('[replica-mock] Failed to write a record: the CRM seed maps no actor to a User')
    return id
  }
  const prefixes = (keyPrefix: string) => metadata.objectByKeyPrefix(keyPrefix)?.name

  /** Live records of `object` whose `field` equals `value`, from the index or by a scan. */
  function findMatches(object: ObjectDef, field: FieldDef, value: unknown): SObjectRecord[] {
    const indexed = store.findBy(object.name, field.name, value)
    if (indexed) return indexed
    const isId = field.type === 'id' || field.type === 'reference'
    const key = indexKey(value, isId)
    const out: SObjectRecord[] = []
    if (key === undefined) return out
    for (const found of store.scan(object.name))
      if (indexKey(found[field.name], isId) === key) out.push(found)
    return out
  }

  /** The record a path id names, for a write: malformed/other object -> NOT_FOUND, recycled -> ENTITY_IS_DELETED. */
  function recordForWrite(object: ObjectDef, id: string): SObjectRecord {
    const found = lookup(object, id)
    if (found.IsDeleted) throw new EntityIsDeletedError()
    return found
  }

  function lookup(object: ObjectDef, id: string): SObjectRecord {
    const canonical = normaliseId(id)
    if (!canonical)
      throw new NotFoundError(`Provided external ID field does not exist or is not accessible: ${id}`)
    if (keyPrefixOf(canonical) !== object.keyPrefix) throw new NotFoundError()
    const found = store.get(canonical, { includeDeleted: true })
    if (!found) throw new NotFoundError()
    return found
  }

  function externalIdField(object: ObjectDef, name: string, view: MetadataView): FieldDef {
    const field = metadata.findField(object, name, view)
    if (!field || !(field.externalId || field.idLookup)) {
      throw new NotFoundError(`Provided external ID field does not exist or is not accessible: ${name}`)
    }
    return field
  }

  /**
   * Reads the body of a write: case-insensitive names -> canonical fields, `attributes` skipped,
   * parent references by external id (`"Account": {"External_Id__c": "A-1"}`) resolved.
   */
  function parseInput(
    object: ObjectDef,
    input: unknown,
    view: MetadataView | undefined,
    mode: Mode,
    format: InputFormat,
    targetId?: string,
  ): { values: Map<string, FieldValue>; sent: Set<string> } {
    if (!isPlainObject(input)) {
      throw new FieldValidationError(
        'JSON_PARSER_ERROR',
        'Failed to read the record: expected a JSON object of fields',
      )
    }
    const fields: Array<[FieldDef, unknown]> = []
    const references: Array<[FieldDef, Record<string, unknown>]> = []
    for (const [key, raw] of Object.entries(input)) {
      if (key === 'attributes' && (raw === null || typeof raw === 'object')) continue
      const field = metadata.findField(object, key, view)
      if (field) {
        fields.push([field, raw])
        continue
      }
      const relationship = metadata.parentRelationship(object, key, view)
      if (relationship && isPlainObject(raw)) {
        references.push([relationship, raw])
        continue
      }
      throw new FieldValidationError(
        'INVALID_FIELD',
        `No such column '${key}' on sobject of type ${object.name}`,
      )
    }

    const values = new Map<string, FieldValue>()
    const sent = new Set<string>()
    const notWritable: string[] = []
    const accept = (field: FieldDef) => {
      if (sent.has(field.name)) {
        throw new FieldValidationError('JSON_PARSER_ERROR', `Duplicate field: ${field.name}`, [field.name])
      }
      sent.add(field.name)
      if (!writable(object, field, view, mode)) notWritable.push(field.name)
    }
    for (const [field, raw] of fields) {
      // an update body may repeat the record's own id (jsforce-style bodies do)
      if (
        mode === 'update' &&
        field.type === 'id' &&
        typeof raw === 'string' &&
        normaliseId(raw) === targetId
      )
        continue
      accept(field)
    }
    for (const [field] of references) accept(field)
    if (notWritable.length > 0) {
      throw new FieldValidationError(
        'INVALID_FIELD_FOR_INSERT_UPDATE',
        `Unable to create/update fields: ${notWritable.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        notWritable,
      )
    }
    for (const [field, raw] of fields) {
      if (!sent.has(field.name)) continue
      values.set(
        field.name,
        field.type === 'id' ? ownId(object, raw) : coerceValue(field, raw, format, prefixes),
      )
    }
    for (const [field, raw] of references) values.set(field.name, resolveReference(field, raw, view))
    return { values, sent }
  }

  function writable(object: ObjectDef, field: FieldDef, view: MetadataView | undefined, mode: Mode): boolean {
    if (isCompound(field)) return false
    if (mode === 'seed') return true
    const access = metadata.fieldAccess(object, field, view!.actor)
    return mode === 'create' ? access.createable : access.updateable
  }

  /** `"Account": {"External_Id__c": "A-1"}` -> the id of the one live Account with that value. */
  function resolveReference(
    field: FieldDef,
    raw: Record<string, unknown>,
    view: MetadataView | undefined,
  ): string {
    const relationship = field.relationshipName ?? field.name
    let targetName = field.referenceTo[0]
    if (field.referenceTo.length > 1) {
      const type = isPlainObject(raw.attributes) ? raw.attributes.type : undefined
      targetName = field.referenceTo.find(
        (name) => typeof type === 'string' && name.toLowerCase() === type.toLowerCase(),
      )
      if (!targetName) {
        throw new FieldValidationError(
          'INVALID_FIELD',
          `${relationship}: a polymorphic reference needs "attributes": {"type": ...} naming one of ${field.referenceTo.join(', ')}`,
          [field.name],
        )
      }
    }
    const target = metadata.getObject(targetName!)
    const keys = Object.keys(raw).filter((key) => key !== 'attributes')
    if (keys.length !== 1) {
      throw new FieldValidationError(
        'INVALID_FIELD',
        `${relationship}: a reference by external id names exactly one external id field of ${target.name}`,
        [field.name],
      )
    }
    const key = keys[0]!
    const value = raw[key]
    const extField = metadata.findField(target, key, view)
    if (!extField || !(extField.externalId || extField.idLookup)) {
      throw new FieldValidationError(
        'INVALID_FIELD',
        `Field name provided, ${key} is not an External ID or indexed field for ${target.name}`,
        [field.name],
      )
    }
    const matches = findMatches(target, extField, value)
    if (matches.length === 0) {
      throw new FieldValidationError(
        'INVALID_FIELD',
        `Foreign key external ID: ${String(value)} not found for field ${extField.name} in entity ${target.name}`,
        [field.name],
      )
    }
    if (matches.length > 1) {
      throw new FieldValidationError(
        'DUPLICATE_EXTERNAL_ID',
        `Foreign key external ID: ${String(value)} for field ${extField.name} in entity ${target.name} matched more than one record`,
        [field.name],
      )
    }
    return matches[0]!.Id as string
  }

  function defaultFor(field: FieldDef): FieldValue {
    if (field.defaultValue !== undefined) return field.defaultValue as FieldValue
    const picklistDefault = field.picklistValues.find((entry) => entry.active && entry.defaultValue)
    if (picklistDefault) return picklistDefault.value
    return field.type === 'boolean' ? false : null
  }

  /** The checks every saved record passes, after the rules ran. */
  function checkRecord(
    object: ObjectDef,
    draft: Record<string, FieldValue>,
    previous: SObjectRecord | undefined,
  ) {
    const fields = metadata.storedFields(object)
    const missing = fields
      .filter(
        (field) => !field.nillable && (field.createable || field.updateable) && draft[field.name] === null,
      )
      .map((field) => field.name)
    if (missing.length > 0) {
      throw new FieldValidationError(
        'REQUIRED_FIELD_MISSING',
        `Required fields are missing: [${missing.join(', ')}]`,
        missing,
      )
    }
    for (const field of fields) {
      const value = draft[field.name]
      if (value === null || value === undefined || (previous && previous[field.name] === value)) continue
      if (field.type === 'reference' && value !== draft.Id) {
        const target = store.get(value as string, { includeDeleted: true })
        if (!target) {
          throw new FieldValidationError('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', [
            field.name,
          ])
        }
        if (target.IsDeleted) throw new EntityIsDeletedError([field.name])
      }
      if (field.unique) {
        const other = findMatches(object, field, value).find((found) => found.Id !== draft.Id)
        if (other) {
          throw new FieldValidationError(
            'DUPLICATE_VALUE',
            `duplicate value found: ${field.name} duplicates value on record with id: ${other.Id}`,
            [field.name],
          )
        }
      }
    }
  }

  function autoNumber(object: ObjectDef, field: FieldDef): string {
    const format = field.displayFormat ?? '{0}'
    const next = store.nextSequence(`${object.name}.${field.name}`)
    return format.replace(/\{(0+)\}/, (_, zeros: string) => String(next).padStart(zeros.length, '0'))
  }

  function insertRecord(
    object: ObjectDef,
    input: unknown,
    view: MetadataView | undefined,
    mode: 'create' | 'seed',
    format: InputFormat,
  ): WriteResult {
    if (mode === 'create' && !metadata.access(object, view!.actor).createable) {
      throw new InsufficientAccessError(
        'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
        `entity type cannot be inserted: ${object.label}`,
      )
    }
    const { values, sent } = parseInput(object, input, view, mode, format)
    const now = clock.now()
    const stamp = formatDatetime(now)
    const user = userFor(view?.actor)
    const draft: Record<string, FieldValue> = {}
    for (const field of metadata.storedFields(object)) draft[field.name] = defaultFor(field)
    const system: Record<string, FieldValue> = {
      IsDeleted: false,
      CreatedDate: stamp,
      CreatedById: user,
      LastModifiedDate: stamp,
      LastModifiedById: user,
      SystemModstamp: stamp,
      OwnerId: user,
    }
    for (const [name, value] of Object.entries(system)) if (name in draft) draft[name] = value
    for (const [name, value] of values) draft[name] = value
    if (mode === 'seed' && values.has('CreatedDate')) {
      // a seeded record created in the past was last modified then too, unless told otherwise
      for (const name of MODIFIED_STAMP_FIELDS) if (!values.has(name)) draft[name] = draft.CreatedDate!
    }
    if (draft.Id === null || draft.Id === undefined) draft.Id = store.nextId(object.name)
    for (const field of metadata.storedFields(object)) {
      if (field.autoNumber && draft[field.name] === null) draft[field.name] = autoNumber(object, field)
    }
    deriveValues({ object, draft, previous: undefined, sent, now })
    checkRecord(object, draft, undefined)
    validateValues({ object, draft, previous: undefined, sent, now })
    if (mode === 'seed' && store.get(draft.Id as string, { includeDeleted: true })) {
      throw new FieldValidationError('DUPLICATE_VALUE', `duplicate value found: Id ${draft.Id}`, ['Id'])
    }
    store.insert(object.name, draft)
    return { object: object.name, id: draft.Id as string }
  }

  function updateRecord(
    object: ObjectDef,
    previous: SObjectRecord,
    input: unknown,
    view: MetadataView,
    format: InputFormat,
  ): WriteResult {
    const id = previous.Id as string
    const { values, sent } = parseInput(object, input, view, 'update', format, id)
    const now = clock.now()
    const stamp = formatDatetime(now)
    const draft: Record<string, FieldValue> = { ...previous }
    for (const [name, value] of values) draft[name] = value
    const user = userFor(view.actor)
    if ('LastModifiedDate' in draft) draft.LastModifiedDate = stamp
    if ('LastModifiedById' in draft) draft.LastModifiedById = user
    if ('SystemModstamp' in draft) draft.SystemModstamp = stamp
    deriveValues({ object, draft, previous, sent, now })
    checkRecord(object, draft, previous)
    validateValues({ object, draft, previous, sent, now })
    const changes: Record<string, FieldValue> = {}
    for (const [name, value] of Object.entries(draft)) if (previous[name] !== value) changes[name] = value
    store.update(id, changes)
    return { object: object.name, id }
  }

  function ensureUpdateable(object: ObjectDef, view: MetadataView): void {
    if (!metadata.access(object, view.actor).updateable) {
      throw new InsufficientAccessError(
        'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
        `entity type cannot be updated: ${object.label}`,
      )
    }
  }

  /**
   * Moves `root` and every record that cascades from it to the recycle bin, then clears the
   * non-cascading references to them held by records that stay.
   */
  function recycle(
    object: ObjectDef,
    root: SObjectRecord,
    user: string,
    stamp: string,
    result: DeleteResult,
  ): void {
    const doomed = new Map<string, ObjectDef>()
    const clears: Array<{ id: string; field: string }> = []
    const visit = (parentObject: ObjectDef, parentId: string) => {
      doomed.set(parentId, parentObject)
      for (const relationship of metadata.childRelationships(parentObject)) {
        const child = metadata.getObject(relationship.childSObject)
        const field = metadata.findField(child, relationship.field)!
        for (const dependent of findMatches(child, field, parentId)) {
          const id = dependent.Id as string
          if (doomed.has(id)) continue
          if (relationship.cascadeDelete) visit(child, id)
          else clears.push({ id, field: field.name })
        }
      }
    }
    visit(object, root.Id as string)
    for (const id of doomed.keys()) {
      const found = store.get(id)!
      const changes: Record<string, FieldValue> = { IsDeleted: true }
      if ('LastModifiedDate' in found) changes.LastModifiedDate = stamp
      if ('LastModifiedById' in found) changes.LastModifiedById = user
      if ('SystemModstamp' in found) changes.SystemModstamp = stamp
      store.update(id, changes)
      result.deleted.push(id)
    }
    for (const { id, field } of clears) {
      if (doomed.has(id)) continue
      store.update(id, { [field]: null })
      if (!result.cleared.includes(id)) result.cleared.push(id)
    }
  }

  const service = {
    /** Creates a record; `input` is the request body (field name -> value). */
    create(objectName: string, input: unknown, view: MetadataView, options: WriteOptions = {}): WriteResult {
      const object = metadata.getObject(objectName, view)
      return store.transaction(() => insertRecord(object, input, view, 'create', options.format ?? 'json'))
    },

    /** Reads a record as the view sees it (not one in the recycle bin). */
    read(objectName: string, id: string, view: MetadataView, options: ReadOptions = {}): RecordView {
      const object = metadata.getObject(objectName, view)
      const found = lookup(object, id)
      if (found.IsDeleted) throw new NotFoundError()
      return projectRecord(metadata, object, found, view, options.fields)
    },

    /** Updates the fields in `input`. */
    update(
      objectName: string,
      id: string,
      input: unknown,
      view: MetadataView,
      options: WriteOptions = {},
    ): WriteResult {
      const object = metadata.getObject(objectName, view)
      ensureUpdateable(object, view)
      return store.transaction(() =>
        updateRecord(object, recordForWrite(object, id), input, view, options.format ?? 'json'),
      )
    },

    /** Moves a record (and its cascading children) to the recycle bin. */
    delete(objectName: string, id: string, view: MetadataView): DeleteResult {
      const object = metadata.getObject(objectName, view)
      if (!metadata.access(object, view.actor).deletable) {
        throw new InsufficientAccessError(
          'INSUFFICIENT_ACCESS_OR_READONLY',
          'insufficient access rights on object id',
        )
      }
      return store.transaction(() => {
        const found = recordForWrite(object, id)
        const result: DeleteResult = { object: object.name, id: found.Id as string, deleted: [], cleared: [] }
        recycle(object, found, userFor(view.actor), formatDatetime(clock.now()), result)
        return result
      })
    },

    /**
     * Upsert by an externalId/idLookup field: creates when no live record has `value`, updates the
     * one that has it; several matches change nothing and return their ids.
     */
    upsert(
      objectName: string,
      fieldName: string,
      value: string,
      input: unknown,
      view: MetadataView,
      options: UpsertOptions = {},
    ): UpsertResult {
      const object = metadata.getObject(objectName, view)
      const field = externalIdField(object, fieldName, view)
      const format = options.format ?? 'json'
      return store.transaction((): UpsertResult => {
        const matches = findMatches(object, field, value)
        if (matches.length > 1)
          return { status: 'multiple', object: object.name, ids: matches.map((r) => r.Id as string) }
        if (!isPlainObject(input)) {
          throw new FieldValidationError(
            'JSON_PARSER_ERROR',
            'Failed to read the record: expected a JSON object of fields',
          )
        }
        // the external id comes from the url; the body may repeat it, not contradict it
        const body: Record<string, unknown> = {}
        for (const [key, raw] of Object.entries(input)) {
          if (key.toLowerCase() !== field.name.toLowerCase()) body[key] = raw
          else if (indexKey(raw, field.type === 'id') !== indexKey(value, field.type === 'id')) {
            throw new FieldValidationError(
              'INVALID_FIELD',
              `${field.name}: the value in the body (${String(raw)}) differs from the external id in the url (${value})`,
              [field.name],
            )
          }
        }
        if (matches.length === 1) {
          ensureUpdateable(object, view)
          updateRecord(object, matches[0]!, body, view, format)
          return { status: 'updated', object: object.name, id: matches[0]!.Id as string }
        }
        if (field.type === 'id' || options.updateOnly) throw new NotFoundError()
        if (metadata.fieldAccess(object, field, view.actor).createable) body[field.name] = value
        const created = insertRecord(object, body, view, 'create', format)
        return { status: 'created', object: object.name, id: created.id }
      })
    },

    /** `DELETE /sobjects/{object}/{field}/{value}`: deletes the one live record with that external id. */
    deleteByExternalId(
      objectName: string,
      fieldName: string,
      value: string,
      view: MetadataView,
    ): ExternalIdDeleteResult {
      const object = metadata.getObject(objectName, view)
      const matches = findMatches(object, externalIdField(object, fieldName, view), value)
      if (matches.length === 0) throw new NotFoundError()
      if (matches.length > 1)
        return { status: 'multiple', object: object.name, ids: matches.map((r) => r.Id as string) }
      return { status: 'deleted', ...service.delete(object.name, matches[0]!.Id as string, view) }
    },

    /** `GET /sobjects/{object}/{field}/{value}`: the one live record with that external id. */
    retrieveByExternalId(
      objectName: string,
      fieldName: string,
      value: string,
      view: MetadataView,
      options: ReadOptions = {},
    ): RetrieveResult {
      const object = metadata.getObject(objectName, view)
      const field = externalIdField(object, fieldName, view)
      const matches = findMatches(object, field, value)
      if (matches.length === 0) throw new NotFoundError()
      if (matches.length > 1)
        return { status: 'multiple', object: object.name, ids: matches.map((r) => r.Id as string) }
      return {
        status: 'found',
        object: object.name,
        record: projectRecord(metadata, object, matches[0]!, view, options.fields),
      }
    },

    /**
     * Inserts a record with system privileges (fixtures, test seeding): any stored field may be
     * given (Id, CreatedDate, ...), no actor or version applies; the record rules and checks do.
     */
    seed(objectName: string, input: Readonly<Record<string, unknown>>): WriteResult {
      const object = metadata.getObject(objectName)
      return store.transaction(() => insertRecord(object, input, undefined, 'seed', 'json'))
    },

    /** The User id an actor acts as. */
    userFor,
  }
  return service
}

/** A seeded record's own Id: a valid id with the object's key prefix. */
function ownId(object: ObjectDef, raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null
  const id = typeof raw === 'string' ? normaliseId(raw) : undefined
  if (!id || keyPrefixOf(id) !== object.keyPrefix) {
    throw new FieldValidationError('MALFORMED_ID', `Record ID: id value of incorrect type: ${String(raw)}`, [
      'Id',
    ])
  }
  return id
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
