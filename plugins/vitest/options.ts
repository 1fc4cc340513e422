/**
 * @module
 * Options of the `replicaMock()` Vitest plugin: the mock's own options (same names as
 * `createReplicaMock` and the server) plus how the plugin serves it. They travel from the config
 * process to the workers through `provide`/`inject`, so they must stay plain JSON.
 */
import type { ReplicaMockOptions } from '../../src/index.js'
import type { UnhandledRequestStrategy } from '../../src/msw.js'
import type { FidelityReportOptions } from './fidelity.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the `replicaMock()` plugin for its setup file. */
    'replica-mock': ResolvedPluginOptions
  }
}

export type { UnhandledRequestStrategy }

export interface ReplicaPluginOptions
  extends Omit<
    ReplicaMockOptions,
    | 'fixture'
    | 'startState'
    | 'fidelity'
    | 'schema'
    | 'data'
    | 'onSchemaProgress'
    | 'apex'
    | 'apexRest'
    | 'invocableActions'
  > {
  /**
   * The org's own code for every test: an ES module exporting `apexRest` and/or
   * `invocableActions` (a relative path resolves against the project root), loaded in each worker.
   * Functions cannot travel from the config to the workers, so in-code routes go per test with
   * `replica.apexRest.use(...)` (docs/apex-rest.md).
   * @default none
   * @example replicaMock({ schema: './force-app', apex: './test/apex-handlers.mjs' })
   */
  apex?: string
  /**
   * The user's org schema for every published version of the fixture's `crm` app: paths (relative
   * paths resolve against the project root) and schema documents, merged in order
   * (docs/org-schema.md). A source that cannot be read fails every test file of the project.
   * @default none: the built-in demo schema
   * @example replicaMock({ schema: './force-app', schemaStrict: true })
   */
  schema?: ReplicaMockOptions['schema']
  /** Seed data sources for the same versions (relative paths resolve against the project root). */
  data?: ReplicaMockOptions['data']
  /**
   * The data the mock starts and resets to: a fixture object or the path of a JSON file
   * (relative paths resolve against the project root).
   * @default the built-in default fixture
   */
  fixture?: string | Record<string, unknown>
  /**
   * The state every test starts from, on top of the fixture: a state document (`exportState()`)
   * or the path of a JSON file holding one (relative paths resolve against the project root).
   * Resets before each test cost what the test changed, however many records it holds.
   * @default none: the fixture is the start
   * @example replicaMock({ startState: './test/start-state.json' })
   */
  startState?: string | Record<string, unknown>
  /**
   * `'msw'`: every worker answers `baseUrl` in-process through MSW's `setupServer`.
   * `'server'`: every worker also starts a standalone server on a free 127.0.0.1 port and puts its
   * URL and API key in `process.env.REPLICA_MOCK_URL` / `REPLICA_MOCK_API_KEY`, for code that
   * spawns child processes.
   * @default 'msw'
   * @example replicaMock({ mode: 'server' })
   */
  mode?: 'msw' | 'server'
  /**
   * Server mode only: serve over https with the local CA (`replica-mock serve --https`), kept in
   * `tlsDir` (default `$XDG_CACHE_HOME` or `~/.cache`, then `/replica-mock/tls`). Child processes
   * get the CA file in `REPLICA_MOCK_CA_FILE` and, unless already set, `NODE_EXTRA_CA_CERTS`;
   * code in the test process that calls the server itself trusts that file its own way.
   * @default false
   * @example replicaMock({ mode: 'server', https: true })
   */
  https?: boolean | { tlsDir?: string }
  /**
   * What MSW does with a request no handler answers (a typo'd URL, an unmocked host).
   * @default 'error'
   */
  onUnhandledRequest?: UnhandledRequestStrategy
  /**
   * `false` when the project already has its own `setupServer`: the plugin then starts none, and
   * you add `handlers` from `replica-mock/vitest` to yours (isolation and fixtures still work).
   * @default true
   */
  setupServer?: boolean
  /**
   * Mode of the mock clock inside a test that uses the `replica` fixture: `'manual'` freezes it at
   * the test's start until the test advances it; `'real'` lets it run.
   * @default 'manual'
   */
  fixtureClock?: 'manual' | 'real'
  /**
   * The fidelity report at the end of the run: which management operations, native endpoints,
   * SOQL features and error codes the tests exercised, and every request for something the replica
   * does not emulate, with the test that sent it. `false` counts nothing and prints nothing;
   * `{ json: 'path' }` also writes the report as JSON; `{ table: false }` prints no table.
   * @default true (the table is printed)
   * @example replicaMock({ fidelity: { json: 'reports/replica-fidelity.json' } })
   */
  fidelity?: boolean | FidelityReportOptions
}

/** The options as the workers receive them. */
export interface ResolvedPluginOptions {
  mock: ReplicaMockOptions
  mode: 'msw' | 'server'
  /** Server mode over https: `false`, or where the local CA is kept (`undefined`: the default directory). */
  https: false | { tlsDir?: string }
  onUnhandledRequest: UnhandledRequestStrategy
  setupServer: boolean
  fixtureClock: 'manual' | 'real'
  /** How the report is given; false when fidelity is off. */
  fidelity: FidelityReportOptions | false
}

const MODES = ['msw', 'server'] as const
const STRATEGIES = ['error', 'warn', 'bypass'] as const
const CLOCKS = ['manual', 'real'] as const

export function resolvePluginOptions(options: ReplicaPluginOptions = {}): ResolvedPluginOptions {
  const {
    mode = 'msw',
    onUnhandledRequest = 'error',
    setupServer = true,
    fixtureClock = 'manual',
    fidelity = true,
    https = false,
    ...rest
  } = options
  oneOf('mode', mode, MODES)
  oneOf('onUnhandledRequest', onUnhandledRequest, STRATEGIES)
  oneOf('fixtureClock', fixtureClock, CLOCKS)
  if (typeof setupServer !== 'boolean') {
    throw new TypeError(`[replica-mock] Failed to configure the Vitest plugin: setupServer must be a boolean`)
  }
  if (typeof fidelity !== 'boolean' && (typeof fidelity !== 'object' || fidelity === null)) {
    throw new TypeError(
      `[replica-mock] Failed to configure the Vitest plugin: fidelity must be a boolean or { json?, table? }`,
    )
  }
  if (typeof https !== 'boolean' && (typeof https !== 'object' || https === null)) {
    throw new TypeError(
      `[replica-mock] Failed to configure the Vitest plugin: https must be a boolean or { tlsDir? }`,
    )
  }
  if (https !== false && mode !== 'server') {
    throw new TypeError(`[replica-mock] Failed to configure the Vitest plugin: https needs mode 'server'`)
  }
  const report = fidelity === true ? {} : fidelity
  const mock = { ...rest, fidelity: report !== false }
  const tls = https === true ? {} : https
  return { mock, mode, https: tls, onUnhandledRequest, setupServer, fixtureClock, fidelity: report }
}

function oneOf(name: string, value: unknown, allowed: readonly string[]): void {
  if (!allowed.includes(value as string)) {
    throw new TypeError(
      `[replica-mock] Failed to configure the Vitest plugin: ${name} is ${JSON.stringify(value)}; allowed: ${allowed.map((v) => `'${v}'`).join(', ')}`,
    )
  }
}
