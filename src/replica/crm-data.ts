/**
 * @module
 * The live data of CRM environment apps (not a Hono app: the routes are in `handlers/`).
 * `createCrmDataSets` builds the metadata once per app version (it is read-only and shared); each
 * environment app then gets its own `CrmData`: a record store, the record service over it on
 * the mock clock, its open query cursors and Bulk API jobs, and `serialise()`/`restore()` for
 * snapshots and the state document (records only: cursors and jobs are live API state, dropped
 * when the data is replaced). A new app starts from the CRM seed; one made from saved content
 * restores it.
 */
import { crmSchemaInput, crmSeed } from '../fixtures/crm/index.js'
import { BulkJobs } from './bulk/job-store.js'
import type { CrmSchema, CrmSchemaInput } from '../schemas/crm-schema.js'
import type { CrmSeed } from '../schemas/crm-seed.js'
import {
  createMetadataService,
  type MetadataService,
  type MetadataView,
} from './metadata/metadata-service.js'
import { loadSeed } from './records/load-seed.js'
import { createRecordService, type RecordService } from './records/record-service.js'
import {
  createRecordStore,
  loadBaseline,
  type RecordBaseline,
  type RecordStore,
  type RecordStoreContent,
  type SObjectRecord,
} from './records/record-store.js'
import { withFormulaValues } from './records/formula-reads.js'
import { createSoqlDataSource } from './records/soql-data-source.js'
import { projectRecord, type RecordView } from './records/record-view.js'
import { createQueryCursors, type QueryCursors } from './query-cursors.js'
import {
  compileSoql,
  type ExecuteOptions,
  openSoql,
  type QueryBudgetOptions,
  type QueryColumns,
  queryColumns,
  querySoql,
  type SoqlResult,
  type SoqlRows,
} from './soql/index.js'

export interface CrmDataSetsOptions {
  /** The mock clock (record timestamps, date literals, cursor expiry). */
  clock: { now(): Date }
  /** @default the built-in CRM schema (src/fixtures/crm) */
  schema?: CrmSchema | CrmSchemaInput
  /** The records a new app starts with. @default the built-in CRM seed */
  seed?: CrmSeed
  /** What a query of a native call may do before `QUERY_TIMEOUT` (`openQuery`). @default unbounded */
  queryBudget?: QueryBudgetOptions
}

export interface CrmData {
  /** The environment's organization id (the Id of the app's Organization record), when opened for one. */
  readonly organizationId: string | undefined
  readonly metadata: MetadataService
  readonly store: RecordStore
  readonly records: RecordService
  readonly cursors: QueryCursors<SoqlRows>
  /** Bulk API 2.0 ingest and query jobs (src/replica/bulk). */
  readonly jobs: BulkJobs
  /**
   * The records of an object most recently modified (newest first, at most `limit`), as
   * `{ Id, <name field> }` views: what `GET /sobjects/{object}` lists as `recentItems`.
   */
  recentItems(object: string, view: MetadataView, limit?: number): RecordView[]
  /** Runs a SOQL query as the view (version, actor) sees the data, every row rendered, unbounded. */
  query(text: string, view: MetadataView, options?: ExecuteOptions): SoqlResult & { columns: string[] }
  /** The column metadata of a SOQL query as the view sees it (checked, not run). */
  queryColumns(text: string, view: MetadataView): QueryColumns
  /** The User an actor acts as (credentials' login details, userinfo). */
  userOf(actor: string): { id: string; username: string } | undefined
  /** The actor whose User has this Username (case-insensitive), if any. */
  actorOfUsername(username: string): string | undefined
  /**
   * A native call's query: bounded by the apps' `queryBudget` (`QUERY_TIMEOUT` past it), rows
   * rendered page by page.
   */
  openQuery(text: string, view: MetadataView, options?: Omit<ExecuteOptions, 'budget'>): SoqlRows
  /** The app's data as plain JSON (the record store's content). */
  serialise(): RecordStoreContent
  /** Replaces the app's data with `serialise()` output; a bad document changes nothing. */
  restore(content: unknown): void
  /**
   * Marks the records as they are now and returns the step that comes back to them: this app put
   * back (its tables shared with the mark, each copied on its next write; cursors and jobs
   * dropped), or a new app from the same records while an async write (a bulk job) still holds it.
   */
  mark(): () => CrmData
  /** `undefined` unless an async write (a bulk job) holds the records; else when to check again. */
  whenFree(): Promise<void> | undefined
}

export type CrmDataSets = ReturnType<typeof createCrmDataSets>

/** How many records `GET /sobjects/{object}` lists as recent. */
const RECENT_ITEMS = 25

