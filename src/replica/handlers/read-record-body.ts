/**
 * @module
 * The body of an sObject create or update: JSON, or a multipart request as Salesforce documents
 * it for blob fields — one non-binary part holding the record's fields as JSON (any name, as
 * `entity_content` or `entity_document`), and at most one binary part named after the blob field
 * (`VersionData`, `Body`) with a `filename`. The binary part's bytes become that field's value
 * (base64, as a JSON body would send them); the parts are read by the Fetch API's `formData()`.
 * A body carrying a blob is marked on the call, so the recording keeps its bytes out.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_insert_update_blob.htm
 */
import { parseLimitedJson } from '../../schemas/json-limits.js'
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'
import { isMultipart } from './bulk-request.js'
import type { NativeContext } from './native-env.js'
import { NATIVE_JSON_LIMITS, readJsonBody } from './read-json-body.js'

/** The record's fields as a JSON body would send them. */
export async function readRecordBody(c: NativeContext, objectName: string): Promise<unknown> {
  const app = c.get('data')
  // a platform event is no object of the schema and has no blob field: its body is plain JSON
  if (app.events.types.find(objectName)) return readJsonBody(c)
  const view = c.get('view')
  const object = app.metadata.getObject(objectName, view)
  if (!isMultipart(c)) {
    const input = await readJsonBody(c)
    markBlobRecords(c, [input], object.name)
    return input
  }
  let form: FormData
  try {
    // the gateway has read the body (within its cap): the Fetch API parses those bytes
    const type = c.req.header('content-type') ?? ''
    form = await new Response(c.get('native').body, { headers: { 'content-type': type } }).formData()
  } catch (error) {
    throw invalid(`Failed to read the multipart body: ${(error as Error).message}`)
  }
  const entries = [...form.entries()]
  const texts = entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const files = entries.filter((entry): entry is [string, File] => typeof entry[1] !== 'string')
  if (texts.length !== 1) {
    throw invalid(
      `The multipart body has ${texts.length} non-binary parts: send one, the record's fields as JSON (a binary part needs a filename)`,
    )
  }
  if (files.length > 1) throw invalid(`The multipart body has ${files.length} binary parts: send at most one`)
  const [, text] = texts[0]!
  if (text.trimStart().startsWith('<')) throw new UnsupportedFeatureError('An XML part in a multipart body')
  let input: unknown
  try {
    input = parseLimitedJson(text, NATIVE_JSON_LIMITS)
  } catch (error) {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      `Failed to parse the non-binary part as JSON: ${(error as Error).message}`,
    )
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      'The non-binary part must be a JSON object of the record’s fields',
    )
  }
  if (files.length === 0) return input
  const blobFields = app.metadata.visibleFields(object, view).filter((field) => field.type === 'base64')
  const [name, file] = files[0]!
  const field = blobFields.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase())
  if (!field) {
    const known = blobFields.map((candidate) => candidate.name).join(', ') || 'none'
    throw new ReplicaError(
      'INVALID_FIELD',
      `The binary part "${name}" names no blob field of ${object.name} (its blob fields: ${known})`,
      [name],
    )
  }
  if (Object.keys(input).some((key) => key.toLowerCase() === field.name.toLowerCase())) {
    throw invalid(`${field.name} is sent twice: in the JSON part and as the binary part`)
  }
  markBinaryRequest(c)
  const bytes = Buffer.from(await file.arrayBuffer())
  return { ...input, [field.name]: bytes.toString('base64') }
}

/**
 * Marks the call's request as carrying a file's bytes when one of `records` (JSON bodies of
 * records: of `objectName`, or of the object their `attributes.type` names) sends a blob field.
 */
export function markBlobRecords(c: NativeContext, records: readonly unknown[], objectName?: string): void {
  const { metadata } = c.get('data')
  const view = c.get('view')
  for (const record of records) {
    if (!record || typeof record !== 'object' || Array.isArray(record)) continue
    const attributes = (record as { attributes?: { type?: unknown } }).attributes
    const name = objectName ?? (typeof attributes?.type === 'string' ? attributes.type : undefined)
    const object = name === undefined ? undefined : metadata.findObject(name, view)
    if (!object) continue
    const sendsBlob = Object.keys(record).some(
      (key) => metadata.findField(object, key, view)?.type === 'base64',
    )
    if (sendsBlob) {
      markBinaryRequest(c)
      return
    }
  }
}

function markBinaryRequest(c: NativeContext): void {
  c.set('nativeBinary', { ...c.get('nativeBinary'), request: true })
}

function invalid(message: string): ReplicaError {
  return new ReplicaError('INVALID_INPUT', message)
}
