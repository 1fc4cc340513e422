/**
 * A jsforce `Connection` to a fresh environment's CRM app for every test, against one standalone
 * server per file, made over the management API exactly as a user's app would: environment, then
 * credentials, then `new Connection({ instanceUrl, accessToken })`.
 */
import { Connection } from 'jsforce'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { Credentials, Environment } from '../../src/schemas/index.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'

export interface JsforceContext {
  server: ReplicaServer
  environment: Environment
  conn: Connection
}

/** Registers the hooks; the returned object holds the current test's server, environment and connection. */
export function useJsforce(setup: (conn: Connection) => void = () => undefined): JsforceContext {
  const context = {} as JsforceContext
  const management = async (path: string, body: unknown) => {
    const response = await fetch(context.server.url + path, {
      method: 'POST',
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`Failed to POST ${path}: ${response.status} ${JSON.stringify(json)}`)
    return json
  }
  beforeAll(async () => {
    context.server = await createReplicaServer({ port: 0 })
  })
  afterAll(async () => {
    await context.server.close()
  })
  beforeEach(async () => {
    await context.server.mock.reset()
    context.environment = Environment.parse(await management('/v1/environments', { apps: ['crm'] }))
    const credentials = Credentials.parse(
      await management(`/v1/environments/${context.environment.id}/apps/crm/credentials`, {}),
    )
    context.conn = new Connection({
      instanceUrl: credentials.url,
      accessToken: credentials.token,
      version: '60.0',
    })
    setup(context.conn)
  })
  return context
}
