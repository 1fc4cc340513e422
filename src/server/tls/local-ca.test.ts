import { X509Certificate } from 'node:crypto'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { certificateHosts, defaultTlsDir, ensureLocalCa } from './local-ca.js'

const freshDir = () => mkdtemp(join(tmpdir(), 'replica-local-ca-'))
const DAY_MS = 86_400_000

it('makes a CA and a server certificate it signs for the loopback names and the bound host', async () => {
  const ca = await ensureLocalCa(await freshDir(), certificateHosts('192.0.2.7'))
  expect(ca.made).toBe('ca')
  const server = new X509Certificate(ca.serverCertPem)
  const authority = new X509Certificate(ca.caCertPem)
  expect(authority.ca).toBe(true)
  expect(server.ca).toBe(false)
  expect(server.verify(authority.publicKey)).toBe(true)
  expect(server.checkIssued(authority)).toBe(true)
  expect(server.subjectAltName).toBe(
    'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:192.0.2.7',
  )
  expect(server.checkHost('localhost')).toBe('localhost')
  expect(server.checkIP('::1')).toBe('::1')
})

it('reuses what is there, and makes only the server certificate again when the hosts change', async () => {
  const dir = await freshDir()
  const first = await ensureLocalCa(dir, certificateHosts('127.0.0.1'))
  const again = await ensureLocalCa(dir, certificateHosts('localhost'))
  expect(again.made).toBe('nothing')
  expect(again.serverCertPem).toBe(first.serverCertPem)
  const moved = await ensureLocalCa(dir, certificateHosts('replica.internal'))
  expect(moved.made).toBe('server-certificate')
  expect(moved.caCertPem).toBe(first.caCertPem)
  expect(new X509Certificate(moved.serverCertPem).checkHost('replica.internal')).toBe('replica.internal')
})

it('makes the server certificate again when it is near its end, and the CA when it is past its own', async () => {
  const dir = await freshDir()
  const first = await ensureLocalCa(dir, certificateHosts('127.0.0.1'))
  const serverEnd = Date.parse(new X509Certificate(first.serverCertPem).validTo)
  const nearEnd = await ensureLocalCa(dir, certificateHosts('127.0.0.1'), serverEnd - 10 * DAY_MS)
  expect(nearEnd.made).toBe('server-certificate')
  const caEnd = Date.parse(new X509Certificate(first.caCertPem).validTo)
  const pastCa = await ensureLocalCa(dir, certificateHosts('127.0.0.1'), caEnd + DAY_MS)
  expect(pastCa.made).toBe('ca')
  expect(pastCa.caCertPem).not.toBe(first.caCertPem)
})

it('makes a damaged CA file again instead of failing', async () => {
  const dir = await freshDir()
  const first = await ensureLocalCa(dir, certificateHosts('127.0.0.1'))
  await writeFile(first.files.caCert, 'not a certificate')
  const again = await ensureLocalCa(dir, certificateHosts('127.0.0.1'))
  expect(again.made).toBe('ca')
  expect(await readFile(first.files.caCert, 'utf8')).toBe(again.caCertPem)
})

it('defaults to $XDG_CACHE_HOME, else ~/.cache', () => {
  expect(defaultTlsDir({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/replica-mock/tls')
  expect(defaultTlsDir({})).toMatch(/\.cache\/replica-mock\/tls$/)
})

it('makes one CA when several servers start on the same directory at once', async () => {
  const dir = await freshDir()
  const all = await Promise.all(
    Array.from({ length: 4 }, () => ensureLocalCa(dir, certificateHosts('127.0.0.1'))),
  )
  expect(all.filter((ca) => ca.made === 'ca')).toHaveLength(1)
  const onDisk = await readFile(join(dir, 'ca.pem'), 'utf8')
  for (const ca of all) {
    expect(ca.caCertPem).toBe(onDisk)
    expect(new X509Certificate(ca.serverCertPem).verify(new X509Certificate(onDisk).publicKey)).toBe(true)
  }
})

it('names IPv6 hosts however they are spelled, and reuses the certificate for them', async () => {
  const dir = await freshDir()
  const first = await ensureLocalCa(dir, certificateHosts('::ffff:192.0.2.9'))
  const server = new X509Certificate(first.serverCertPem)
  expect(server.checkIP('::ffff:c000:209')).toBe('::ffff:c000:209')
  const again = await ensureLocalCa(dir, certificateHosts('::FFFF:c000:0209'))
  expect(again.made).toBe('nothing')
})
