/**
 * @module
 * A mock's whole runtime: options, clock, store, loaded fixture, lifecycle delays, and the
 * operations behind the control API (reset, export, import). One per `createReplicaMock`;
 * nothing here is module-level, so two mocks in one process share nothing.
 */
import type { Fixture } from '../fixtures/fixture-schema.js'
import { loadFixture, MAX_ISSUES } from '../fixtures/load-fixture.js'
import type { ManagementContext } from '../management/context.js'
import { DueQueue } from '../management/due-queue.js'
import { type AppsOf, createEnvironmentData, type EnvironmentData } from '../management/environment-data.js'
import { invalidRequest } from '../management/errors.js'
import { createFaultQueue } from '../management/faults.js'
import { rebuildSchedule } from '../management/lifecycle.js'
import { KnownSecrets } from '../calls/known-secrets.js'
import { createRecordedCalls } from '../calls/recorded-calls.js'
import { UsageTally } from '../calls/usage-tally.js'
import { redactText } from '../calls/redaction.js'
import { OrgCode } from '../replica/apex/org-code.js'
import { type CrmData, type CrmDataSets, createCrmDataSets } from '../replica/crm-data.js'
import { describeIssues } from '../schemas/describe-issues.js'
import { type Clock, createClock } from '../store/clock.js'
import { organizationIdOf } from '../store/salesforce-ids.js'
import { createStore, type StoreContent } from '../store/store.js'
import { importApexModule } from './apex-module.js'
import { Lifecycle, ReplicaMockOptions, type ResolvedOptions } from './options.js'
import { loadStartState, STATE_FORMAT, STATE_VERSION, StateDocument } from './state-document.js'
import { learnSecrets, retireReleasedCalls } from './derived-state.js'
import { backToStart, fixtureStart, markStart, type RuntimeStart } from './runtime-start.js'
import { forwardEnvironmentData, type StateObserver } from './state-observer.js'
import { builtInSchemas, loadVersionSchemas, type VersionSchemas } from './version-schemas.js'

export interface ReplicaRuntime {
  readonly options: ResolvedOptions
  readonly ctx: ManagementContext
  readonly clock: Clock
  /** Lifecycle delays in force (reset restores the configured ones). */
  lifecycle: Lifecycle
  /** Origin of the management API and app URLs; a standalone server sets it once it listens. */
  baseUrl: string
  /**
   * `host:port` values a standalone server is reached by (set once it listens); `null` when it is
   * bound to every interface. In-process only the `baseUrl` host reaches the mock.
   */
  listenHosts: readonly string[] | null
  /** The local CA's certificate (PEM) a standalone `--https` server presents certificates of; else `null`. */
  caCertificatePem: string | null
  /**
   * The org each app version serves: its CRM apps (metadata shared by its environments, and the
   * factory of live apps) and the load report. The built-in schema for every version until the
   * schemas are loaded (first on the `ready` chain).
   */
  schemas: VersionSchemas
  /** Each environment's live apps (the same object as `ctx.environmentData`, typed). */
  readonly apps: EnvironmentData<CrmData>
  /** The org's own code the CRM apps serve (Apex REST, invocable actions); `reset()` drops a test's. */
  readonly orgCode: OrgCode
  /** Settles once the store holds its data; every request waits for it. */
  ready: Promise<void>
  /** Back to the start: the loaded fixture (and `startState`), or the state `markStart()` marked. */
  reset(): Promise<void>
  /** Makes the state as it is now the start `reset()` comes back to. */
  markStart(): Promise<void>
  /** Makes the loaded fixture (and `startState`) the start again; the state itself does not change. */
  unmarkStart(): void
  exportState(): StateDocument
  importState(document: unknown): Promise<void>
  /**
   * Reports every committed change of the state to `observer` from now on (the standalone
   * server's journal); reset and import report `replaced()` once done.
   */
  observe(observer: StateObserver | undefined): void
}

