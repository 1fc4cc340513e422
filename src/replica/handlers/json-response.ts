/**
 * @module
 * Native JSON answers: plain Hono responses, a record as `{ attributes, ...fields }`, and
 * describe answers (pure functions of the object, the version and the actor over read-only
 * metadata) kept as text per handler after their first serialisation.
 */
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { RecordView } from '../records/record-view.js'
import type { NativeContext } from './native-env.js'

export function jsonText(c: NativeContext, text: string, status: 200 | 201 = 200): Response {
  return c.body(text, status, { 'content-type': 'application/json; charset=UTF-8' })
}

export function jsonValue(c: NativeContext, value: unknown, status: 200 | 201 | 300 = 200): Response {
  return c.json(value as object, status)
}

/** A create's 201 with the new record's URL in `Location`. */
export function jsonCreated(c: NativeContext, value: unknown, location: string): Response {
  return c.json(value as object, 201, { Location: location })
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
