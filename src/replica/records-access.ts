/**
 * @module
 * `mock.records(environmentId, appName)`: typed access to one environment app's records for
 * tests. Writes go through the record service (record rules, checks, all-or-nothing), so what a
 * test seeds is what the native API would have stored; `insert` seeds many records at once with
 * system privileges. Failures throw the replica's own errors (`ReplicaError` with `code`).
 */
import type { CrmData } from './crm-data.js'
import type { MetadataView } from './metadata/metadata-service.js'
import type { RecordStoreContent } from './records/record-store.js'
import type { RecordView } from './records/record-view.js'
import type { SoqlRow } from './soql/index.js'
import { NotFoundError } from './errors.js'
import { versionBasePath } from './metadata/api-version.js'

/** Who a call acts as; both default to the app version's first actor and newest API version. */
export interface RecordsViewOptions {
  actor?: string
  /** `"60.0"` */
  apiVersion?: string
}

export interface RecordsAccess {
  /**
   * Creates a record as the actor would through `POST /sobjects/{object}`; returns its id.
   * @example const id = mock.records(env.id).create('Account', { Name: 'Acme' })
   */
  create(object: string, fields: Readonly<Record<string, unknown>>, options?: RecordsViewOptions): string
  /**
   * Inserts records with system privileges (any stored field, `Id` and `CreatedDate` included; the
   * record rules still run), all or nothing; returns their ids in order.
   * @example mock.records(env.id).insert('Account', Array.from({ length: 5000 }, (_, i) => ({ Name: `A${i}` })))
   */
  insert(object: string, records: ReadonlyArray<Readonly<Record<string, unknown>>>): string[]
  /** The record as the actor sees it, or undefined when it does not exist or is in the recycle bin. */
  get(
    object: string,
    id: string,
    options?: RecordsViewOptions & { fields?: string | readonly string[] },
  ): RecordView | undefined
  /** Updates fields as the actor would through `PATCH /sobjects/{object}/{id}`. */
  update(
    object: string,
    id: string,
    fields: Readonly<Record<string, unknown>>,
    options?: RecordsViewOptions,
  ): void
  /** Moves a record (and its cascading children) to the recycle bin; returns every id deleted. */
  delete(object: string, id: string, options?: RecordsViewOptions): string[]
  /** The rows of a SOQL query (all of them, no paging); `all` includes the recycle bin (`queryAll`). */
  query(soql: string, options?: RecordsViewOptions & { all?: boolean }): SoqlRow[]
  /** Number of records of an object (live ones, or every one with `includeDeleted`). */
  count(object: string, options?: { includeDeleted?: boolean }): number
  /** The app's whole data as plain JSON (what snapshots and `exportState()` keep). */
  serialise(): RecordStoreContent
}

export function createRecordsAccess(app: CrmData, defaults: Required<RecordsViewOptions>): RecordsAccess {
  const viewOf = (options: RecordsViewOptions = {}): MetadataView => ({
    actor: options.actor ?? defaults.actor,
    apiVersion: options.apiVersion ?? defaults.apiVersion,
  })
  const { records, store, metadata } = app

  return {
    create: (object, fields, options) => records.create(object, fields, viewOf(options)).id,
    insert(object, list) {
      // the object name is checked up front so an empty list still fails loudly on a typo
      metadata.getObject(object)
      return store.transaction(() => list.map((values) => records.seed(object, values).id))
    },
    get(object, id, options = {}) {
      try {
        return records.read(object, id, viewOf(options), { fields: options.fields })
      } catch (error) {
        if (error instanceof NotFoundError && metadata.findObject(object)) return undefined
        throw error
      }
    },
    update(object, id, fields, options) {
      records.update(object, id, fields, viewOf(options))
    },
    delete: (object, id, options) => records.delete(object, id, viewOf(options)).deleted,
    query(soql, options = {}) {
      const view = viewOf(options)
      const base = versionBasePath(view.apiVersion)
      return app.query(soql, view, {
        includeDeleted: options.all === true,
        recordUrl: (type, id) => `${base}/sobjects/${type}/${id}`,
      }).records
    },
    count: (object, options) => store.count(metadata.getObject(object).name, options),
    serialise: () => app.serialise(),
  }
}
