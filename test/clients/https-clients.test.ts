/**
 * Stock clients of other ecosystems against `serve --https`, trusting the local CA the way the
 * start banner tells them to: Python's standard library (SSL_CERT_FILE), Java 17's HttpClient
 * (the PKCS#12 trust store), jsforce and the Salesforce CLI (NODE_EXTRA_CA_CERTS), curl
 * (`--cacert`). The Python, Java and curl programs are the ones the guides show.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'
import { createSfCli } from '../support/sf-cli.js'
import { createCrmEnvironment } from '../support/standalone-crm.js'

const TIMEOUT = 120_000
const SNIPPETS = resolve('docs/snippets')
let server: ReplicaServer
let files: NonNullable<ReplicaServer['localCa']>['files']
let fetchDispatcher: Dispatcher

beforeAll(async () => {
  server = await createReplicaServer({
    port: 0,
    https: { tlsDir: mkdtempSync(join(tmpdir(), 'replica-clients-tls-')) },
  })
  files = server.localCa!.files
  // this process's own fetch (making environments) trusts the CA too
  fetchDispatcher = getGlobalDispatcher()
  setGlobalDispatcher(new Agent({ connect: { ca: server.localCa!.caCertPem } }))
})
afterAll(async () => {
  setGlobalDispatcher(fetchDispatcher)
  await server?.close()
})

function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ stdout: string; stderr: string }>((done, fail) => {
    execFile(command, args, { env: { ...process.env, ...env }, timeout: TIMEOUT }, (error, stdout, stderr) =>
      error
        ? fail(new Error(`${command} failed: ${error.message}\n${stdout}\n${stderr}`))
        : done({ stdout, stderr }),
    )
  })
}

/** What both sample programs print, whole: one line of ids and checks, never a key or token. */
function expectSampleOutput(stdout: string) {
  expect(stdout.trim().split('\n')).toHaveLength(1)
  expect(JSON.parse(stdout)).toEqual({
    environment: expect.stringMatching(/^env_/),
    https: true,
    record: 'Acme over TLS',
    queried: true,
  })
}

it(
  'Python urllib with SSL_CERT_FILE creates credentials, reads a record and runs a query',
  async () => {
    const { stdout } = await run('python3', [join(SNIPPETS, 'replica_records.py')], {
      SSL_CERT_FILE: files.caCert,
      REPLICA_URL: server.url,
    })
    expectSampleOutput(stdout)
  },
  TIMEOUT,
)

it(
  'Java HttpClient with the PKCS#12 trust store does the same',
  async () => {
    const { stdout } = await run(
      'java',
      [
        `-Djavax.net.ssl.trustStore=${files.trustStore}`,
        '-Djavax.net.ssl.trustStoreType=PKCS12',
        '-Djavax.net.ssl.trustStorePassword=changeit',
        join(SNIPPETS, 'ReplicaRecords.java'),
        server.url,
      ],
      {},
    )
    expectSampleOutput(stdout)
  },
  TIMEOUT,
)

it(
  'curl with --cacert (and jq) does the same',
  async () => {
    const { stdout } = await run('sh', [join(SNIPPETS, 'replica_records.sh')], {
      CA: files.caCert,
      REPLICA_URL: server.url,
    })
    expectSampleOutput(stdout)
  },
  TIMEOUT,
)

/** A jsforce program of a user: creates an Account and queries it back, printing what it saw. */
const JSFORCE_PROGRAM = `
import { Connection } from 'jsforce'
const conn = new Connection({ instanceUrl: process.env.INSTANCE_URL, accessToken: process.env.ACCESS_TOKEN, version: '60.0' })
const created = await conn.sobject('Account').create({ Name: 'Acme over TLS' })
const result = await conn.query("SELECT Id FROM Account WHERE Name = 'Acme over TLS'")
console.log(JSON.stringify({ created, ids: result.records.map((row) => row.Id) }))
`

// NODE_EXTRA_CA_CERTS, as the start banner says: jsforce 3.10.16 fetched through Node's https
// agent, later releases through undici's own, and both trust what Node trusts at start
it(
  'jsforce with NODE_EXTRA_CA_CERTS creates a record and queries it',
  async () => {
    const { credentials } = await createCrmEnvironment(server.url)
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', JSFORCE_PROGRAM], {
      NODE_EXTRA_CA_CERTS: files.caCert,
      INSTANCE_URL: credentials.url,
      ACCESS_TOKEN: credentials.token,
    })
    const { created, ids } = JSON.parse(stdout)
    expect(created).toMatchObject({ success: true, id: expect.stringMatching(/^001/) })
    expect(ids).toEqual([created.id])
  },
  TIMEOUT,
)

it(
  'the Salesforce CLI logs in at the https URL with NODE_EXTRA_CA_CERTS and queries',
  async () => {
    const { credentials } = await createCrmEnvironment(server.url)
    const sf = await createSfCli()
    try {
      const instanceUrl = new URL(credentials.url).origin
      const trust = { NODE_EXTRA_CA_CERTS: files.caCert }
      const login = await sf.run(
        ['org', 'login', 'access-token', '--instance-url', instanceUrl, '--alias', 'tls', '--no-prompt'],
        { ...trust, SF_ACCESS_TOKEN: credentials.token },
      )
      expect(login.json, login.stderr).toMatchObject({
        status: 0,
        result: { instanceUrl: `${instanceUrl}/` },
      })
      const query = await sf.run(
        ['data', 'query', '--target-org', 'tls', '--query', 'SELECT Id FROM Account LIMIT 1'],
        trust,
      )
      expect(query.json, query.stderr).toMatchObject({ status: 0 })
    } finally {
      await sf.dispose()
    }
  },
  TIMEOUT,
)

it('the guides show the very programs these tests run', async () => {
  for (const [guide, program] of [
    ['docs/clients-python.md', 'replica_records.py'],
    ['docs/clients-java.md', 'ReplicaRecords.java'],
    ['docs/clients-curl.md', 'replica_records.sh'],
  ]) {
    expect(readFileSync(guide!, 'utf8'), guide).toContain(readFileSync(join(SNIPPETS, program!), 'utf8'))
  }
})
