/**
 * @module
 * The live data of CRM environment apps (not a Hono app: the routes are in `handlers/`).
 * `createCrmDataSets` builds the metadata once per app version (it is read-only and shared); each
 * environment app then gets its own `CrmData`: a record store, the record service over it on
 * the mock clock, the platform events it published (src/replica/events), its open query cursors
 * and Bulk API jobs, and `serialise()`/`restore()` for snapshots and the state document (records
 * and events: cursors and jobs are live API state, dropped when the data is replaced). A new app
 * starts from the CRM seed; one made from saved content restores it.
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
} from './records/record-store.js'
import { createSoqlDataSource } from './records/soql-data-source.js'
import type { RecordView } from './records/record-view.js'
import {
  markViewed,
  RECENTLY_VIEWED_MAX,
  type RecentItem,
  recentlyViewed,
} from './records/recently-viewed.js'
import { createQueryCursors, type QueryCursors } from './query-cursors.js'
import { eventsPart, recordsPart, withEvents } from './events/app-content.js'
import { EventBus } from './events/event-bus.js'
import { createEventTypes } from './events/event-types.js'
import type { EventContent } from './events/published-event.js'
import { withPlatformEvents } from './events/with-platform-events.js'
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
  /** Platform events kept per app, the oldest going first. @default 10000 */
  maxPlatformEvents?: number
}

export interface CrmData {
  /** The environment's organization id (the Id of the app's Organization record), when opened for one. */
  readonly organizationId: string | undefined
  readonly metadata: MetadataService
  /** The mock clock the app's records are stamped on. */
  readonly clock: { now(): Date }
  readonly store: RecordStore
  readonly records: RecordService
  /** The platform events the app published, in order (src/replica/events). */
  readonly events: EventBus
  readonly cursors: QueryCursors<SoqlRows>
  /** Bulk API 2.0 ingest and query jobs (src/replica/bulk). */
  readonly jobs: BulkJobs
  /**
   * The records of an object most recently viewed or referenced (newest first, at most `limit`),
   * as `{ Id, <name field> }` views: what `GET /sobjects/{object}` lists as `recentItems`.
   */
  recentItems(object: string, view: MetadataView, limit?: number): RecordView[]
  /** `GET /recent`: the recently viewed or referenced records of every object, as `{ Id, Name }`. */
  recent(view: MetadataView, limit?: number): RecentItem[]
  /**
   * Runs a SOQL query as the view (version, actor) sees the data, every row rendered, unbounded;
   * `FOR VIEW` / `FOR REFERENCE` stamp the records it returns (as `openQuery` does).
   */
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
  /** The app's data as plain JSON: the record store's content, with its platform events once it has any. */
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

/** Platform events an app keeps unless told otherwise. */
const DEFAULT_MAX_EVENTS = 10_000

/** How many records `GET /sobjects/{object}` lists as recent. */
const RECENT_ITEMS = 25

export function createCrmDataSets(options: CrmDataSetsOptions) {
  const { clock } = options
  const metadata = createMetadataService(options.schema ?? crmSchemaInput)
  const eventTypes = createEventTypes(
    metadata.schema.platformEvents,
    new Set(metadata.objects().map((object) => object.keyPrefix)),
  )
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
      return loadBaseline(metadata, recordsPart(content))
    }
    let found = baselines.get(content)
    if (found === undefined) {
      found = loadBaseline(metadata, recordsPart(content))
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
      const events = eventsPart(content)
      return openApp(baselineOf(content), openOptions.organizationId, events)
    },
  }

  function openApp(
    baseline: RecordBaseline,
    organizationId: string | undefined,
    eventContent: EventContent | undefined,
  ): CrmData {
    const store = createRecordStore(metadata, baseline)
    const objectNameOfPrefix = (prefix: string) => metadata.objectByKeyPrefix(prefix)?.name
    const events = new EventBus(
      {
        types: eventTypes,
        clock,
        onRollback: (step) => store.onRollback(step),
        onCommit: (hook) => store.onCommit(hook),
        objectNameOfPrefix,
        capacity: options.maxPlatformEvents ?? DEFAULT_MAX_EVENTS,
      },
      eventContent,
    )
    const records = withPlatformEvents(
      createRecordService({ store, metadata, clock, actorUsers: seed.actorUsers }),
      events,
    )
    const cursors = createQueryCursors<SoqlRows>({ clock })
    const jobs = new BulkJobs({ metadata, store, records, clock })
    const recentDeps = { metadata, store, clock, userFor: records.userFor }
    if (organizationId !== undefined) ensureOrganization(store, records, seed, organizationId)
    const app: CrmData = {
      organizationId,
      metadata,
      clock,
      store,
      records,
      events,
      cursors,
      jobs,
      recentItems: (object, view, limit = RECENT_ITEMS) =>
        recentlyViewed(recentDeps, view, { object: metadata.getObject(object, view), limit }).map(
          (item) => item.record,
        ),
      recent: (view, limit = RECENTLY_VIEWED_MAX) =>
        recentlyViewed(recentDeps, view, { limit, nameAs: 'Name' }),
      query(text, view, executeOptions) {
        const result = querySoql(
          text,
          createSoqlDataSource(metadata, store, view, clock, records.userFor(view.actor)),
          executeOptions,
        )
        if (result.marks) markViewed(recentDeps, result.marks.field, result.marks.ids)
        return result
      },
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
      openQuery(text, view, executeOptions) {
        const rows = openSoql(
          text,
          createSoqlDataSource(metadata, store, view, clock, records.userFor(view.actor)),
          { ...executeOptions, ...(options.queryBudget ? { budget: options.queryBudget } : {}) },
        )
        if (rows.marks) markViewed(recentDeps, rows.marks.field, rows.marks.ids)
        return rows
      },
      serialise: () => withEvents(store.serialise(), events.serialise()),
      restore(next) {
        const nextEvents = eventsPart(next)
        const baseline = baselineOf(next)
        // the events first: adopting tells the journal, which takes the whole content then
        events.replace(nextEvents)
        store.adopt(baseline)
        if (organizationId !== undefined) ensureOrganization(store, records, seed, organizationId)
        cursors.clear()
        jobs.clear()
      },
      whenFree: () => store.whenFree(),
      mark() {
        const kept = store.keep()
        const keptEvents = events.serialise()
        return () => {
          if (store.whenFree() !== undefined) return openApp(kept, organizationId, keptEvents)
          events.replace(keptEvents)
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
