/**
 * @module
 * A client of a running replica over HTTP: the control API (`/__replica/*`) for reset, state,
 * clock, lifecycle, faults and seeding, and the management API (`/v1`) for inspection. It works
 * whichever process runs the replica: a Playwright worker, a `webServer`, another machine.
 */
import type {
  AuditEvent,
  Environment,
  EnvironmentEvent,
  FaultInput,
  Lifecycle,
  QueuedFault,
  SeedEnvironmentInput,
  SeedSnapshotInput,
  Snapshot,
  StateDocument,
} from '../../src/index.js'

export interface ReplicaControlOptions {
  /** Origin of the replica, e.g. `http://127.0.0.1:4010`. */
  url: string
  /** API key for inspection through `/v1`. @default 'test-api-key' */
  apiKey?: string
  /** The server's `--admin-token`, when it has one. */
  adminToken?: string
}

export interface ReplicaControl {
  readonly url: string
  readonly apiKey: string
  /** Back to the start: the loaded fixture (default lifecycle delays and clock mode), or the marked one. */
  reset(): Promise<void>
  /** Makes the replica's whole state as it is now the start `reset()` comes back to. */
  markStart(): Promise<void>
  /** Makes the loaded fixture the start again; the state itself does not change. */
  unmarkStart(): Promise<void>
  exportState(): Promise<StateDocument>
  importState(state: unknown): Promise<void>
  /** Starts the test from a saved state (`exportState()` or a Vitest forensics bundle). */
  use(state: unknown): Promise<void>
  readonly clock: {
    now(): Promise<Date>
    advance(ms: number): Promise<Date>
    set(date: Date | string | number): Promise<Date>
    /** Stops time at the current instant (manual mode). */
    freeze(): Promise<Date>
    setMode(mode: 'real' | 'manual'): Promise<Date>
  }
  readonly lifecycle: {
    get(): Promise<Lifecycle>
    set(delays: Partial<Lifecycle>): Promise<Lifecycle>
  }
  readonly faults: {
    add(fault: FaultInput): Promise<QueuedFault>
    list(): Promise<QueuedFault[]>
    clear(): Promise<void>
  }
  /** Puts resources straight into a given state (no API checks, no audit events). */
  readonly seed: {
    environment(input?: SeedEnvironmentInput): Promise<Environment>
    snapshot(input: SeedSnapshotInput): Promise<Snapshot>
  }
  /** The API key's environments, newest first (first page of 100). */
  environments(): Promise<Environment[]>
  environment(id: string): Promise<Environment | undefined>
  /** Audit events visible to the API key, newest first (first page of 100). */
  auditEvents(): Promise<AuditEvent[]>
  /** Recorded gateway calls of an environment, newest first (first page of 100). */
  requests(environmentId: string): Promise<unknown[]>
  /**
   * Platform events an environment published, oldest first, optionally of one type
   * (`GET /__replica/environments/{id}/events`).
   * @example expect(await replica.events(env.id, 'Order_Placed__e')).toHaveLength(1)
   */
  events(environmentId: string, type?: string): Promise<EnvironmentEvent[]>
}

/**
 * @example
 * const replica = createReplicaControl({ url: 'http://127.0.0.1:4010' })
 * await replica.reset()
 * const env = await replica.seed.environment({ status: 'paused' })
 */
export function createReplicaControl(options: ReplicaControlOptions): ReplicaControl {
  const url = options.url.replace(/\/+$/, '')
  const apiKey = options.apiKey ?? 'test-api-key'

  const call = async <T>(method: string, path: string, body?: unknown, token = options.adminToken) => {
    const headers: Record<string, string> = {}
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) {
      const error = new Error(
        `[replica-mock] Failed to ${method} ${path}: ${response.status} ${text.slice(0, 500)}`,
      ) as Error & { status: number }
      error.status = response.status
      throw error
    }
    return (text ? JSON.parse(text) : undefined) as T
  }
  const control = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, `/__replica${path}`, body)
  const management = <T>(path: string) => call<T>('GET', `/v1${path}`, undefined, apiKey)
  const clock = async (command: unknown) =>
    new Date((await control<{ now: string }>('POST', '/clock', command)).now)
  const importState = async (state: unknown) => {
    await control('PUT', '/state', state)
  }

  return {
    url,
    apiKey,
    reset: async () => {
      await control('POST', '/reset')
    },
    markStart: async () => {
      await control('POST', '/start')
    },
    unmarkStart: async () => {
      await control('DELETE', '/start')
    },
    exportState: () => control('GET', '/state'),
    importState,
    use: (state) => importState(isForensics(state) ? state.state : state),
    clock: {
      now: async () => new Date((await control<{ now: string }>('GET', '/clock')).now),
      advance: (ms) => clock({ advanceMs: ms }),
      set: (date) => clock({ set: new Date(date).toISOString() }),
      freeze: () => clock({ mode: 'manual' }),
      setMode: (mode) => clock({ mode }),
    },
    lifecycle: {
      get: () => control('GET', '/lifecycle'),
      set: (delays) => control('PUT', '/lifecycle', delays),
    },
    faults: {
      add: (fault) => control('POST', '/faults', fault),
      list: async () => (await control<{ data: QueuedFault[] }>('GET', '/faults')).data,
      clear: async () => {
        await control('DELETE', '/faults')
      },
    },
    seed: {
      environment: (input = {}) => control('POST', '/seed/environment', input),
      snapshot: (input) => control('POST', '/seed/snapshot', input),
    },
    environments: async () => (await management<{ data: Environment[] }>('/environments?limit=100')).data,
    async environment(id) {
      try {
        return await management<Environment>(`/environments/${encodeURIComponent(id)}`)
      } catch (error) {
        if ((error as { status?: number }).status === 404) return undefined
        throw error
      }
    },
    auditEvents: async () => (await management<{ data: AuditEvent[] }>('/audit-events?limit=100')).data,
    events: async (environmentId, type) => {
      const query = type === undefined ? '' : `?type=${encodeURIComponent(type)}`
      const path = `/environments/${encodeURIComponent(environmentId)}/events${query}`
      return (await control<{ data: EnvironmentEvent[] }>('GET', path)).data
    },
    requests: async (environmentId) =>
      (
        await management<{ data: unknown[] }>(
          `/requests?limit=100&environmentId=${encodeURIComponent(environmentId)}`,
        )
      ).data,
  }
}

function isForensics(value: unknown): value is { state: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { format?: unknown }).format === 'replica-mock/forensics'
  )
}
