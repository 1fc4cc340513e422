/**
 * A jsforce session for stock-client tests: the standalone server for the file, and before each
 * test a reset, a new environment and credentials made over the management API, and a jsforce
 * `Connection` to its CRM app, exactly as a user's app would connect.
 */
import { Connection } from 'jsforce'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { Credentials, Environment } from '../../src/schemas/index.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'

export interface JsforceSession {
  readonly server: ReplicaServer
  readonly environment: Environment
  readonly conn: Connection
}

/** Registers the hooks; read the fields inside tests. */
/** `setup` runs on each new connection (e.g. to set bulk2 polling options). */
export function useJsforceSession(setup: (conn: Connection) => void = () => undefined): JsforceSession {
  const session = {} as { server: ReplicaServer; environment: Environment; conn: Connection }
  const management = async (path: string, body: unknown) => {
    const response = await fetch(session.server.url + path, {
      method: 'POST',
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`Failed to POST ${path}: ${response.status} ${JSON.stringify(json)}`)
    return json
  }
  beforeAll(async () => {
    session.server = await createReplicaServer({ port: 0 })
  })
  afterAll(async () => {
    await session.server.close()
  })
  beforeEach(async () => {
    await session.server.mock.reset()
    session.environment = Environment.parse(await management('/v1/environments', { apps: ['crm'] }))
    const credentials = Credentials.parse(
      await management(`/v1/environments/${session.environment.id}/apps/crm/credentials`, {}),
    )
    session.conn = new Connection({
      instanceUrl: credentials.url,
      accessToken: credentials.token,
      version: '60.0',
    })
    setup(session.conn)
  })
  return session
}
