/**
 * simple-salesforce's `sf.Contact.updated(start, end)` / `deleted(start, end)`: simple-salesforce
 * is not installed here, so a standard-library program sends exactly the requests it sends (URL,
 * date format, headers; docs/snippets/replica_updated_deleted.py) against `serve --https`, and
 * reads the answers as it does.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'

const TIMEOUT = 120_000
const PROGRAM = resolve('docs/snippets/replica_updated_deleted.py')
let server: ReplicaServer

beforeAll(async () => {
  server = await createReplicaServer({
    port: 0,
    https: { tlsDir: mkdtempSync(join(tmpdir(), 'replica-python-tls-')) },
  })
})
afterAll(async () => {
  await server?.close()
})

it(
  'answers the requests simple-salesforce’s updated() and deleted() send',
  async () => {
    const stdout = await new Promise<string>((done, fail) => {
      execFile(
        'python3',
        [PROGRAM],
        {
          env: { ...process.env, SSL_CERT_FILE: server.localCa!.files.caCert, REPLICA_URL: server.url },
          timeout: TIMEOUT,
        },
        (error, out, err) =>
          error ? fail(new Error(`python3 failed: ${error.message}\n${out}\n${err}`)) : done(out),
      )
    })
    expect(JSON.parse(stdout)).toEqual({
      updated: true,
      deleted: true,
      latestDateCovered: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000\+0000$/),
      earliestDateAvailable: true,
    })
  },
  TIMEOUT,
)

it('the Python guide shows the very program this test runs', () => {
  expect(readFileSync('docs/clients-python.md', 'utf8')).toContain(readFileSync(PROGRAM, 'utf8'))
})
