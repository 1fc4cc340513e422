/**
 * @module
 * Record CRUD of the CRM replica over the record store, the metadata and the mock clock: create,
 * read, update, delete (to the recycle bin, with cascades), upsert and retrieve by external id.
 * Every write checks what the real API checks, with its error codes (see `../errors.ts`), runs
 * the record rules and is all-or-nothing: a write that fails leaves the store as it was.
 * Results are plain data; the native handlers build the wire JSON (see `record-view.ts`).
 *
 * This is the facade: each operation resolves the object, checks the actor's object permission,
 * and runs the work in one store transaction. The work lives in plain modules: parse-input.ts,
 * write-checks.ts, write-record.ts, recycle-bin.ts and external-id.ts.
 */
import { NotFoundError } from '../errors.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import type { SObjectRecord } from './record-store.js'
import { matchExternalId, externalIdField, upsertRecord } from './external-id.js'
import { recordById, recordForWrite } from './find-records.js'
import { withFormulaValues } from './formula-reads.js'
import { bindInput } from './parse-input.js'
import { createRecordContext, type RecordServiceOptions } from './record-context.js'
import type {
  DeleteResult,
  ExternalIdDeleteResult,
  ReadOptions,
  RetrieveResult,
  UpsertOptions,
  UpsertResult,
  WriteOptions,
  WriteResult,
} from './record-service-types.js'
import { projectRecord, type RecordView, recordJson } from './record-view.js'
import { deleteRecord } from './recycle-bin.js'
import { ensureCreateable, ensureDeletable, ensureUpdateable } from './write-checks.js'
import { insertRecord, updateRecord } from './write-record.js'

export type { RecordServiceOptions } from './record-context.js'
export type * from './record-service-types.js'

export interface RecordService {
  /**
   * Creates a record; `input` is the request body: field name (any case) -> value, and parent
   * references by external id (`"Account": {"External_Id__c": "A-1"}`).
   */
  create(objectName: string, input: unknown, view: MetadataView, options?: WriteOptions): WriteResult
  /** Reads a record as the view sees it (not one in the recycle bin). */
  read(objectName: string, id: string, view: MetadataView, options?: ReadOptions): RecordView
  /**
   * `read` as a REST read answers it: the record's wire JSON (`recordJson`), and the record as
   * stored (whose dates say when it changed).
   */
  readJson(
    objectName: string,
    id: string,
    view: MetadataView,
    options?: ReadOptions,
  ): { json: string; stored: SObjectRecord }
  /** Updates the fields in `input`. */
  update(
    objectName: string,
    id: string,
    input: unknown,
    view: MetadataView,
    options?: WriteOptions,
  ): WriteResult
  /** Moves a record (and its cascading children) to the recycle bin. */
  delete(objectName: string, id: string, view: MetadataView): DeleteResult
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
    options?: UpsertOptions,
  ): UpsertResult
  /** `DELETE /sobjects/{object}/{field}/{value}`: deletes the one live record with that external id. */
  deleteByExternalId(
    objectName: string,
    fieldName: string,
    value: string,
    view: MetadataView,
  ): ExternalIdDeleteResult
  /** `GET /sobjects/{object}/{field}/{value}`: the one live record with that external id. */
  retrieveByExternalId(
    objectName: string,
    fieldName: string,
    value: string,
    view: MetadataView,
    options?: ReadOptions,
  ): RetrieveResult
  /**
   * Inserts a record with system privileges (fixtures, test seeding): any stored field may be
   * given (Id, CreatedDate, ...), no actor or version applies; the record rules and checks do.
   */
  seed(objectName: string, input: Readonly<Record<string, unknown>>): WriteResult
  /** The User id an actor acts as. */
  userFor(actor: string | undefined): string
}

export function createRecordService(options: RecordServiceOptions): RecordService {
  const ctx = createRecordContext(options)
  const { store, metadata } = ctx
  /** A live record a read may answer: its object, as stored, and with its computed fields. */
  const readable = (objectName: string, id: string, view: MetadataView) => {
    const object = metadata.getObject(objectName, view)
    const stored = recordById(store, object, id)
    if (stored.IsDeleted) throw new NotFoundError()
    return { object, stored, computed: withFormulaValues(ctx, object, stored, ctx.userFor(view.actor)) }
  }
  const service: RecordService = {
    create(objectName, input, view, options = {}) {
      const object = metadata.getObject(objectName, view)
      ensureCreateable(metadata, object, view)
      const body = bindInput(ctx, object, input, view)
      return store.transaction(() =>
        insertRecord(ctx, object, body, view, 'create', options.format ?? 'json'),
      )
    },

    read(objectName, id, view, options = {}) {
      const { object, computed } = readable(objectName, id, view)
      return projectRecord(metadata, object, computed, view, options.fields)
    },

    readJson(objectName, id, view, options = {}) {
      const { object, stored, computed } = readable(objectName, id, view)
      return { json: recordJson(metadata, object, computed, view, options.fields), stored }
    },

    update(objectName, id, input, view, options = {}) {
      const object = metadata.getObject(objectName, view)
      ensureUpdateable(metadata, object, view)
      const previous = recordForWrite(store, object, id)
      const body = bindInput(ctx, object, input, view)
      return store.transaction(() =>
        updateRecord(ctx, object, previous, body, view, options.format ?? 'json'),
      )
    },

    delete(objectName, id, view) {
      const object = metadata.getObject(objectName, view)
      ensureDeletable(metadata, object, view)
      return store.transaction(() => deleteRecord(ctx, object, id, view))
    },

    upsert(objectName, fieldName, value, input, view, options = {}) {
      const object = metadata.getObject(objectName, view)
      const field = externalIdField(ctx, object, fieldName, view)
      return store.transaction(() => upsertRecord(ctx, object, field, value, input, view, options))
    },

    deleteByExternalId(objectName, fieldName, value, view) {
      const object = metadata.getObject(objectName, view)
      const match = matchExternalId(ctx, object, fieldName, value, view)
      if (match.status === 'multiple') return match
      return { status: 'deleted', ...service.delete(object.name, match.record.Id as string, view) }
    },

    retrieveByExternalId(objectName, fieldName, value, view, options = {}) {
      const object = metadata.getObject(objectName, view)
      const match = matchExternalId(ctx, object, fieldName, value, view)
      if (match.status === 'multiple') return match
      return {
        status: 'found',
        object: object.name,
        record: projectRecord(
          metadata,
          object,
          withFormulaValues(ctx, object, match.record, ctx.userFor(view.actor)),
          view,
          options.fields,
        ),
      }
    },

    seed(objectName, input) {
      const object = metadata.getObject(objectName)
      const body = bindInput(ctx, object, input, undefined)
      return store.transaction(() => insertRecord(ctx, object, body, undefined, 'seed', 'json'))
    },

    userFor: ctx.userFor,
  }
  return service
}
