/**
 * @module
 * Playwright fixtures: a standalone replica per worker (`replicaServer`), a control client reset
 * before every test (`replica`), and opt-in routing of the browser's calls to a fixed base URL
 * through the same app (`replicaNetwork`, with `@msw/playwright`).
 */
import { test as base } from '@playwright/test'
import { http } from 'msw'
import type { ReplicaMock } from '../../src/index.js'
import { createReplicaServer, type ReplicaServerOptions } from '../../src/server/index.js'
import { createReplicaControl, type ReplicaControl } from './control-client.js'

/** Options, set in `use` of playwright.config.ts (`defineConfig<ReplicaOptions>`) or per project. */
export type ReplicaOptions = ReplicaWorkerOptions & ReplicaTestOptions

/** Options of the worker's replica (worker-scoped: set them per project, not per test). */
export interface ReplicaWorkerOptions {
  /**
   * Options of the worker's replica: the same as `createReplicaServer` (`fixture`, `clock`,
   * `lifecycle`, `adminToken`, `https`, ...). `port` and `host` are the worker's own. With
   * `https` (`true` or `{ tlsDir }`) the replica serves over TLS with its local CA, the pages
   * ignore HTTPS errors (`ignoreHTTPSErrors` is on: Chromium cannot be handed the CA), and the
   * control client talks to a plain listener beside it on loopback (the same app and state).
   * @default {}
   * @example use: { replicaOptions: { https: true } }
   */
  replicaOptions: Omit<ReplicaServerOptions, 'port' | 'onRequest' | 'httpPort'>
  /**
   * URL of a replica that runs elsewhere (e.g. started by `webServer`); the worker then starts
   * none and `replica` controls that one. Workers share it: run such projects with `workers: 1`.
   * @default process.env.REPLICA_MOCK_URL
   * @example use: { replicaUrl: 'http://127.0.0.1:4010' }
   */
  replicaUrl: string | undefined
  /** API key for that replica's `/v1`. @default process.env.REPLICA_MOCK_API_KEY ?? 'test-api-key' */
  replicaApiKey: string | undefined
}

/** Options of `replicaNetwork` (also per file with `test.use`). */
export interface ReplicaTestOptions {
  /**
   * The fixed URL a front end calls, answered by `replicaNetwork` through the worker's replica.
   * @default 'https://api.replica.test'
   */
  replicaBaseUrl: string
  /**
   * What `replicaNetwork` does with the page's other requests (its own HTML, scripts, other APIs).
   * @default 'bypass'
   */
  replicaOnUnhandledRequest: 'bypass' | 'warn' | 'error'
}

export interface ReplicaServerInfo {
  /** `http://127.0.0.1:PORT` (`https://` with `replicaOptions.https`). */
  readonly url: string
  /** Where the control client calls: `url`, or with https the plain listener beside it. */
  readonly controlUrl: string
  /** A workspace API key of its fixture (`test-api-key` in the default one). */
  readonly apiKey: string
  /** The replica itself when this worker runs it (undefined for `replicaUrl`). */
  readonly mock: ReplicaMock | undefined
}

export interface ReplicaWorkerFixtures {
  /** The worker's replica: a standalone server on an ephemeral 127.0.0.1 port, stopped at worker end. */
  replicaServer: ReplicaServerInfo
}

export interface ReplicaNetwork {
  /** The URL whose calls are answered by the replica. */
  readonly baseUrl: string
}

export interface ReplicaTestFixtures {
  /** Control client of the worker's replica, reset before the test. */
  replica: ReplicaControl
  /** Opt-in: the page's calls to `replicaBaseUrl` are answered by the worker's replica. */
  replicaNetwork: ReplicaNetwork
}

export const test = base.extend<
  ReplicaTestFixtures & ReplicaTestOptions,
  ReplicaWorkerFixtures & ReplicaWorkerOptions
>({
  replicaOptions: [{}, { option: true, scope: 'worker' }],
  // the pages cannot be handed the local CA (Chromium reads its own store)
  ignoreHTTPSErrors: async ({ ignoreHTTPSErrors, replicaOptions }, use) =>
    use(ignoreHTTPSErrors || Boolean(replicaOptions.https)),
  replicaUrl: [process.env.REPLICA_MOCK_URL, { option: true, scope: 'worker' }],
  replicaApiKey: [process.env.REPLICA_MOCK_API_KEY, { option: true, scope: 'worker' }],
  replicaBaseUrl: ['https://api.replica.test', { option: true }],
  replicaOnUnhandledRequest: ['bypass', { option: true }],

  replicaServer: [
    async ({ replicaOptions, replicaUrl, replicaApiKey }, use) => {
      if (replicaUrl) {
        const url = replicaUrl.replace(/\/+$/, '')
        await use({ url, controlUrl: url, apiKey: replicaApiKey ?? 'test-api-key', mock: undefined })
        return
      }
      // this process's fetch does not trust the local CA: the control client uses a plain listener
      const httpPort = replicaOptions.https ? 0 : undefined
      const server = await createReplicaServer({ ...replicaOptions, port: 0, httpPort })
      const apiKey = replicaApiKey ?? server.mock.apiKeys.all()[0]?.token ?? 'test-api-key'
      await use({ url: server.url, controlUrl: server.httpUrl ?? server.url, apiKey, mock: server.mock })
      await server.close()
    },
    { scope: 'worker', timeout: 30_000, box: true },
  ],

  replica: async ({ replicaServer, replicaOptions }, use) => {
    const control = createReplicaControl({
      url: replicaServer.controlUrl,
      apiKey: replicaServer.apiKey,
      adminToken: replicaOptions.adminToken,
    })
    await control.reset()
    await use(control)
  },

  replicaNetwork: async (
    { context, replica, replicaServer, replicaBaseUrl, replicaOnUnhandledRequest },
    use,
  ) => {
    const { defineNetworkFixture } = await loadMswPlaywright()
    const baseUrl = replicaBaseUrl.replace(/\/+$/, '')
    const { mock } = replicaServer
    const network = defineNetworkFixture({
      context,
      onUnhandledRequest: replicaOnUnhandledRequest,
      handlers: [
        http.all(`${baseUrl}/*`, ({ request }) =>
          // the worker's own replica answers in-process; a remote one is called over HTTP
          mock ? mock.fetch(request) : forward(request, baseUrl, replica.url),
        ),
      ],
    })
    await network.enable()
    await use({ baseUrl })
    await network.disable()
  },
})

/**
 * `@msw/playwright`, loaded only when a test opts in, so projects without it (msw 3 ones: its 0.6
 * releases need msw 2) can use the rest.
 */
async function loadMswPlaywright(): Promise<typeof import('@msw/playwright')> {
  try {
    return await import('@msw/playwright')
  } catch (error) {
    throw new Error(
      `[replica-mock] Failed to start replicaNetwork: it needs @msw/playwright 0.6 (npm i -D @msw/playwright), which runs on msw 2 only: ${(error as Error).message}`,
    )
  }
}

async function forward(request: Request, from: string, to: string): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return fetch(to + request.url.slice(from.length), {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
  })
}
