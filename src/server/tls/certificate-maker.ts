/**
 * @module
 * Makes the local CA, a server certificate signed by it and a PKCS#12 trust store for Java, with
 * pkijs (see docs/decisions/0043-https-certificate-library.md). Keys are ECDSA P-256 from Node's
 * WebCrypto: fast to make and accepted by every TLS stack the guides cover.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const
const DAY_MS = 86_400_000
const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyId: '2.5.29.14',
  authorityKeyId: '2.5.29.35',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  friendlyName: '1.2.840.113549.1.9.20',
  /** Java's PKCS12KeyStore loads a certificate-only bag as a trusted entry only with this attribute. */
  javaTrustedKeyUsage: '2.16.840.1.113894.746875.1.1',
  anyExtendedKeyUsage: '2.5.29.37.0',
} as const
/** keyUsage bits, first byte (RFC 5280 4.2.1.3): digitalSignature 0x80, keyCertSign 0x04, cRLSign 0x02. */
const KEY_USAGE_CA = 0x06
const KEY_USAGE_SERVER = 0x80

/** A certificate and its private key, both PEM. */
export interface PemPair {
  certPem: string
  keyPem: string
}

export async function makeCertificateAuthority(validDays: number): Promise<PemPair> {
  const keys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const name = distinguishedName('replica-mock local CA')
  const certificate = await baseCertificate(keys.publicKey, name, name, validDays)
  const keyId = await keyIdentifier(certificate)
  certificate.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 })),
    extension(OID.keyUsage, true, keyUsage(KEY_USAGE_CA)),
    extension(OID.subjectKeyId, false, new asn1js.OctetString({ valueHex: keyId })),
  ]
  await certificate.sign(keys.privateKey, 'SHA-256')
  return { certPem: certificatePem(certificate), keyPem: await privateKeyPem(keys.privateKey) }
}

/** A server certificate for `hosts` (DNS names and IP addresses), signed by `ca`. */
export async function makeServerCertificate(
  ca: PemPair,
  hosts: readonly string[],
  validDays: number,
): Promise<PemPair> {
  const caCertificate = pkijs.Certificate.fromBER(new X509Certificate(ca.certPem).raw)
  const caKey = await crypto.subtle.importKey('pkcs8', pkcs8Der(ca.keyPem), KEY_ALGORITHM, false, ['sign'])
  const keys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const subject = distinguishedName(hosts[0] ?? 'localhost')
  const certificate = await baseCertificate(keys.publicKey, subject, caCertificate.subject, validDays)
  const altNames = hosts.map((host) =>
    isIP(host)
      ? new pkijs.GeneralName({ type: 7, value: new asn1js.OctetString({ valueHex: ipBytes(host) }) })
      : new pkijs.GeneralName({ type: 2, value: host }),
  )
  certificate.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false })),
    extension(OID.keyUsage, true, keyUsage(KEY_USAGE_SERVER)),
    extension(OID.extKeyUsage, false, new pkijs.ExtKeyUsage({ keyPurposes: [OID.serverAuth] })),
    extension(OID.subjectAltName, false, new pkijs.AltName({ altNames })),
    extension(
      OID.authorityKeyId,
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: await keyIdentifier(caCertificate) }),
      }),
    ),
  ]
  await certificate.sign(caKey, 'SHA-256')
  return { certPem: certificatePem(certificate), keyPem: await privateKeyPem(keys.privateKey) }
}

/**
 * A PKCS#12 file holding `caCertPem` as a trusted certificate entry (what Java's
 * `-Djavax.net.ssl.trustStore` reads), its integrity MAC keyed by `password`.
 */
