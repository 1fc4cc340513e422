/**
 * jsforce's SOAP `conn.login` against the server's root, as a client with a fixed login host
 * sends it (no `/apps/{env}/{app}` prefix): the username and password find the environment app.
 */
import { Connection } from 'jsforce'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'
import { createCrmEnvironment } from '../support/standalone-crm.js'

let server: ReplicaServer

beforeAll(async () => {
  server = await createReplicaServer({ port: 0 })
})

afterAll(async () => {
  await server.close()
})

it('logs in at the root, queries, and refuses an unknown username like a wrong password', async () => {
  await createCrmEnvironment(server.url) // another environment with the same usernames
  const { credentials } = await createCrmEnvironment(server.url)
  const { parameters, secrets } = credentials.login!
  const conn = new Connection({ loginUrl: server.url, version: '60.0' })
  const userInfo = await conn.login(parameters.username!, secrets.password!)
  expect(userInfo.organizationId).toBe(credentials.token.split('!')[0])
  expect(conn.instanceUrl).toBe(server.url)
  const result = await conn.query<{ Name: string }>(
    "SELECT Name FROM Account WHERE Name = 'Acme Corporation'",
  )
  expect(result.records.map((record) => record.Name)).toEqual(['Acme Corporation'])

  const message = 'INVALID_LOGIN: Invalid username, password, security token; or user locked out.'
  const other = new Connection({ loginUrl: server.url })
  await expect(other.login('nobody@crm.replica.test', secrets.password!)).rejects.toThrow(message)
  await expect(other.login(parameters.username!, 'wrong')).rejects.toThrow(message)
})
