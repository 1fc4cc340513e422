import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent } from 'undici'
import { expect, it } from 'vitest'
import { certificateHosts, ensureLocalCa } from '../../src/server/tls/local-ca.js'
import { type CliRun, listeningUrl, MEMBER, useCliRuns, waitForOutput } from './run-cli.js'

const start = useCliRuns()

/** `fetch` trusting `caPem` only: what a client given the CA file does. */
const trusting = (caPem: string) => {
  const dispatcher = new Agent({ connect: { ca: caPem } })
  return (url: string, init: RequestInit = {}) => fetch(url, { ...init, dispatcher } as RequestInit)
}

const stop = async (run: CliRun) => {
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
}

it('makes a local CA once, prints how to trust it, and serves the same state over https and plain http', async () => {
  const tlsDir = join(mkdtempSync(join(tmpdir(), 'replica-https-')), 'tls')
  const run = start(['serve', '--port', '0', '--https', '--tls-dir', tlsDir, '--http-port', '0'])
  const url = await listeningUrl(run)
  expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
  const out = await waitForOutput(run, (text) => text.includes('# Java'))
  const caFile = join(tlsDir, 'ca.pem')
  const storeFile = join(tlsDir, 'ca.p12')
  expect(out).toContain(`local CA: ${caFile}`)
  expect(out).toContain(`REQUESTS_CA_BUNDLE=${caFile} SSL_CERT_FILE=${caFile}`)
  expect(out).toContain(`NODE_EXTRA_CA_CERTS=${caFile}`)
  expect(out).toContain(`curl --cacert ${caFile} ${url}/__replica/health`)
  expect(out).toContain(
    `-Djavax.net.ssl.trustStore=${storeFile} -Djavax.net.ssl.trustStoreType=PKCS12 -Djavax.net.ssl.trustStorePassword=changeit`,
  )
  for (const key of ['ca-key.pem', 'server-key.pem']) {
    expect(statSync(join(tlsDir, key)).mode & 0o777, key).toBe(0o600)
  }
  const caPem = readFileSync(caFile, 'utf8')
  const secureFetch = trusting(caPem)
  const served = await secureFetch(`${url}/__replica/ca.pem`)
  expect(await served.text()).toBe(caPem)

  const created = await secureFetch(`${url}/v1/environments`, {
    method: 'POST',
    headers: MEMBER,
    body: '{"apps":["crm"]}',
  })
  expect(created.status).toBe(202)
  const { id } = await created.json()
  const plainUrl = out.match(/plain http also on (http:\/\/\S+)/)![1]!
  const seen = await fetch(`${plainUrl}/v1/environments/${id}`, { headers: MEMBER })
  expect(seen.status).toBe(200)
  // the https origin is the one answers carry, whichever listener was asked
  const credentials = await (
    await fetch(`${plainUrl}/v1/environments/${id}/apps/crm/credentials`, { method: 'POST', headers: MEMBER })
  ).json()
  expect(credentials.url.startsWith(`${url}/apps/${id}/crm`)).toBe(true)
  await stop(run)

  const serverPem = readFileSync(join(tlsDir, 'server.pem'), 'utf8')
  const again = start(['serve', '--port', '0', '--https', '--tls-dir', tlsDir, '--quiet'])
  const againUrl = await listeningUrl(again)
  expect((await secureFetch(`${againUrl}/__replica/health`)).status).toBe(200)
  expect(readFileSync(caFile, 'utf8')).toBe(caPem)
  expect(readFileSync(join(tlsDir, 'server.pem'), 'utf8')).toBe(serverPem)
  // --quiet keeps its promise: the listening line and nothing else
  expect(again.stdout().trim().split('\n')).toHaveLength(1)
  await stop(again)
}, 60_000)

it('keeps the local CA under $XDG_CACHE_HOME/replica-mock/tls by default', async () => {
  const cache = mkdtempSync(join(tmpdir(), 'replica-cache-'))
  const run = start(['serve', '--port', '0', '--https'], { ...process.env, XDG_CACHE_HOME: cache })
  await listeningUrl(run)
  const out = await waitForOutput(run, (text) => text.includes('# Java'))
  expect(out).toContain(`local CA: ${join(cache, 'replica-mock', 'tls', 'ca.pem')}`)
  await stop(run)
})

it("serves the user's own certificate with --cert and --key, and makes no CA", async () => {
  const own = await ensureLocalCa(mkdtempSync(join(tmpdir(), 'replica-own-')), certificateHosts('127.0.0.1'))
  const run = start([
    'serve',
    '--port',
    '0',
    '--https',
    '--cert',
    own.files.serverCert,
    '--key',
    own.files.serverKey,
  ])
  const url = await listeningUrl(run)
  await waitForOutput(run, (text) => text.includes('default API key'))
  const secureFetch = trusting(own.caCertPem)
  expect((await secureFetch(`${url}/v1/workspaces/ws_default`, { headers: MEMBER })).status).toBe(200)
  expect((await secureFetch(`${url}/__replica/ca.pem`)).status).toBe(404)
  expect(run.stdout()).not.toContain('local CA')
  await stop(run)
})

it.for<[string[], RegExp]>([
  [['serve', '--https', '--cert', 'a.pem'], /--cert and --key go together/],
  [['serve', '--tls-dir', '/tmp/x'], /--tls-dir needs --https/],
  [['serve', '--http-port', '4011'], /--http-port needs --https/],
  [['serve', '--https', '--http-port', '70000'], /--http-port must be at most 65535/],
])('exits 2 with a message on bad TLS arguments %j', async ([args, message]) => {
  const run = start(args)
  expect(await run.exited).toBe(2)
  expect(run.stderr()).toMatch(message)
})

it('fails to start with a message naming a certificate or key file it cannot use', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replica-bad-cert-'))
  const missing = join(dir, 'missing.pem')
  const run = start(['serve', '--port', '0', '--https', '--cert', missing, '--key', missing])
  expect(await run.exited).toBe(1)
  expect(run.stderr()).toContain(`Failed to read the certificate file ${missing}`)
  const own = await ensureLocalCa(join(dir, 'tls'), certificateHosts('127.0.0.1'))
  const swapped = start([
    'serve',
    '--port',
    '0',
    '--https',
    '--cert',
    own.files.serverKey,
    '--key',
    own.files.serverCert,
  ])
  expect(await swapped.exited).toBe(1)
  expect(swapped.stderr()).toContain(
    `Failed to read the certificate file ${own.files.serverKey}: not a PEM certificate`,
  )
})
