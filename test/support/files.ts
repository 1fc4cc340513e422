/**
 * Blob requests for conformance tests: a multipart body as Salesforce documents it (a JSON part,
 * then a binary part named after the blob field), and a blob GET read as bytes (the test client
 * reads bodies as text).
 */
import type { AppConnection } from './native.js'

export const BOUNDARY = 'replica_mock_boundary'

/** `--boundary` parts: the record's fields as JSON under `jsonName`, then `bytes` as `field` (when given). */
export function multipartBody(
  fields: Record<string, unknown>,
  file?: { field: string; filename: string; bytes: Uint8Array; type?: string },
  jsonName = 'entity_content',
): Uint8Array {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${jsonName}"\r\nContent-Type: application/json\r\n\r\n` +
    `${JSON.stringify(fields)}\r\n`
  const parts: Uint8Array[] = [new TextEncoder().encode(head)]
  if (file) {
    parts.push(
      new TextEncoder().encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      new TextEncoder().encode('\r\n'),
    )
  }
  parts.push(new TextEncoder().encode(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(parts)
}

/** The header of a `multipartBody`. */
export const MULTIPART = { 'content-type': `multipart/form-data; boundary="${BOUNDARY}"` }

/** `GET {credentials.url}{path}` with the app token; the body as bytes. */
export async function getBytes(app: AppConnection, path: string) {
  const response = await fetch(app.credentials.url + path, {
    headers: { authorization: `Bearer ${app.credentials.token}` },
  })
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
}

/** `n` bytes of every value 0..255 in turn: not UTF-8 text. */
export function binaryBytes(n: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => i % 256)
}
