/**
 * The conformance-test fixtures. `transport` is injected per Vitest project (vitest.config.ts):
 * `msw` serves the mock through its exported MSW handlers in this process; `http` starts the
 * standalone server on an ephemeral 127.0.0.1 port. Either way each file gets one mock, reset
 * before every test, and a `client` that speaks HTTP to it.
 */
import { setupServer } from 'msw/node'
import { test as base } from 'vitest'
import { createReplicaMock, type ReplicaMock, type ReplicaMockOptions } from '../../src/index.js'
import { createReplicaServer } from '../../src/server/index.js'
import { type Client, createClient } from './client.js'

declare module 'vitest' {
  export interface ProvidedContext {
    transport: 'msw' | 'http'
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
    .extend<{ transport: 'msw' | 'http' }>({ transport: ['msw', { injected: true, scope: 'file' }] as never })
    .extend<{ harness: Harness }>({
      harness: [
        async ({ transport, mockOptions }: any, use: (value: Harness) => Promise<void>) => {
          if (transport === 'http') {
            const server = await createReplicaServer({ ...mockOptions, port: 0 })
            await use({ mock: server.mock, client: createClient(server.url) })
            await server.close()
          } else {
            const mock = createReplicaMock(mockOptions)
            const server = setupServer(...mock.handlers)
            server.listen({ onUnhandledRequest: 'error' })
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
