/**
 * @module
 * Native JSON answers as plain Hono responses. Reads and describes carry the real API's
 * `application/json; charset=UTF-8`; writes and other answers go through `c.json`.
 */
import type { NativeContext } from './native-env.js'

/** A read or describe answer, `application/json; charset=UTF-8` like the real API's. */
export function jsonUtf8(c: NativeContext, value: unknown): Response {
  return jsonUtf8Text(c, JSON.stringify(value))
}

/** `jsonUtf8` of a value already serialised. */
export function jsonUtf8Text(c: NativeContext, text: string): Response {
  return c.body(text, 200, { 'content-type': 'application/json; charset=UTF-8' })
}

export function jsonValue(c: NativeContext, value: unknown, status: 200 | 201 | 300 = 200): Response {
  return c.json(value as object, status)
}

/** A create's 201 with the new record's URL in `Location`. */
export function jsonCreated(c: NativeContext, value: unknown, location: string): Response {
  return c.json(value as object, 201, { Location: location })
}
