/**
 * A jsforce session for stock-client tests: the standalone server for the file, and before each
 * test a reset, a new environment and credentials made over the management API, and a jsforce
 * `Connection` to its CRM app, exactly as a user's app would connect.
 */
import { Connection } from 'jsforce'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Environment } from '../../src/schemas/index.js'
import { createCrmEnvironment } from './standalone-crm.js'
import { createReplicaServer, type ReplicaServer, type ReplicaServerOptions } from '../../src/server/index.js'

export interface JsforceSession {
  readonly server: ReplicaServer
  readonly environment: Environment
  readonly conn: Connection
}

/** Registers the hooks; read the fields inside tests. */
/**
 * `setup` runs on each new connection (e.g. to set bulk2 polling options); `serverOptions` start
 * the server (e.g. with a user's org schema).
 */
export function useJsforceSession(
  setup: (conn: Connection) => void = () => undefined,
  serverOptions: Omit<ReplicaServerOptions, 'port'> = {},
): JsforceSession {
  const session = {} as { server: ReplicaServer; environment: Environment; conn: Connection }
  beforeAll(async () => {
    session.server = await createReplicaServer({ ...serverOptions, port: 0 })
  })
  afterAll(async () => {
    await session.server.close()
  })
  beforeEach(async () => {
    await session.server.mock.reset()
    const { environment, credentials } = await createCrmEnvironment(session.server.url)
    session.environment = environment
    session.conn = new Connection({
      instanceUrl: credentials.url,
      accessToken: credentials.token,
      version: '60.0',
    })
    setup(session.conn)
  })
  return session
}
