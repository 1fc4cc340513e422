/**
 * @module
 * `createReplicaMock()`: one in-memory Environment Management Service with its replica apps,
 * answering in-process through msw's handlers.
 */
import { type ReplicaMock, assembleReplicaMock } from './assemble-replica-mock.js'
import { createMswHandlers } from './msw.js'
import { createRuntime } from './runtime/create-runtime.js'
import type { ReplicaMockOptions } from './runtime/options.js'

export { kInternals } from './assemble-replica-mock.js'
export type { ReplicaMock, ReplicaMockInternals } from './assemble-replica-mock.js'

/**
 * Creates a mock of the service.
 * @example
 * const replica = createReplicaMock()
 * const server = setupServer(...replica.handlers)
 * server.listen()
 * await fetch('https://api.replica.test/v1/me', { headers: { authorization: 'Bearer test-api-key' } })
 */
export function createReplicaMock(options: ReplicaMockOptions = {}): ReplicaMock {
  return assembleReplicaMock(createRuntime(options), createMswHandlers)
}
