/**
 * @module
 * One in-memory Environment Management Service with its replica apps, given how to make its MSW
 * handlers: `createReplicaMock()` (create-replica-mock.ts) gives msw's, the CLI server none, so a
 * `replica-mock serve` never loads msw.
 */
import type { MiddlewareHandler } from 'hono'
import type { RequestHandler } from 'msw'
import { createApp, type ReplicaApp } from './handlers/create-app.js'
import type { ReplicaEnv } from './handlers/http/replica-env.js'
import type { ReplicaRuntime } from './runtime/create-runtime.js'
import type { Lifecycle } from './runtime/options.js'
import type { StateDocument } from './runtime/state-document.js'
import type { Clock } from './store/clock.js'
import type { StoreCollection } from './store/store-collection.js'
import type { ApiKey, Member } from './schemas/tenant.js'
import type { App, Version } from './schemas/app.js'
import type { Workspace } from './schemas/workspace.js'
import type { AuditEvent } from './schemas/audit-event.js'
import type { Environment } from './schemas/environment.js'
import type { Snapshot } from './schemas/snapshot.js'
import { InputError } from './management/errors.js'
import { Fault, type FaultInput, type QueuedFault } from './management/faults.js'
import { describeIssues } from './schemas/describe-issues.js'
import { type RequestAccess, requestAccess } from './management/requests.js'
import {
  auditEventAccess,
  environmentAccess,
  type ReadAccess,
  snapshotAccess,
} from './management/inspection.js'
import { environmentApp } from './runtime/environment-app.js'
import {
  type SeedEnvironmentInput,
  type SeedSnapshotInput,
  seedEnvironment,
  seedSnapshot,
} from './management/seeding.js'
import { createRecordsAccess, type RecordsAccess } from './replica/records-access.js'
import type { ApexRestRoutes, InvocableActions } from './replica/apex/apex-types.js'
import { type EnvironmentEvent, type EventQuery, listEvents } from './runtime/environment-events.js'

/** Internal: the runtime and app behind a mock, for the server and plugins. Never re-exported. */
export const kInternals = Symbol('replica-mock.internals')

export interface ReplicaMockInternals {
  runtime: ReplicaRuntime
  app: ReplicaApp
}

export interface ReplicaMock {
  /** @internal */
  readonly [kInternals]: ReplicaMockInternals
  /** MSW request handlers answering everything under `baseUrl`; add them to your `setupServer`. */
  readonly handlers: RequestHandler[]
  /** The app itself: `(Request) => Promise<Response>`, for any transport. */
  readonly fetch: (request: Request) => Promise<Response>
  /** Origin of the management API (`{baseUrl}/v1`) and of app URLs. */
  readonly baseUrl: string
  /** The mock clock every timestamp comes from. */
  readonly clock: Clock
  /** Lifecycle delays in force (mutable; `reset()` restores the configured ones). */
  readonly lifecycle: Lifecycle
  /**
   * Resolves once the fixture and the org schemas (`schema`) are loaded (requests wait for it on
   * their own); rejects, naming the file and line, when a schema source cannot be read.
   */
  ready(): Promise<void>
  /**
   * Back to the start: the loaded fixture with the configured lifecycle delays and clock mode (and
   * `startState`, if given), or the state `markStart()` marked. It costs what changed since the
   * start, not its size.
   */
  reset(): Promise<void>
  /**
   * Makes the whole state as it is now the start `reset()` comes back to (records, environments,
   * recorded calls, faults, lifecycle delays, the clock's mode and instant): seed once, reset
   * before every test. Marks, unmarks and resets take effect in the order they are called.
   * @example
   * await mock.records(environment.id).insert('Account', manyAccounts)
   * await mock.markStart()
   */
  markStart(): Promise<void>
  /** Makes the loaded fixture (with `startState`, if given) the start again; the state itself does not change. */
  unmarkStart(): void
  /** The whole state as one versioned JSON document. */
  exportState(): StateDocument
  /** Replaces the whole state with a document from `exportState`; a bad one changes nothing. */
  importState(state: unknown): Promise<void>
  /** Read access to the stored management resources, for inspection in tests. */
  readonly workspaces: { get(id: string): Workspace | undefined; all(): Workspace[] }
  readonly apps: { get(id: string): App | undefined; all(): App[] }
  readonly versions: { get(id: string): Version | undefined; all(): Version[] }
  readonly members: { all(): Member[] }
  readonly apiKeys: { all(): ApiKey[] }
  /**
   * Environments and snapshots as the API shows them (due lifecycle transitions applied first).
   * @example const env = await mock.environments.get(id)
   */
  readonly environments: ReadAccess<Environment>
  readonly snapshots: ReadAccess<Snapshot>
  /** Audit events, oldest first. */
  readonly auditEvents: { all(): Promise<AuditEvent[]> }
  /**
   * Puts resources straight into a given state (no API checks, no audit events).
   * @example const env = await mock.seed.environment({ status: 'paused', apps: ['crm'] })
   */
  readonly seed: {
    environment(input?: SeedEnvironmentInput): Promise<Environment>
    snapshot(input: SeedSnapshotInput): Promise<Snapshot>
  }
  /**
   * The records of an environment's CRM app (what snapshots save and restore): seed, read, query.
   * Calls act as the app version's first actor at its newest API version unless told otherwise.
   * Throws when the environment or app does not exist, or its data was released (deleted, failed).
   * @example
   * const records = mock.records(env.id)
   * const id = records.create('Account', { Name: 'Acme' })
   * records.query("SELECT Id FROM Account WHERE Name = 'Acme'")
   */
  records(environmentId: string, appName?: string): RecordsAccess
  /**
   * The org's Apex REST endpoints: `use` adds routes for the current test, over the `apexRest`
   * option's (the same route replaces one); `reset()` drops them (docs/apex-rest.md).
   * @example mock.apexRest.use({ 'GET /orders/v1/:id': ({ params }) => ({ id: params.id }) })
   */
  readonly apexRest: { use(routes: ApexRestRoutes): void }
  /**
   * The org's invocable Apex actions: `use` adds actions for the current test; `reset()` drops them.
   * @example mock.invocableActions.use({ Echo: ({ inputs }) => inputs })
   */
  readonly invocableActions: { use(actions: InvocableActions): void }
  /**
   * Platform events an environment published (every live environment's without one), oldest
   * first, optionally of one event type (any case). Throws when the environment does not exist
   * or its data was released.
   * @example expect(mock.events(env.id, 'Order_Placed__e')).toHaveLength(1)
   */
  events(
    environmentId?: string,
    type?: string,
    options?: Omit<EventQuery, 'environmentId' | 'type'>,
  ): EnvironmentEvent[]
  /**
   * Calls the gateway recorded (what `GET /v1/requests/{id}` shows), for inspection.
   * @example const [last] = mock.requests.list(env.id)
   */
  readonly requests: RequestAccess
  /**
   * Queued faults: make the next environment start/resume or snapshot fail, or the next native
   * calls of an app answer 5xx or wait.
   * @example mock.faults.add({ kind: 'environment.start', code: 'start_failed' })
   * @example mock.faults.add({ kind: 'gateway.latency', app: 'crm', latencyMs: 200, times: 3 })
   */
  readonly faults: {
    add(fault: FaultInput): QueuedFault
    list(): QueuedFault[]
    clear(): void
  }
}

