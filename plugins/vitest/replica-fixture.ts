/**
 * @module
 * The `replica` test fixture: a thin view over the test's mock for seeding, inspection, time and
 * faults. Everything delegates to the `ReplicaMock`; nothing here re-implements the service.
 */
import type { ReplicaMock } from '../../src/index.js'
import { type ForensicsBundle, takeForensics, toStateDocument } from './forensics.js'
import type { RecordedCall, ReplicaSlot } from './worker-state.js'

export interface ReplicaFixture {
  /** The whole mock, for anything this view does not cover. */
  readonly mock: ReplicaMock
  /** Where the code under test should send requests (the mock's `baseUrl`, or the server URL in server mode). */
  readonly url: string
  /** A workspace API key of the fixture (`test-api-key` in the default one). */
  readonly apiKey: string
  /** The mock clock; frozen at the test's start unless the plugin's `fixtureClock` is `'real'`. */
  readonly clock: ReplicaMock['clock']
  /** Lifecycle delays in force; change them for this test (the next reset restores them). */
  readonly lifecycle: ReplicaMock['lifecycle']
  /**
   * Puts resources straight into a given state (no API checks, no audit events).
   * @example const env = await replica.seed.environment({ status: 'paused' })
   */
  readonly seed: ReplicaMock['seed']
  /** Queued faults: make the next start, resume or snapshot fail. */
  readonly faults: ReplicaMock['faults']
  readonly workspaces: ReplicaMock['workspaces']
  /** Environments as the API shows them now. */
  readonly environments: ReplicaMock['environments']
  readonly snapshots: ReplicaMock['snapshots']
  /** Audit events, oldest first (the mock was reset before the test, so these are the test's). */
  readonly auditEvents: ReplicaMock['auditEvents']
  /**
   * The records of an environment's CRM app: seed (`insert`, `create`), read, query.
   * @example replica.records(env.id).insert('Account', [{ Name: 'Acme' }])
   */
  records: ReplicaMock['records']
  /**
   * Platform events environments published (docs/apex-rest.md); `expect(replica).toHavePublished(...)` reads them.
   * @example replica.events(env.id, 'Order_Placed__e')
   */
  events: ReplicaMock['events']
  /** Apex REST routes for this test (`reset()` before the next drops them). */
  readonly apexRest: ReplicaMock['apexRest']
  /** Invocable actions for this test. */
  readonly invocableActions: ReplicaMock['invocableActions']
  /**
   * Calls the gateway recorded for an environment's apps (what `GET /v1/requests` lists).
   * @example replica.requests.list(env.id)
   */
  readonly requests: ReplicaMock['requests']
  /** HTTP calls the mock answered during this test, oldest first (what `toHaveRecordedCall` reads). */
  calls(): RecordedCall[]
  exportState: ReplicaMock['exportState']
  importState: ReplicaMock['importState']
  /**
   * Starts the test from a saved state: a state document (`exportState()`), a forensics bundle of
   * a failed test, or the path of a JSON file holding either.
   * @example await replica.use('.vitest-attachments/replica-forensics-….json')
   */
  use(state: unknown): Promise<void>
  /** What a failed test attaches to its report, taken now. */
  forensics(): Promise<ForensicsBundle>
}

export function createReplicaFixture(slot: ReplicaSlot, testName: string): ReplicaFixture {
  const { mock } = slot
  return {
    mock,
    url: slot.url,
    apiKey: slot.apiKey,
    clock: mock.clock,
    get lifecycle() {
      return mock.lifecycle
    },
    seed: mock.seed,
    faults: mock.faults,
    workspaces: mock.workspaces,
    environments: mock.environments,
    snapshots: mock.snapshots,
    auditEvents: mock.auditEvents,
    records: (environmentId, appName) => mock.records(environmentId, appName),
    events: (environmentId, type, options) => mock.events(environmentId, type, options),
    apexRest: mock.apexRest,
    invocableActions: mock.invocableActions,
    requests: mock.requests,
    calls: () => [...slot.calls],
    exportState: () => mock.exportState(),
    importState: (state) => mock.importState(state),
    use: (state) => mock.importState(toStateDocument(state)),
    forensics: () => takeForensics(slot, testName),
  }
}
