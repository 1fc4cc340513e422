/**
 * @module
 * The built-in routes' answers. Each goes through `answerWith`, which leaves the body it answered
 * in the request context (`nativeAnswer`) beside the response: the gateway then records and
 * passes on that body instead of reading the response back from its stream (docs/decisions/0067).
 * Reads and describes carry the real API's `application/json; charset=UTF-8`; writes and errors
 * `application/json`, as Hono's `c.json` writes it.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import type { NativeVariables } from '../native-call.js'

/** Any context whose routes answer for the gateway (the native routes, the one app's 404). */
type AnsweringContext = Pick<Context, 'body'> & {
  set(key: 'nativeAnswer', value: NativeVariables['nativeAnswer']): void
}

/** An answer of `body` (null for none) that the gateway can take without reading it back. */
export function answerWith(
  c: AnsweringContext,
  body: string | Uint8Array<ArrayBuffer> | null,
  status: StatusCode,
  headers?: Record<string, string>,
): Response {
  const response =
    body === null ? c.body(null, status, headers) : c.body(body, status as ContentfulStatusCode, headers)
  c.set('nativeAnswer', { response, body })
  return response
}

/** A read or describe answer, `application/json; charset=UTF-8` like the real API's. */
export function jsonUtf8(c: AnsweringContext, value: unknown): Response {
  return jsonUtf8Text(c, JSON.stringify(value))
}

/** `jsonUtf8` of a value already serialised. */
export function jsonUtf8Text(c: AnsweringContext, text: string): Response {
  return answerWith(c, text, 200, { 'content-type': 'application/json; charset=UTF-8' })
}

/** `application/json`, as `c.json` answers (writes, results, errors). */
export function jsonValue(
  c: AnsweringContext,
  value: unknown,
  status: StatusCode = 200,
  headers: Record<string, string> = {},
): Response {
  return answerWith(c, JSON.stringify(value), status, { 'content-type': 'application/json', ...headers })
}

/** A create's 201 with the new record's URL in `Location`. */
export function jsonCreated(c: AnsweringContext, value: unknown, location: string): Response {
  return jsonValue(c, value, 201, { Location: location })
}
