/**
 * @module
 * `createReplicaServer()`: the standalone server, whose `mock.handlers` are msw's.
 */
import { createMswHandlers } from '../msw.js'
import { type ReplicaServer, type ReplicaServerOptions, startReplicaServer } from './create-server.js'

/**
 * Starts a standalone server.
 * @example
 * const server = await createReplicaServer({ port: 0 })
 * await fetch(`${server.url}/v1/me`, { headers: { authorization: 'Bearer test-api-key' } })
 * await server.close()
 */
export function createReplicaServer(options: ReplicaServerOptions = {}): Promise<ReplicaServer> {
  return startReplicaServer(options, createMswHandlers)
}