export function createRuntime(input: ReplicaMockOptions = {}): ReplicaRuntime {
  const parsed = ReplicaMockOptions.safeParse(input)
  if (!parsed.success) {
    throw new TypeError(
      `[replica-mock] Failed to create the mock: ${describeIssues(parsed.error.issues, MAX_ISSUES)}`,
    )
  }
  const options = parsed.data
  const fixture = loadFixture(options.fixture)
  const startState = options.startState === undefined ? undefined : loadStartState(options.startState)
  const clock = createClock(options.clock)
  const orgCode = new OrgCode({
    apexRest: options.apexRest,
    invocableActions: options.invocableActions,
    timeoutMs: options.apexTimeoutMs,
  })
  const store = createStore()
  const configuredLifecycle = Lifecycle.parse(options.lifecycle)
  const crmOptions = {
    clock,
    queryBudget: { timeoutMs: options.queryTimeoutMs, maxRows: options.queryMaxRows },
    maxPlatformEvents: options.maxPlatformEvents,
  }
  // built on first use: parsing the built-in schema is a start cost a mock whose tests never reach
  // a CRM app need not pay
  let builtInCrm: CrmDataSets | undefined
  const builtInCrmData = (): CrmDataSets => {
    builtInCrm ??= createCrmDataSets(crmOptions)
    return builtInCrm
  }
  const appsOf = appsOfStore(store)
  // every catalog app is of type `replica`: each is a CRM replica (appId names its catalog entry only)
  // on its version's schema
  const apps = createEnvironmentData<CrmData>({
    create: (app, content, environmentId) =>
      runtime.schemas
        .appsOf(app.versionId)
        .open(content, { organizationId: environmentId && organizationIdOf(environmentId) }),
    appsOf,
    observer: forwardEnvironmentData(() => observer),
  })
  let observer: StateObserver | undefined
  const secrets = new KnownSecrets()
  const ctx: ManagementContext = {
    store,
    clock,
    lifecycle: () => runtime.lifecycle,
    baseUrl: () => runtime.baseUrl,
    faults: createFaultQueue(),
    environmentData: apps,
    due: new DueQueue(),
    recordedCalls: createRecordedCalls({
      capacity: options.maxRecordedCalls,
      totalKeptBodiesBudget: options.maxRecordedBodyBytes,
      secrets,
      now: () => clock.nowMs(),
    }),
    secrets,
    retention: { recordedCallsMs: options.recordedCallsRetentionMs, idempotencyMs: options.idempotencyTtlMs },
    // kept across resets: it counts the whole run
    usage: options.fidelity ? new UsageTally((text) => redactText(text, secrets.allList())) : undefined,
    parsedSnapshots: new WeakMap(),
  }

  const runtime: ReplicaRuntime = {
    options,
    clock,
    ctx,
    lifecycle: { ...configuredLifecycle },
    baseUrl: options.baseUrl,
    listenHosts: [],
    caCertificatePem: null,
    schemas: builtInSchemas(builtInCrmData, fixture.versions),
    apps,
    orgCode,
    ready: Promise.resolve(),
    reset() {
      runtime.ready = runtime.ready.then(() => {
        orgCode.clearTestCode()
        return backToStart(runtime, start)
      })
      return runtime.ready.then(() => observer?.replaced())
    },
    markStart() {
      // on the same chain as reset(): a mark and a reset take effect in the order they were called
      runtime.ready = runtime.ready.then(async () => {
        start = await markStart(runtime)
      })
      return runtime.ready
    },
    unmarkStart() {
      runtime.ready = runtime.ready.then(() => {
        start = loaded
      })
    },
    exportState: () => exportRuntimeState(runtime),
    importState: (document) => importRuntimeState(runtime, document, appsOf).then(() => observer?.replaced()),
    observe(next) {
      observer = next
      store.observe(next?.collection)
    },
  }
  // the fixture (and start state) loaded: the start until `markStart()`, and after `unmarkStart()`
  let loaded: RuntimeStart
  let start: RuntimeStart
  const schemaSources = {
    schema: options.schema,
    data: options.data,
    strict: options.schemaStrict,
    namespace: options.schemaNamespace,
    onProgress: options.onSchemaProgress,
  }
  const loadSchemas = async () => {
    runtime.schemas = await loadVersionSchemas(fixture.versions, schemaSources, crmOptions, builtInCrmData)
  }
  const apexModule = options.apex
  runtime.ready = loadSchemas()
    .then(async () => {
      if (apexModule !== undefined) orgCode.loadModule(await importApexModule(apexModule))
    })
    .then(() => store.restore(fixtureContent(fixture)))
    .then(async () => {
      loaded = await fixtureStart(runtime, configuredLifecycle)
      start = loaded
      await backToStart(runtime, start)
      if (startState) {
        await importRuntimeState(runtime, startState, appsOf)
        loaded = await markStart(runtime)
        start = loaded
      }
    })
  // a failed start surfaces through `ready()` and every request (503), not as an unhandled rejection
  runtime.ready.catch(() => {})
  return runtime
}

