/**
 * @module
 * Native JSON responses from text written once: records serialised without copying them into a new
 * object for the `attributes` block, and describe answers (pure functions of the object, the
 * version and the actor over read-only metadata) kept as text after their first serialisation.
 * A composite's subrequest gets its answer as a value or text beside an empty Response (a body
 * stream written and read back costs more than the write it reports).
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { RecordView } from '../records/record-view.js'
import type { NativeContext } from './native-env.js'

export function jsonText(c: NativeContext, text: string, status: 200 | 201 = 200): Response {
  const reply = c.env.reply
  if (reply) {
    reply.text = text
    return c.body(null, status)
  }
  return c.body(text, status, { 'content-type': 'application/json; charset=UTF-8' })
}

/** `c.json(value, status)`; a composite subrequest gets the value itself (native-env.ts `reply`). */
export function jsonValue(c: NativeContext, value: unknown, status: 200 | 201 | 300 = 200): Response {
  const reply = c.env.reply
  if (reply) {
    reply.value = value
    return c.body(null, status)
  }
  return c.json(value as object, status)
}

/**
 * `jsonValue` with a `Location` header (a create's 201). A composite subrequest gets the location
 * in its reply slot, beside the value.
 */
export function jsonCreated(c: NativeContext, value: unknown, location: string): Response {
  const reply = c.env.reply
  if (reply) {
    reply.location = location
    return jsonValue(c, value, 201)
  }
  return c.json(value as object, 201, { Location: location })
}

/** `{"attributes":{"type","url"},...fields}` of a record view, `base` being `/services/data/vXX.X`. */
export function recordText(object: string, record: RecordView, base: string): string {
  const id = typeof record.Id === 'string' ? record.Id : undefined
  const attributes = JSON.stringify(
    id ? { type: object, url: `${base}/sobjects/${object}/${id}` } : { type: object },
  )
  const fields = JSON.stringify(record)
  return fields === '{}' ? `{"attributes":${attributes}}` : `{"attributes":${attributes},${fields.slice(1)}`
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
