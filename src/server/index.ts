/**
 * @module replica-mock/server
 * The standalone server, for tests that need a real HTTP endpoint.
 */
export { createReplicaServer } from './create-replica-server.js'
export type { ReplicaServer, ReplicaServerOptions } from './create-server.js'
export type { AccessLogEntry, AccessLogFormat, AccessLogOptions } from './access-log.js'
