/**
 * @module
 * Native JSON responses: records as `{ attributes, ...fields }`, and describe answers (pure
 * functions of the object, the version and the actor over read-only metadata) kept as text after
 * their first serialisation.
 * A composite's subrequest gets its answer as a value or text beside an empty Response (a body
 * stream written and read back costs more than the write it reports); in-process, any other call
 * gets a light response (`light-response.ts`), which the gateway passes on without reading a stream.
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { RecordView } from '../records/record-view.js'
import { lightResponse, lightResponses } from '../light-response.js'
import type { NativeContext } from './native-env.js'

const TEXT_HEADERS = Object.freeze({ 'content-type': 'application/json; charset=UTF-8' })
/** `c.json`'s content type, for a light response made instead. */
export const VALUE_HEADERS = Object.freeze({ 'content-type': 'application/json' })

export function jsonText(c: NativeContext, text: string, status: 200 | 201 = 200): Response {
  const reply = c.env.reply
  if (reply) {
    reply.text = text
    return c.body(null, status)
  }
  if (lightResponses()) return lightResponse(text, status, TEXT_HEADERS)
  return c.body(text, status, { 'content-type': 'application/json; charset=UTF-8' })
}

/** `c.json(value, status)`; a composite subrequest gets the value itself (native-env.ts `reply`). */
export function jsonValue(c: NativeContext, value: unknown, status: 200 | 201 | 300 = 200): Response {
  const reply = c.env.reply
  if (reply) {
    reply.value = value
    return c.body(null, status)
  }
  if (lightResponses()) return lightResponse(JSON.stringify(value), status, VALUE_HEADERS)
  return c.json(value as object, status)
}

/**
 * `jsonValue` with a `Location` header (a create's 201). Built with plain headers: Hono turns a
 * header set on the context, or two headers given to `c.body`, into a Fetch `Headers`, which the
 * standalone adapter then writes through its slower path. A composite subrequest gets the
 * location in its reply slot, beside the value.
 */
export function jsonCreated(c: NativeContext, value: unknown, location: string): Response {
  const reply = c.env.reply
  if (reply) {
    reply.location = location
    return jsonValue(c, value, 201)
  }
  const headers = { 'content-type': 'application/json', location }
  if (lightResponses()) return lightResponse(JSON.stringify(value), 201, headers)
  return new Response(JSON.stringify(value), { status: 201, headers })
}

/** `{ attributes: { type, url }, ...fields }` of a record view, `base` being `/services/data/vXX.X`. */
export function recordJson(object: string, record: RecordView, base: string): Record<string, unknown> {
  const id = typeof record.Id === 'string' ? record.Id : undefined
  const attributes = id ? { type: object, url: `${base}/sobjects/${object}/${id}` } : { type: object }
  return { attributes, ...record }
}

export function recordText(object: string, record: RecordView, base: string): string {
  return JSON.stringify(recordJson(object, record, base))
}

/** The text of a describe answer, built once per kind, object, version and actor. */
export function describeText(
  c: NativeContext,
  kind: string,
  object: string,
  build: (metadata: MetadataService, view: MetadataView) => unknown,
): string {
  const { metadata } = c.env.app
  const view = c.get('view')
  let texts = c.env.describeCache.get(metadata)
  if (!texts) {
    texts = new Map()
    c.env.describeCache.set(metadata, texts)
  }
  const key = `${kind}|${object.toLowerCase()}|${view.apiVersion}|${view.actor}`
  let text = texts.get(key)
  if (text === undefined) {
    text = JSON.stringify(build(metadata, view))
    texts.set(key, text)
  }
  return text
}
