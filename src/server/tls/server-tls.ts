/**
 * @module
 * The certificate and key `serve --https` presents: the user's own files, or a server certificate
 * of the local CA (`local-ca.ts`).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { certificateHosts, defaultTlsDir, ensureLocalCa, type LocalCa } from './local-ca.js'

/**
 * `true`: the local CA in the default directory. `{ tlsDir }`: the local CA kept there.
 * `{ certFile, keyFile }`: the user's own certificate (e.g. from mkcert); no CA is made.
 */
export type HttpsOption = true | { tlsDir?: string; certFile?: string; keyFile?: string }

export interface ServerTls {
  readonly cert: string
  readonly key: string
  /** Set when the certificate comes from the local CA. */
  readonly localCa?: LocalCa
}

export async function resolveServerTls(option: HttpsOption, host: string): Promise<ServerTls> {
  const { tlsDir, certFile, keyFile } = option === true ? {} : option
  if (certFile !== undefined || keyFile !== undefined) {
    if (certFile === undefined || keyFile === undefined) {
      throw new Error(
        'Failed to set up https: give both a certificate file and a key file (--cert and --key)',
      )
    }
    const cert = await readPem(certFile, 'certificate', (text) => new X509Certificate(text))
    const key = await readPem(keyFile, 'private key', (text) => createPrivateKey(text))
    return { cert, key }
  }
  const localCa = await ensureLocalCa(tlsDir ?? defaultTlsDir(), certificateHosts(host))
  return { cert: localCa.serverCertPem, key: localCa.serverKeyPem, localCa }
}

async function readPem(path: string, what: string, check: (text: string) => unknown): Promise<string> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new Error(`Failed to read the ${what} file ${path}: ${(error as Error).message}`)
  }
  try {
    check(text)
  } catch (error) {
    throw new Error(
      `Failed to read the ${what} file ${path}: not a PEM ${what} (${(error as Error).message})`,
    )
  }
  return text
}
