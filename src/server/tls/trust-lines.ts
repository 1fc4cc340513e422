/**
 * @module
 * What `serve --https` prints about its local CA: where the CA file is and one copyable line per
 * ecosystem that makes a client trust it.
 */
import { TRUST_STORE_PASSWORD } from './local-ca.js'

/** @param url the https origin the server listens on */
export function trustLines(files: { caCert: string; trustStore: string }, url: string): string {
  const ca = shellWord(files.caCert)
  const store = shellWord(files.trustStore)
  return [
    `local CA: ${files.caCert} (also GET ${url}/__replica/ca.pem)`,
    'trust it with:',
    `  REQUESTS_CA_BUNDLE=${ca} SSL_CERT_FILE=${ca}    # Python requests, httpx, urllib; Go`,
    `  NODE_EXTRA_CA_CERTS=${ca}    # Node`,
    `  curl --cacert ${ca} ${url}/__replica/health`,
    `  -Djavax.net.ssl.trustStore=${store} -Djavax.net.ssl.trustStoreType=PKCS12 -Djavax.net.ssl.trustStorePassword=${TRUST_STORE_PASSWORD}    # Java`,
    '',
  ].join('\n')
}

/** The path as one POSIX shell word: quoted only when it holds characters the shell would read. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`
}
