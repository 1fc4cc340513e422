/**
 * @module
 * Fast paths for the standalone transport, `@hono/node-server`, whose Request and Response are
 * lazy: reading a body or iterating the headers the public way makes it build a full Fetch
 * Request or Response (and a stream) first, which costs more than the whole gateway.
 * - A request keeps Node's `IncomingMessage` under a symbol: its `rawHeaders` (a public Node API,
 *   `[name, value, ...]`) are the request headers as sent.
 * - A response it made keeps `[status, body, headers]` in a cache under a symbol until read; a
 *   string or byte body and plain-object headers can be taken from there as they are.
 * Both are found by their symbol's description; when they are not there (another transport, or
 * another version of the adapter) callers take the public, slower way.
 */

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

const incomingOf = underSymbol('incomingKey')
const cacheOf = underSymbol('cache')

/** The request's headers as Node's `rawHeaders`, when it came through @hono/node-server. */
export function incomingRawHeaders(request: Request): readonly string[] | undefined {
  const incoming = incomingOf(request) as { rawHeaders?: unknown } | undefined
  const raw = incoming?.rawHeaders
  return Array.isArray(raw) ? (raw as string[]) : undefined
}

export interface CachedResponse {
  body: string | Uint8Array | null
  /** The headers the response was made with (a plain object, a `Headers`, or pairs), if any. */
  headers: unknown
}

/** What a @hono/node-server response holds before it is read, when it holds a plain body. */
export function cachedResponse(response: Response): CachedResponse | undefined {
  const cache = cacheOf(response)
  if (!Array.isArray(cache) || cache.length !== 3) return undefined
  const body: unknown = cache[1]
  if (body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) return undefined
  return { body, headers: cache[2] }
}
