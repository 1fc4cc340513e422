/**
 * The conformance-test fixtures. `transport` is injected per Vitest project (vitest.config.ts):
 * `msw` serves the mock through its exported MSW handlers in this process; `http` starts the
 * standalone server on an ephemeral 127.0.0.1 port; `https` starts it with `https` and a local CA
 * of its own, which this process's `fetch` trusts. Either way each file gets one mock, reset
 * before every test, and a `client` that speaks HTTP to it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { test as base } from 'vitest'
import { createReplicaMock, type ReplicaMock, type ReplicaMockOptions } from '../../src/index.js'
import { listenOptions } from '../../src/msw.js'
import { createReplicaServer } from '../../src/server/index.js'
import { type Client, createClient } from './client.js'

export type Transport = 'msw' | 'http' | 'https'

declare module 'vitest' {
  export interface ProvidedContext {
    transport: Transport
  }
}

interface Harness {
  mock: ReplicaMock
  client: Client
}

export interface ConformanceFixtures {
  /** The mock behind the client (for seeding and inspection). */
  mock: ReplicaMock
  /** HTTP client bound to the mock's base URL. */
  client: Client
}

export function conformanceTest(options: ReplicaMockOptions = {}) {
  return base
    .extend<{ mockOptions: ReplicaMockOptions }>({ mockOptions: [options, { scope: 'file' }] as never })
    .extend<{ transport: Transport }>({ transport: ['msw', { injected: true, scope: 'file' }] as never })
    .extend<{ harness: Harness }>({
      harness: [
        async ({ transport, mockOptions }: any, use: (value: Harness) => Promise<void>) => {
          if (transport === 'https') {
            const tlsDir = await mkdtemp(join(tmpdir(), 'replica-mock-tls-'))
            const server = await createReplicaServer({ ...mockOptions, port: 0, https: { tlsDir } })
            const before: Dispatcher = getGlobalDispatcher()
            // trusts this server's CA the way a user's client would (never by turning checks off)
            setGlobalDispatcher(new Agent({ connect: { ca: server.localCa?.caCertPem } }))
            await use({ mock: server.mock, client: createClient(server.url) })
            setGlobalDispatcher(before)
            await server.close()
            await rm(tlsDir, { recursive: true, force: true })
          } else if (transport === 'http') {
            const server = await createReplicaServer({ ...mockOptions, port: 0 })
            await use({ mock: server.mock, client: createClient(server.url) })
            await server.close()
          } else {
            const mock = createReplicaMock(mockOptions)
            const server = setupServer(...mock.handlers)
            server.listen(listenOptions('error'))
            await use({ mock, client: createClient(mock.baseUrl) })
            server.close()
          }
        },
        { scope: 'file' },
      ] as never,
    })
    .extend<ConformanceFixtures>({
      mock: async ({ harness }, use) => {
        // a start an earlier test marked is its own: every test starts from the fixture
        harness.mock.unmarkStart()
        await harness.mock.reset()
        await use(harness.mock)
      },
      client: async ({ harness, mock }, use) => {
        void mock // resolves the reset first
        await use(harness.client)
      },
    })
}

export const test = conformanceTest()
export { expect, describe } from 'vitest'