function exportRuntimeState(runtime: ReplicaRuntime): StateDocument {
  const { ctx, clock } = runtime
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    clock: { mode: clock.mode, now: clock.now().toISOString() },
    lifecycle: { ...runtime.lifecycle },
    store: ctx.store.serialise(),
    environmentData: ctx.environmentData.exportAll(),
    faults: ctx.faults.list(),
    requests: ctx.recordedCalls.exportAll(),
  }
}

/** Replaces the whole state with a checked document; a bad one leaves the state as it was. */
async function importRuntimeState(runtime: ReplicaRuntime, document: unknown, appsOf: AppsOf): Promise<void> {
  const { ctx, clock } = runtime
  const result = StateDocument.safeParse(document)
  if (!result.success) {
    throw invalidRequest(`Failed to import state: ${describeIssues(result.error.issues, MAX_ISSUES)}`)
  }
  const state = result.data
  const previous = ctx.store.serialise()
  try {
    await ctx.store.restore(state.store)
  } catch (error) {
    throw invalidRequest(`Failed to import state: ${(error as Error).message}`)
  }
  let installData: () => void
  try {
    // app data is checked against the imported environments; a bad one puts the store back
    installData = runtime.apps.prepareImport(state.environmentData, appsOf)
  } catch (error) {
    await ctx.store.restore(previous)
    throw invalidRequest(
      `Failed to import state: ${(error as Error).message.replace(/^\[replica-mock\] /, '')}`,
    )
  }
  installData()
  ctx.faults.restore(state.faults)
  learnSecrets(ctx, runtime.options.adminToken)
  ctx.recordedCalls.importAll(state.requests)
  retireReleasedCalls(ctx)
  rebuildSchedule(ctx)
  runtime.lifecycle = { ...state.lifecycle }
  clock.setMode(state.clock.mode)
  clock.set(state.clock.now)
}

/** The apps of environments whose data is held (not deleted or failed), from the live store. */
function appsOfStore(store: ReturnType<typeof createStore>): AppsOf {
  return (environmentId) => {
    const environment = store.environments.findById(environmentId)
    const released = !environment || environment.status === 'deleted' || environment.status === 'failed'
    return released ? undefined : environment.apps
  }
}

function fixtureContent(fixture: Fixture): StoreContent {
  return {
    tenancy: { organization: fixture.organization, limits: fixture.limits },
    collections: {
      workspaces: fixture.workspaces,
      apps: fixture.apps,
      // the API's Version resource: a version's schema and data sources are the runtime's
      versions: fixture.versions.map(({ schema: _schema, data: _data, ...version }) => version),
      members: fixture.members,
      apiKeys: fixture.apiKeys,
      environments: [],
      snapshots: [],
      snapshotContents: [],
      auditEvents: [],
      credentials: [],
      appSessions: [],
      idempotencyRecords: [],
    },
  }
}
