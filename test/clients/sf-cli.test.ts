/**
 * End to end with the Salesforce CLI (`sf` 2.146.3, a dev dependency) against the standalone
 * server: it logs in with the credentials token at the credentials URL's origin, then drives the
 * environment's data with its own commands, exactly as a user would. Each `sf` call is a Node
 * process of about 3 s; the tests run in order and share one login.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Credentials, Environment } from '../../src/schemas/index.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'
import { createCrmEnvironment } from '../support/standalone-crm.js'
import { createSfCli, type SfCli } from '../support/sf-cli.js'

const TIMEOUT = 90_000
const ACME = '001Rm0000000001IAA'

let server: ReplicaServer
let sf: SfCli
let environment: Environment
let credentials: Credentials

/** Rows of the environment through the mock's accessor (what the CLI wrote). */
function rows(soql: string) {
  return server.mock.records(environment.id).query(soql) as Array<Record<string, any>>
}

beforeAll(async () => {
  server = await createReplicaServer({ port: 0 })
  sf = await createSfCli()
  ;({ environment, credentials } = await createCrmEnvironment(server.url))
}, TIMEOUT)

afterAll(async () => {
  await sf?.dispose()
  await server?.close()
})

// the tests of a file run in order (Vitest's default)
describe('sf CLI', () => {
  it(
    'logs in with the credentials token (org login access-token)',
    async () => {
      const instanceUrl = new URL(credentials.url).origin
      const login = await sf.run(
        ['org', 'login', 'access-token', '--instance-url', instanceUrl, '--alias', 'rep', '--no-prompt'],
        { SF_ACCESS_TOKEN: credentials.token },
      )
      expect(login.json, login.stderr).toMatchObject({ status: 0 })
      const orgId = credentials.token.split('!')[0]
      expect(login.json.result).toMatchObject({
        username: 'admin@crm.replica.test',
        orgId,
        instanceUrl: `${instanceUrl}/`,
        name: 'Replica CRM',
        isSandbox: false,
        orgEdition: 'Developer Edition',
      })
    },
    TIMEOUT,
  )

  it(
    'displays the org as connected (org display)',
    async () => {
      const display = await sf.run(['org', 'display', '--target-org', 'rep'])
      expect(display.json.result).toMatchObject({
        id: credentials.token.split('!')[0],
        username: 'admin@crm.replica.test',
        connectedStatus: 'Connected',
        alias: 'rep',
      })
    },
    TIMEOUT,
  )

  it(
    'queries with a relationship field, as CSV with its column names (data query)',
    async () => {
      const soql = "SELECT Id, LastName, Account.Name FROM Contact WHERE Account.Name = 'Acme Corporation'"
      const json = await sf.run(['data', 'query', '-o', 'rep', '--query', soql])
      expect(json.json.result).toMatchObject({
        totalSize: 1,
        done: true,
        records: [{ LastName: 'Coyote', Account: { Name: 'Acme Corporation' } }],
      })
      // the CSV header comes from the column metadata (`columns=true`)
      const csvFile = join(sf.home, 'contacts.csv')
      const csv = await sf.run([
        'data',
        'query',
        '-o',
        'rep',
        '--query',
        soql,
        '--result-format',
        'csv',
        '--output-file',
        csvFile,
      ])
      expect(csv.code, JSON.stringify(csv.json)).toBe(0)
      const lines = (await readFile(csvFile, 'utf8')).trim().split('\n')
      expect(lines[0]).toBe('Id,LastName,Account.Name')
      expect(lines[1]).toMatch(/^003\w{15},Coyote,Acme Corporation$/)
    },
    TIMEOUT,
  )

  it(
    'creates, gets, updates and deletes a record (data create/get/update/delete record)',
    async () => {
      const created = await sf.run([
        'data',
        'create',
        'record',
        '-o',
        'rep',
        '--sobject',
        'Account',
        '--values',
        "Name='CLI Test Co' Industry=Technology NumberOfEmployees=42",
      ])
      const id = created.json.result.id as string
      expect(id).toMatch(/^001\w{15}$/)
      expect(rows(`SELECT NumberOfEmployees FROM Account WHERE Id = '${id}'`)).toMatchObject([
        { NumberOfEmployees: 42 },
      ])

      const got = await sf.run([
        'data',
        'get',
        'record',
        '-o',
        'rep',
        '-s',
        'Account',
        '--where',
        "Name='CLI Test Co'",
      ])
      expect(got.json.result).toMatchObject({ Id: id, Name: 'CLI Test Co', Industry: 'Technology' })

      const updated = await sf.run([
        'data',
        'update',
        'record',
        '-o',
        'rep',
        '-s',
        'Account',
        '--record-id',
        id,
        '--values',
        "Industry=Finance Description='Updated by sf'",
      ])
      expect(updated.json.status).toBe(0)
      expect(rows(`SELECT Industry, Description FROM Account WHERE Id = '${id}'`)).toMatchObject([
        { Industry: 'Finance', Description: 'Updated by sf' },
      ])

      const deleted = await sf.run([
        'data',
        'delete',
        'record',
        '-o',
        'rep',
        '-s',
        'Account',
        '--record-id',
        id,
      ])
      expect(deleted.json.status).toBe(0)
      expect(rows(`SELECT Id FROM Account WHERE Id = '${id}'`)).toEqual([])
    },
    TIMEOUT,
  )

  it(
    'describes an object and lists the objects (sobject describe / list)',
    async () => {
      const describe = await sf.run(['sobject', 'describe', '-o', 'rep', '--sobject', 'Account'])
      expect(describe.json.result).toMatchObject({ name: 'Account', keyPrefix: '001' })
      expect(describe.json.result.fields.map((field: { name: string }) => field.name)).toContain('Industry')

      const list = await sf.run(['sobject', 'list', '-o', 'rep', '--sobject', 'all'])
      expect(list.json.result).toEqual(expect.arrayContaining(['Account', 'Contact', 'Organization', 'User']))
      const custom = await sf.run(['sobject', 'list', '-o', 'rep', '--sobject', 'custom'])
      expect(custom.json.result).toEqual(['Invoice__c'])
    },
    TIMEOUT,
  )

  it(
    'exports a parent-child tree and imports it back (data export tree / import tree)',
    async () => {
      const out = join(sf.home, 'tree')
      const exported = await sf.run([
        'data',
        'export',
        'tree',
        '-o',
        'rep',
        '--query',
        `SELECT Id, Name, Industry, (SELECT Id, LastName, FirstName FROM Contacts) FROM Account WHERE Id = '${ACME}'`,
        '--plan',
        '--output-dir',
        out,
      ])
      expect(exported.json.status, JSON.stringify(exported.json)).toBe(0)
      const accounts = JSON.parse(await readFile(join(out, 'Account.json'), 'utf8'))
      expect(accounts.records).toEqual([
        expect.objectContaining({
          attributes: { type: 'Account', referenceId: 'AccountRef1' },
          Name: 'Acme Corporation',
        }),
      ])
      // import the tree as a copy under another name
      accounts.records[0].Name = 'Acme Copy'
      await writeFile(join(out, 'Account.json'), JSON.stringify(accounts))
      const before = server.mock.records(environment.id).count('Contact')
      const imported = await sf.run([
        'data',
        'import',
        'tree',
        '-o',
        'rep',
        '--plan',
        join(out, 'Account-Contact-plan.json'),
      ])
      expect(imported.json.status, JSON.stringify(imported.json)).toBe(0)
      const [copy] = rows("SELECT Id, (SELECT LastName FROM Contacts) FROM Account WHERE Name = 'Acme Copy'")
      expect(copy?.Contacts?.records).toEqual([expect.objectContaining({ LastName: 'Coyote' })])
      expect(server.mock.records(environment.id).count('Contact')).toBe(before + 1)
    },
    TIMEOUT,
  )

  it(
    'exports with Bulk API 2.0 and imports a CSV back (data export bulk / import bulk)',
    async () => {
      const exportFile = join(sf.home, 'accounts.csv')
      const exported = await sf.run([
        'data',
        'export',
        'bulk',
        '-o',
        'rep',
        '--query',
        'SELECT Id, Name, Industry FROM Account ORDER BY Name',
        '--output-file',
        exportFile,
        '--wait',
        '2',
      ])
      expect(exported.json.status, JSON.stringify(exported.json)).toBe(0)
      const count = server.mock.records(environment.id).count('Account')
      expect(exported.json.result.totalSize).toBe(count)
      const lines = (await readFile(exportFile, 'utf8')).trim().split('\n')
      expect(lines[0]!.replaceAll('"', '')).toBe('Id,Name,Industry')
      expect(lines).toHaveLength(count + 1)

      const importFile = join(sf.home, 'new-accounts.csv')
      await writeFile(importFile, 'Name,Industry\nBulk One,Energy\nBulk Two,Retail\n')
      const imported = await sf.run([
        'data',
        'import',
        'bulk',
        '-o',
        'rep',
        '--file',
        importFile,
        '--sobject',
        'Account',
        '--wait',
        '2',
      ])
      expect(imported.json.status, JSON.stringify(imported.json)).toBe(0)
      expect(imported.json.result).toMatchObject({
        processedRecords: 2,
        successfulRecords: 2,
        failedRecords: 0,
      })
      expect(rows("SELECT Name, Industry FROM Account WHERE Name LIKE 'Bulk %' ORDER BY Name")).toMatchObject(
        [
          { Name: 'Bulk One', Industry: 'Energy' },
          { Name: 'Bulk Two', Industry: 'Retail' },
        ],
      )
    },
    TIMEOUT,
  )

  it(
    'lists the org limits and searches with SOSL (org list limits / data search)',
    async () => {
      const limits = await sf.run(['org', 'list', 'limits', '-o', 'rep'])
      expect(limits.json.result).toEqual(
        expect.arrayContaining([
          { name: 'DailyApiRequests', max: 15000, remaining: expect.any(Number) },
          { name: 'DataStorageMB', max: 5, remaining: 5 },
        ]),
      )
      const search = await sf.run([
        'data',
        'search',
        '-o',
        'rep',
        '--query',
        'FIND {Acme} IN NAME FIELDS RETURNING Account(Name)',
      ])
      expect(search.json.status, JSON.stringify(search.json)).toBe(0)
      // earlier tests of this file may have added other Acme accounts to the org
      const found = search.json.result.searchRecords as Array<{ Name: string; attributes: { type: string } }>
      expect(found).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            attributes: expect.objectContaining({ type: 'Account' }),
            Name: 'Acme Corporation',
          }),
        ]),
      )
      for (const record of found) {
        expect(record.attributes.type).toBe('Account')
        expect(record.Name).toMatch(/acme/i)
      }
    },
    TIMEOUT,
  )

  it(
    'reports a bad token as an invalid session (INVALID_SESSION_ID)',
    async () => {
      const orgId = credentials.token.split('!')[0]
      const bad = await sf.run(
        ['data', 'query', '-o', `${orgId}!notatoken`, '--query', 'SELECT Id FROM Account'],
        {
          SF_ORG_INSTANCE_URL: new URL(credentials.url).origin,
        },
      )
      expect(bad.code).not.toBe(0)
      expect(bad.json).toMatchObject({ name: 'INVALID_SESSION_ID', message: 'Session expired or invalid' })
    },
    TIMEOUT,
  )
})