/** Makes the MSW handlers of a mock: catch-alls under `baseUrl` that call `fetch` (src/msw.ts). */
export type MswHandlersOf = (
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
) => RequestHandler[]

/**
 * The mock behind `createReplicaMock()` and the standalone server, over `runtime`
 * (`createRuntime(options)`).
 * @param outermost middleware the transport runs around the app (the server's request log)
 */
export function assembleReplicaMock(
  runtime: ReplicaRuntime,
  mswHandlers: MswHandlersOf,
  outermost: MiddlewareHandler<ReplicaEnv>[] = [],
): ReplicaMock {
  const app = createApp(runtime, outermost)
  const fetch = async (request: Request) => app.fetch(request)
  const { ctx } = runtime
  const { store } = ctx
  let handlers: RequestHandler[] | undefined
  return {
    [kInternals]: { runtime, app },
    // built on first read: the standalone server never reads them, so it never loads msw
    get handlers() {
      handlers ??= mswHandlers(runtime.baseUrl, fetch)
      return handlers
    },
    fetch,
    get baseUrl() {
      return runtime.baseUrl
    },
    clock: runtime.clock,
    get lifecycle() {
      return runtime.lifecycle
    },
    ready: () => runtime.ready,
    reset: () => runtime.reset(),
    markStart: () => runtime.markStart(),
    unmarkStart: () => runtime.unmarkStart(),
    exportState: () => runtime.exportState(),
    importState: (state) => runtime.importState(state),
    workspaces: readView(store.workspaces),
    apps: readView(store.apps),
    versions: readView(store.versions),
    members: readView(store.members),
    apiKeys: readView(store.apiKeys),
    environments: environmentAccess(ctx),
    snapshots: snapshotAccess(ctx),
    auditEvents: auditEventAccess(ctx),
    seed: {
      // after the fixture has loaded: loading it replaces whatever was seeded before
      environment: async (input = {}) => {
        await runtime.ready
        return seedEnvironment(ctx, input)
      },
      snapshot: async (input) => {
        await runtime.ready
        return seedSnapshot(ctx, input)
      },
    },
    records(environmentId, appName = 'crm') {
      const { app, view } = environmentApp(runtime, environmentId, appName)
      return createRecordsAccess(app, { actor: view.actor, apiVersion: String(view.apiVersion) })
    },
    apexRest: { use: (routes) => runtime.orgCode.use({ apexRest: routes }) },
    invocableActions: { use: (actions) => runtime.orgCode.use({ invocableActions: actions }) },
    events: (environmentId, type, options = {}) => listEvents(runtime, { ...options, environmentId, type }),
    requests: requestAccess(ctx),
    faults: {
      add(fault) {
        const parsed = Fault.safeParse(fault)
        if (!parsed.success) {
          throw new InputError(`[replica-mock] Failed to add fault: ${describeIssues(parsed.error.issues)}`)
        }
        return ctx.faults.add(parsed.data)
      },
      list: () => ctx.faults.list(),
      clear: () => ctx.faults.clear(),
    },
  }
}

function readView<T extends { id: string }>(collection: StoreCollection<T>) {
  return { get: (id: string) => collection.findById(id), all: () => collection.findMany() }
}
