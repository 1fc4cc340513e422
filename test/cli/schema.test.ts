import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { SchemaReport } from '../../src/schemas/schema-report.js'
import {
  DATA_BREAKING_RULE,
  DATA_CSV,
  DESCRIBE_FOLDER,
  SFDX_PROJECT,
  UNCOMPILABLE_PROJECT,
} from '../support/org-schema.js'
import { createAppCredentials, listeningUrl, waitForOutput, useCliRuns } from './run-cli.js'

const start = useCliRuns()

it('serves the user schema given by --schema (repeatable) and prints a one-line summary', async () => {
  const run = start(['serve', '--port', '0', '--schema', SFDX_PROJECT, '--schema', DESCRIBE_FOLDER])
  const url = await listeningUrl(run)
  const out = await waitForOutput(run, (text) => text.includes('org schema on'))
  const summary = out.split('\n').find((line) => line.startsWith('org schema on'))
  expect(summary).toMatch(
    /^org schema on 2 of 3 app versions \(crm 2026\.1, crm 2026\.2\): \d+ objects, \d+ fields, 3 validation rules, \d+ formulas, 0 records; \d+ ignored \(GET \/__replica\/schema lists them\); loaded in \d+\.\d s$/,
  )
  // stderr is a pipe here, not a terminal: no progress line
  expect(run.stderr()).toBe('')

  const report = SchemaReport.parse(await (await fetch(`${url}/__replica/schema`)).json())
  expect(report.versions[2]!.sources).toEqual([SFDX_PROJECT, DESCRIBE_FOLDER])
  expect(report.versions[2]!.loadMs).toBeGreaterThan(0)
  expect(report.versions[2]!.report!.durationMs).toBeGreaterThan(0)
  expect(report.versions[0]!.loadMs).toBe(0)

  const app = await createAppCredentials(url)
  const headers = { ...app.headers, 'content-type': 'application/json' }
  const broker = await fetch(`${app.url}/services/data/v60.0/sobjects/Account`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ Name: 'Harbour Brokers' }),
  })
  expect(broker.status).toBe(201)
  const property = await fetch(`${app.url}/services/data/v60.0/sobjects/Property__c`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      Name: 'Lighthouse',
      Address__c: '1 Quay Road',
      Price__c: 10,
      Broker__c: (await broker.json()).id,
    }),
  })
  expect(property.status).toBe(201)
  const soql = encodeURIComponent('SELECT Name, Broker__r.Name FROM Property__c')
  const found = await fetch(`${app.url}/services/data/v60.0/query?q=${soql}`, { headers })
  expect((await found.json()).records[0]).toMatchObject({ Broker__r: { Name: 'Harbour Brokers' } })
  // the describe folder's object too
  const vehicle = await fetch(`${app.url}/services/data/v60.0/sobjects/Vehicle__c/describe`, { headers })
  expect(vehicle.status).toBe(200)
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('--quiet prints only the listening line, summary left out', async () => {
  const run = start(['serve', '--port', '0', '--quiet', '--schema', SFDX_PROJECT])
  await listeningUrl(run)
  expect(run.stdout().trim().split('\n')).toHaveLength(1)
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('exits 2 on a --schema-namespace that is no namespace prefix', async () => {
  const run = start(['serve', '--port', '0', '--schema', SFDX_PROJECT, '--schema-namespace', 'a__b'])
  expect(await run.exited).toBe(2)
  expect(run.stderr()).toContain('--schema-namespace must be a namespace prefix')
})

it('exits 1 naming the file and line of a broken schema source', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'replica-cli-schema-'))
  mkdirSync(join(folder, 'objects', 'Thing__c', 'fields'), { recursive: true })
  const file = join(folder, 'objects', 'Thing__c', 'fields', 'Size__c.field-meta.xml')
  writeFileSync(file, '<?xml version="1.0"?>\n<CustomField>\n  <label>Size</labl>\n</CustomField>\n')
  const run = start(['serve', '--port', '0', '--schema', folder])
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toContain(`replica-mock: Failed to start: Failed to load org schema "${file}" (line 3`)
})

it('exits 1 with --schema-strict when a source holds what the replica cannot serve', async () => {
  const run = start(['serve', '--port', '0', '--schema', SFDX_PROJECT, '--schema-strict'])
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toMatch(/Failed to start: Failed to load org schema ".*": strict load: /)
})

it('starts on a project with formulas that do not compile, counting them and naming each', async () => {
  const run = start(['serve', '--port', '0', '--schema', UNCOMPILABLE_PROJECT])
  const url = await listeningUrl(run)
  const out = await waitForOutput(run, (text) => text.includes('org schema on'))
  const summary = out.split('\n').find((line) => line.startsWith('org schema on'))
  expect(summary).toMatch(
    /; \d+ ignored; 1 formula, 1 rule, 1 default value skipped \(GET \/__replica\/schema lists them\); loaded in [\d.]+ m?s$/,
  )
  const report = SchemaReport.parse(await (await fetch(`${url}/__replica/schema`)).json())
  expect(report.versions[2]!.report!.skipped.map((item) => [item.item, item.line])).toEqual([
    ['Gadget__c.Bad_Default__c', 4],
    ['Gadget__c.Broken__c', 6],
    ['Gadget__c.Bad', 5],
  ])
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('exits 1 with --schema-strict on a formula that does not compile, naming its file and line', async () => {
  const run = start(['serve', '--port', '0', '--schema', UNCOMPILABLE_PROJECT, '--schema-strict'])
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toContain(
    `Failed to start: Failed to load org schema "${UNCOMPILABLE_PROJECT}/force-app/main/default/objects/Gadget__c/fields/Bad_Default__c.field-meta.xml" (line 4): strict load: default value of Gadget__c.Bad_Default__c cannot compile`,
  )
})

it('loads --data into every new environment and counts its records in the summary', async () => {
  const run = start(['serve', '--port', '0', '--schema', SFDX_PROJECT, '--data', DATA_CSV])
  const url = await listeningUrl(run)
  const out = await waitForOutput(run, (text) => text.includes('org schema on'))
  expect(out).toMatch(/, [1-9]\d* records; /)
  const app = await createAppCredentials(url)
  const soql = encodeURIComponent('SELECT Name FROM Property__c ORDER BY Name')
  const found = await fetch(`${app.url}/services/data/v60.0/query?q=${soql}`, { headers: app.headers })
  expect((await found.json()).records.map((row: { Name: string }) => row.Name)).toEqual([
    '12 Elm Street',
    '3 Oak Lane',
  ])
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('exits 1 naming the file and line of a data row that breaks a rule', async () => {
  const run = start(['serve', '--port', '0', '--schema', SFDX_PROJECT, '--data', DATA_BREAKING_RULE])
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toContain(`${join(DATA_BREAKING_RULE, 'Property__c.csv')} line 3`)
})