export async function makeTrustStore(caCertPem: string, password: string): Promise<Uint8Array> {
  const certificate = pkijs.Certificate.fromBER(new X509Certificate(caCertPem).raw)
  const bag = new pkijs.SafeBag({
    bagId: OID.certBag,
    bagValue: new pkijs.CertBag({ parsedValue: certificate }),
    bagAttributes: [
      new pkijs.Attribute({
        type: OID.friendlyName,
        values: [new asn1js.BmpString({ value: 'replica-mock-ca' })],
      }),
      new pkijs.Attribute({
        type: OID.javaTrustedKeyUsage,
        values: [new asn1js.ObjectIdentifier({ value: OID.anyExtendedKeyUsage })],
      }),
    ],
  })
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [{ privacyMode: 0, value: new pkijs.SafeContents({ safeBags: [bag] }) }],
        },
      }),
    },
  })
  await pfx.parsedValue?.authenticatedSafe?.makeInternalValues({ safeContents: [{}] })
  await pfx.makeInternalValues({
    password: new TextEncoder().encode(password).buffer,
    iterations: 2048,
    pbkdf2HashAlgorithm: 'SHA-256',
    hmacHashAlgorithm: 'SHA-256',
  })
  return new Uint8Array(pfx.toSchema().toBER(false))
}

async function baseCertificate(
  publicKey: CryptoKey,
  subject: pkijs.RelativeDistinguishedNames,
  issuer: pkijs.RelativeDistinguishedNames,
  validDays: number,
): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  certificate.serialNumber = new asn1js.Integer({ valueHex: randomSerial() })
  certificate.subject = subject
  certificate.issuer = issuer
  // an hour back: a client whose clock runs a little behind still accepts it
  const notBefore = Date.now() - 3_600_000
  certificate.notBefore.value = new Date(notBefore)
  certificate.notAfter.value = new Date(notBefore + validDays * DAY_MS)
  await certificate.subjectPublicKeyInfo.importKey(publicKey)
  return certificate
}

function distinguishedName(commonName: string): pkijs.RelativeDistinguishedNames {
  const attribute = (type: string, value: string) =>
    new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) })
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [attribute(OID.organization, 'replica-mock'), attribute(OID.commonName, commonName)],
  })
}

/** `value` is a pkijs structure or an asn1js value (a BIT STRING, an OCTET STRING). */
function extension(
  extnID: string,
  critical: boolean,
  value: { toSchema(): asn1js.AsnType } | asn1js.AsnType,
) {
  const schema = 'toSchema' in value ? value.toSchema() : value
  return new pkijs.Extension({ extnID, critical, extnValue: schema.toBER(false) })
}

function keyUsage(firstByte: number): asn1js.BitString {
  // a one-byte BIT STRING; the unused trailing bits are left out of the count
  const unusedBits = firstByte === 0 ? 0 : Math.min(7, countTrailingZeros(firstByte))
  return new asn1js.BitString({ valueHex: new Uint8Array([firstByte]).buffer, unusedBits })
}

function countTrailingZeros(byte: number): number {
  let count = 0
  while (count < 8 && (byte & (1 << count)) === 0) count++
  return count
}

/** SHA-1 of the subject public key, as RFC 5280 4.2.1.2 suggests. */
async function keyIdentifier(certificate: pkijs.Certificate): Promise<ArrayBuffer> {
  const key = certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView
  return crypto.subtle.digest('SHA-1', new Uint8Array(key))
}

function randomSerial(): ArrayBuffer {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  // positive INTEGER, no leading zero byte
  bytes[0] = (bytes[0]! & 0x7f) | 0x40
  return bytes.buffer
}

function ipBytes(address: string): ArrayBuffer {
  if (isIP(address) === 4) return new Uint8Array(address.split('.').map(Number)).buffer
  // the URL parser writes an IPv6 address as hex groups only (an embedded IPv4 part too)
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1)
  const [head = '', tail = ''] = canonical.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  const zeros = canonical.includes('::') ? 8 - groups(head).length - groups(tail).length : 0
  const all = [...groups(head), ...Array<string>(zeros).fill('0'), ...groups(tail)]
  const bytes = new Uint8Array(16)
  all.forEach((group, index) => {
    const value = Number.parseInt(group, 16)
    bytes[index * 2] = value >> 8
    bytes[index * 2 + 1] = value & 0xff
  })
  return bytes.buffer
}

function certificatePem(certificate: pkijs.Certificate): string {
  return new X509Certificate(Buffer.from(certificate.toSchema(true).toBER(false))).toString()
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await crypto.subtle.exportKey('pkcs8', key))
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({
    format: 'pem',
    type: 'pkcs8',
  }) as string
}

function pkcs8Der(keyPem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createPrivateKey(keyPem).export({ format: 'der', type: 'pkcs8' }))
}