export function createCrmDataSets(options: CrmDataSetsOptions) {
  const { clock } = options
  const metadata = createMetadataService(options.schema ?? crmSchemaInput)
  const seed = options.seed ?? crmSeed
  // Loaded content is shared table by table (record-baseline.ts): the seed is loaded once, and a
  // frozen content document (a snapshot's: its owner promises nobody writes to it) the first time
  // an app opens from it. Any other document is checked and loaded on every open, as a caller may
  // change it between two opens (an edited `exportState` document imported twice).
  let seeded: RecordBaseline | undefined
  const baselines = new WeakMap<object, RecordBaseline>()
  const baselineOf = (content: unknown): RecordBaseline => {
    if (content === undefined) {
      if (seeded === undefined) {
        const store = createRecordStore(metadata)
        loadSeed(createRecordService({ store, metadata, clock, actorUsers: seed.actorUsers }), store, seed)
        seeded = store.keep()
      }
      return seeded
    }
    if (typeof content !== 'object' || content === null || !Object.isFrozen(content)) {
      return loadBaseline(metadata, content)
    }
    let found = baselines.get(content)
    if (found === undefined) {
      found = loadBaseline(metadata, content)
      baselines.set(content, found)
    }
    return found
  }

  const actorOfUser = new Map(Object.entries(seed.actorUsers).map(([actor, userId]) => [userId, actor]))

  return {
    metadata,
    /**
     * A live app: from `content` (a `serialise()` result) when given, else seeded. Opened for an
     * environment (`organizationId`), it holds that org's Organization record.
     */
    open(content?: unknown, openOptions: { organizationId?: string | undefined } = {}): CrmData {
      return openApp(baselineOf(content), openOptions.organizationId)
    },
  }

  function openApp(baseline: RecordBaseline, organizationId: string | undefined): CrmData {
    const store = createRecordStore(metadata, baseline)
    const records = createRecordService({ store, metadata, clock, actorUsers: seed.actorUsers })
    const cursors = createQueryCursors<SoqlRows>({ clock })
    const jobs = new BulkJobs({ metadata, store, records, clock })
    if (organizationId !== undefined) ensureOrganization(store, records, seed, organizationId)
    const app: CrmData = {
      organizationId,
      metadata,
      store,
      records,
      cursors,
      jobs,
      recentItems(object, view, limit = RECENT_ITEMS) {
        const def = metadata.getObject(object, view)
        const visible = metadata.visibleFields(def, view)
        const nameField = visible.find((field) => field.nameField) ?? visible.find((f) => f.name === 'Name')
        // newest first by LastModifiedDate, then Id
        const newer = (a: SObjectRecord, b: SObjectRecord) =>
          String(a.LastModifiedDate ?? '') > String(b.LastModifiedDate ?? '') ||
          (a.LastModifiedDate === b.LastModifiedDate && (a.Id as string) > (b.Id as string))
        const top = [...store.scan(def.name)]
          .sort((a, b) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0))
          .slice(0, limit)
        const fields = nameField ? ['Id', nameField.name] : ['Id']
        return top.map((found) =>
          projectRecord(
            metadata,
            def,
            withFormulaValues({ metadata, store, clock }, def, found, records.userFor(view.actor)),
            view,
            fields,
          ),
        )
      },
      query: (text, view, executeOptions) =>
        querySoql(
          text,
          createSoqlDataSource(metadata, store, view, clock, records.userFor(view.actor)),
          executeOptions,
        ),
      queryColumns: (text, view) =>
        queryColumns(
          compileSoql(text, createSoqlDataSource(metadata, store, view, clock, records.userFor(view.actor))),
        ),
      userOf(actor) {
        const id = seed.actorUsers[actor]
        const found = id === undefined ? undefined : store.get(id)
        return found && { id: found.Id as string, username: String(found.Username) }
      },
      actorOfUsername(username) {
        const [found] = store.findBy('User', 'Username', username) ?? []
        return found && actorOfUser.get(found.Id as string)
      },
      openQuery: (text, view, executeOptions) =>
        openSoql(text, createSoqlDataSource(metadata, store, view, clock, records.userFor(view.actor)), {
          ...executeOptions,
          ...(options.queryBudget ? { budget: options.queryBudget } : {}),
        }),
      serialise: () => store.serialise(),
      restore(next) {
        store.adopt(baselineOf(next))
        if (organizationId !== undefined) ensureOrganization(store, records, seed, organizationId)
        cursors.clear()
        jobs.clear()
      },
      whenFree: () => store.whenFree(),
      mark() {
        const kept = store.keep()
        return () => {
          if (store.whenFree() !== undefined) return openApp(kept, organizationId)
          store.adopt(kept)
          cursors.clear()
          jobs.clear()
          return app
        }
      },
    }
    return app
  }
}

/**
 * Makes the app's one Organization record the environment's: kept when it is already there, else
 * any other (from a snapshot of another environment) is replaced by the seed's fields.
 */
function ensureOrganization(
  store: RecordStore,
  records: RecordService,
  seed: CrmSeed,
  organizationId: string,
): void {
  if (!store.objects.includes('Organization')) return
  if (store.get(organizationId)?.Id === organizationId) return
  store.transaction(() => {
    for (const other of [...store.scan('Organization', { includeDeleted: true })])
      store.purge(other.Id as string)
    records.seed('Organization', {
      ...(seed.createdDate ? { CreatedDate: seed.createdDate } : {}),
      ...(seed.organization ?? { Name: 'Organization' }),
      Id: organizationId,
    })
  })
}
