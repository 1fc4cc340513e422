/**
 * @module replica-mock/vitest
 * Vitest integration: the `replicaMock()` plugin for vitest.config.ts, a `test` with the `replica`
 * fixture, the worker's MSW `handlers` for projects with their own `setupServer`, and matchers.
 */
import { type TestAPI, type TestArtifactBase, test as base } from 'vitest'
import { createReplicaFixture, type ReplicaFixture } from './replica-fixture.js'
import type { EventMatchers } from './event-matchers.js'
import type { ReplicaMatchers } from './matchers.js'
import { getWorkerState } from './worker-state.js'

export { replicaMock } from './plugin.js'
export { handlers } from './worker-state.js'
export { expect } from 'vitest'
export type { ReplicaPluginOptions, UnhandledRequestStrategy } from './options.js'
export type { ReplicaFixture } from './replica-fixture.js'
export type { RecordedCall } from './worker-state.js'
export type { RecordedCallMatch, ReplicaMatchers } from './matchers.js'
export type { EventMatchers, PublishedEventOptions } from './event-matchers.js'
export { eventMatchers } from './event-matchers.js'
export type { ForensicsBundle } from './forensics.js'

declare global {
  namespace Chai {
    // `expect.extend` puts the matchers on chai's Assertion, whose members Vitest's `expect()`
    // carries over; Vitest's own `Matchers` takes other type parameters in 4 and 5 (decision 0051)
    interface Assertion extends ReplicaMatchers<void>, EventMatchers<void> {}
  }
}

declare module 'vitest' {
  interface TestArtifactRegistry {
    'replica-mock:forensics': TestArtifactBase & { type: 'replica-mock:forensics'; message: string }
  }
}

export interface ReplicaTestFixtures {
  /** The test's replica: seeding, inspection, clock, faults, state. */
  replica: ReplicaFixture
}

/**
 * Vitest's `test` with the `replica` fixture. The mock is reset before every test; a
 * `test.concurrent` test gets a mock of its own.
 * @example
 * test('creates an environment', async ({ replica }) => {
 *   const env = await replica.seed.environment({ status: 'running' })
 *   expect(env).toHaveStatus('running')
 * })
 */
export const test: TestAPI<ReplicaTestFixtures> = createReplicaTest()

export const it = test

function createReplicaTest(): TestAPI<ReplicaTestFixtures> {
  try {
    return base.extend<ReplicaTestFixtures>({
      replica: async ({ task }, use) => {
        const state = getWorkerState()
        const slot = await state.slotFor(task)
        slot.usedByFixture = true
        if (state.options.fixtureClock === 'manual') slot.mock.clock.freeze()
        await use(createReplicaFixture(slot, task.fullTestName ?? task.name))
      },
    })
  } catch (error) {
    // vitest.config.ts imports this module for `replicaMock()`, and no test runner runs there
    const fail = () => {
      throw new Error(
        `[replica-mock] Failed to use \`test\` from replica-mock/vitest outside a test file: ${(error as Error).message}`,
      )
    }
    return new Proxy(fail, { get: fail, apply: fail }) as unknown as TestAPI<ReplicaTestFixtures>
  }
}
