/**
 * @module
 * The local certificate authority of `serve --https`: made once in a directory and reused, with a
 * server certificate it signs for the hosts the server is reached by (made again when that set
 * changes or the certificate is near its end). Reading what is there needs only `node:crypto`;
 * the certificate library loads only when something has to be made.
 */
import { X509Certificate } from 'node:crypto'
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { isIP } from 'node:net'
import { homedir } from 'node:os'
import { join } from 'node:path'

const CA_VALID_DAYS = 3650
const SERVER_VALID_DAYS = 365
/** A lock older than this was left by a process that died while making files: it is taken over. */
const STALE_LOCK_MS = 30_000
/** A server certificate with less than this left is made again. */
const RENEW_BEFORE_MS = 30 * 86_400_000
/** The PKCS#12 trust store holds only a public certificate: its password guards nothing secret. */
export const TRUST_STORE_PASSWORD = 'changeit'

export interface LocalCa {
  /** Paths of the files in the TLS directory. */
  readonly files: { caCert: string; caKey: string; trustStore: string; serverCert: string; serverKey: string }
  readonly caCertPem: string
  readonly serverCertPem: string
  readonly serverKeyPem: string
  /** What this start made: nothing, the server certificate only, or the CA too. */
  readonly made: 'nothing' | 'server-certificate' | 'ca'
}

/** `$XDG_CACHE_HOME/replica-mock/tls`, or `~/.cache/replica-mock/tls`. */
export function defaultTlsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'replica-mock', 'tls')
}

/** The hosts the server certificate names: the loopback names and the bound host (not a wildcard). */
export function certificateHosts(host: string): string[] {
  const hosts = ['localhost', '127.0.0.1', '::1']
  if (host !== '0.0.0.0' && host !== '::' && !hosts.includes(host)) hosts.push(host)
  return hosts
}

/**
 * Loads the CA and the server certificate from `dir`, making what is missing, stale or for other
 * hosts. Private keys are written readable by their owner only.
 */
export async function ensureLocalCa(
  dir: string,
  hosts: readonly string[],
  now = Date.now(),
): Promise<LocalCa> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  // servers starting at once (test workers, Playwright workers) share the directory: one at a time
  return withLock(join(dir, '.lock'), () => ensureUnlocked(dir, hosts, now))
}

async function ensureUnlocked(dir: string, hosts: readonly string[], now: number): Promise<LocalCa> {
  const files = {
    caCert: join(dir, 'ca.pem'),
    caKey: join(dir, 'ca-key.pem'),
    trustStore: join(dir, 'ca.p12'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server-key.pem'),
  }
  let ca = await readPair(files.caCert, files.caKey)
  let made: LocalCa['made'] = 'nothing'
  const maker = () => import('./certificate-maker.js')
  if (!ca || !isCurrent(ca.certPem, now)) {
    const { makeCertificateAuthority, makeTrustStore } = await maker()
    ca = await makeCertificateAuthority(CA_VALID_DAYS)
    await writePrivate(files.caKey, ca.keyPem)
    await writeFile(files.caCert, ca.certPem)
    await writeFile(files.trustStore, await makeTrustStore(ca.certPem, TRUST_STORE_PASSWORD))
    made = 'ca'
  } else if (!(await exists(files.trustStore))) {
    const { makeTrustStore } = await maker()
    await writeFile(files.trustStore, await makeTrustStore(ca.certPem, TRUST_STORE_PASSWORD))
  }
  let server = made === 'ca' ? undefined : await readPair(files.serverCert, files.serverKey)
  if (
    !server ||
    !isCurrent(server.certPem, now + RENEW_BEFORE_MS) ||
    !names(server.certPem, hosts, ca.certPem)
  ) {
    const { makeServerCertificate } = await maker()
    server = await makeServerCertificate(ca, hosts, SERVER_VALID_DAYS)
    await writePrivate(files.serverKey, server.keyPem)
    await writeFile(files.serverCert, server.certPem)
    if (made === 'nothing') made = 'server-certificate'
  }
  return { files, caCertPem: ca.certPem, serverCertPem: server.certPem, serverKeyPem: server.keyPem, made }
}

async function readPair(certPath: string, keyPath: string) {
  try {
    const [certPem, keyPem] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')])
    new X509Certificate(certPem)
    return { certPem, keyPem }
  } catch {
    // missing or unreadable: made again
    return undefined
  }
}

function isCurrent(certPem: string, at: number): boolean {
  const certificate = new X509Certificate(certPem)
  return Date.parse(certificate.validFrom) <= Date.now() && Date.parse(certificate.validTo) > at
}

/** Whether the certificate names exactly `hosts` and was signed by this CA. */
function names(certPem: string, hosts: readonly string[], caCertPem: string): boolean {
  const certificate = new X509Certificate(certPem)
  if (!certificate.verify(new X509Certificate(caCertPem).publicKey)) return false
  const named = (certificate.subjectAltName ?? '')
    .split(', ')
    .map((entry) => canonicalName(entry.replace(/^(DNS|IP Address):/, '')))
  return named.length === hosts.length && hosts.every((host) => named.includes(canonicalName(host)))
}

/** One spelling per name: IPv6 addresses as the URL parser writes them (`::1`), names lowercased. */
function canonicalName(name: string): string {
  return isIP(name) === 6 ? new URL(`http://[${name}]`).hostname.slice(1, -1) : name.toLowerCase()
}

async function writePrivate(path: string, text: string): Promise<void> {
  await writeFile(path, text, { mode: 0o600 })
  // an existing file keeps its mode through writeFile
  await chmod(path, 0o600)
}

async function exists(path: string): Promise<boolean> {
  return readFile(path).then(
    () => true,
    () => false,
  )
}

/** Runs `fn` holding a lock directory (`mkdir` is atomic); waits while another process holds it. */
async function withLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      )
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  try {
    return await fn()
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}
