/**
 * The Salesforce CLI against a standalone server serving a user's org schema (the sample SFDX
 * project): `sf data import tree` of a `sf data export tree` plan with `@reference` ids between
 * custom objects, then `sf data query` across a custom relationship, as a user would seed and read
 * their own org.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'
import { SFDX_PROJECT } from '../support/org-schema.js'
import { createSfCli, type SfCli } from '../support/sf-cli.js'
import { createCrmEnvironment } from '../support/standalone-crm.js'

const TIMEOUT = 120_000
/** A plan as `sf data export tree --plan` writes one: Accounts, then Properties with nested Offers. */
const SF_PLAN = fileURLToPath(
  new URL('../fixtures/org-schema/data/sf-plan/Account-Property__c-plan.json', import.meta.url),
)

let server: ReplicaServer
let sf: SfCli

beforeAll(async () => {
  server = await createReplicaServer({ port: 0, schema: SFDX_PROJECT })
  sf = await createSfCli()
  const { credentials } = await createCrmEnvironment(server.url)
  const login = await sf.run(
    [
      'org',
      'login',
      'access-token',
      '--instance-url',
      new URL(credentials.url).origin,
      '--alias',
      'own',
      '--no-prompt',
    ],
    { SF_ACCESS_TOKEN: credentials.token },
  )
  expect(login.json.status, login.stderr).toBe(0)
}, TIMEOUT)

afterAll(async () => {
  await sf?.dispose()
  await server?.close()
})

it(
  'imports a tree plan of custom objects and queries it back across a custom relationship',
  async () => {
    const imported = await sf.run(['data', 'import', 'tree', '-o', 'own', '--plan', SF_PLAN])
    expect(imported.json.status, JSON.stringify(imported.json)).toBe(0)
    const refs = (imported.json.result as Array<{ refId: string; type: string }>).map((row) => row.refId)
    expect(refs).toEqual(expect.arrayContaining(['AccountRef1', 'PropertyRef1', 'OfferRef1', 'OfferRef2']))

    const query = await sf.run([
      'data',
      'query',
      '-o',
      'own',
      '--query',
      'SELECT Name, Broker__r.Name, (SELECT Amount__c FROM Offers__r) FROM Property__c ORDER BY Name',
    ])
    expect(query.json.status, JSON.stringify(query.json)).toBe(0)
    const [elm] = query.json.result.records
    expect(elm).toMatchObject({ Name: '12 Elm Street', Broker__r: { Name: 'Globex Realty' } })
    expect(elm.Offers__r.records.map((offer: { Amount__c: number }) => offer.Amount__c).sort()).toEqual([
      440000, 445000,
    ])
  },
  TIMEOUT,
)
