/**
 * @module
 * A fast path for the standalone transport, `@hono/node-server`, whose Response is lazy: reading
 * its body or iterating its headers the public way makes it build a full Fetch Response (and a
 * stream) first, which costs more than the whole gateway. A response it made keeps
 * `[status, body, headers]` in a cache under a private symbol until read; a string or byte body
 * and plain-object headers can be taken from there as they are.
 * @note This reads a private field of @hono/node-server (found by its symbol's description): it
 * has no public way to see a response's body unread. When the field is not there (another
 * transport, or another version of the adapter) callers take the public, slower way. Measured in
 * docs/decisions.md ("Platform layers"). The app's in-process light responses are read the same way.
 */
import { lightResponseParts } from '../replica/light-response.js'

/**
 * The value `object` holds under a symbol described as `description`. The symbol found is
 * remembered (the adapter makes it once): later lookups read the property directly.
 */
function underSymbol(description: string): (object: object) => unknown {
  let known: symbol | undefined
  return (object) => {
    if (known !== undefined && Object.hasOwn(object, known)) return (object as Record<symbol, unknown>)[known]
    for (const key of Object.getOwnPropertySymbols(object)) {
      if (key.description !== description) continue
      known = key
      return (object as Record<symbol, unknown>)[key]
    }
    return undefined
  }
}

const cacheOf = underSymbol('cache')

export interface CachedResponse {
  status: number
  body: string | Uint8Array | null
  /** The headers the response was made with (a plain object, a `Headers`, or pairs), if any. */
  headers: unknown
}

/**
 * What a @hono/node-server response, or an app's light response (`light-response.ts`), holds before
 * it is read, when it holds a plain body.
 */
export function cachedResponse(response: Response): CachedResponse | undefined {
  const light = lightResponseParts(response)
  if (light) return light
  const cache = cacheOf(response)
  if (!Array.isArray(cache) || cache.length !== 3) return undefined
  const [status, body, headers] = cache as [unknown, unknown, unknown]
  if (typeof status !== 'number') return undefined
  if (body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) return undefined
  return { status, body, headers }
}

/** Headers given as a plain object (what Hono and the adapter keep when they can). */
export type PlainHeaders = Readonly<Record<string, string>>

export function isPlainHeaders(headers: unknown): headers is PlainHeaders {
  return (
    headers !== null &&
    typeof headers === 'object' &&
    !(headers instanceof Headers) &&
    !Array.isArray(headers)
  )
}

/**
 * `response` with `extra` headers set (replacing any of the same name), made as a new response of
 * the adapter's own kind with plain headers — when `response` still holds a plain body and plain
 * headers; undefined otherwise (set them on `response.headers` then). Setting them on
 * `response.headers` makes the adapter build a Fetch `Headers` for the response and write it
 * through its slower path, on every gateway call.
 */
export function withHeaders(
  response: Response,
  extra: readonly (readonly [string, string])[],
): Response | undefined {
  const cached = cachedResponse(response)
  if (!cached) return undefined
  const { status, body, headers } = cached
  if (headers != null && !isPlainHeaders(headers)) return undefined
  // copied key by key, skipping the names `extra` replaces: a spread followed by added or deleted
  // keys takes V8's slow path (~1.5 µs per gateway call, measured; a copy costs ~0.1 µs)
  const merged: Record<string, string> = {}
  if (headers != null) {
    for (const key in headers) if (!replaced(extra, key)) merged[key] = headers[key]!
  } else if (body !== null) {
    // the adapter's default when a response with a body names no headers
    merged['content-type'] = DEFAULT_CONTENT_TYPE
  }
  for (const [name, value] of extra) merged[name] = value
  // the adapter's own kind; Node's Response for a light one (it inherits its constructor)
  const Kind = response.constructor as typeof Response
  return new Kind(body as BodyInit | null, { status, headers: merged })
}

/** Whether `key` is one of the (lower-case) names of `extra`, compared case-insensitively. */
function replaced(extra: readonly (readonly [string, string])[], key: string): boolean {
  for (const [name] of extra) if (key.length === name.length && key.toLowerCase() === name) return true
  return false
}

/** What @hono/node-server answers a body with when no content type was given. */
const DEFAULT_CONTENT_TYPE = 'text/plain; charset=UTF-8'

/**
 * A header's value (`name` lower-case), read from plain headers without turning them into a
 * Fetch `Headers` (names compared case-insensitively there too).
 */
export function headerOf(headers: PlainHeaders | Headers, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name)
  const exact = headers[name]
  if (exact !== undefined) return exact
  for (const key in headers)
    if (key.length === name.length && key.toLowerCase() === name) return headers[key]!
  return null
}
