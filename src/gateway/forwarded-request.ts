/**
 * @module
 * A body-less call (GET, HEAD) handed to the app under its native path without building a second
 * Fetch `Request`: undici's constructor copies the headers into a new list, makes an AbortSignal
 * and more, about 8% of the server's time per record read. The forwarded request answers `url`
 * with the native URL; `method`, `headers`, `signal` and every other property read through to the
 * request the client sent; a method that needs a real Request (`clone`, `text`, ...) builds one
 * on its first use. @hono/node-server's lightweight request works the same way.
 */

const kSent = Symbol('sent')
const kUrl = Symbol('url')
const kReal = Symbol('real')

interface Forwarded {
  [kSent]: Request
  [kUrl]: string
  [kReal]?: Request
}

let prototype: object | undefined

/**
 * @param sent the request the client sent (no body: GET or HEAD)
 * @param url the URL the app sees
 * @example
 * forwardedRequest(request, 'https://api.replica.test/services/data/v60.0/sobjects/Account/001...')
 */
export function forwardedRequest(sent: Request, url: string): Request {
  prototype ??= forwardedPrototype()
  const forwarded = Object.create(prototype) as Forwarded
  forwarded[kSent] = sent
  forwarded[kUrl] = url
  return forwarded as unknown as Request
}

function real(self: Forwarded): Request {
  const sent = self[kSent]
  self[kReal] ??= new Request(self[kUrl], { method: sent.method, headers: sent.headers, signal: sent.signal })
  return self[kReal]
}

/** Request's accessors read through to the sent request, its methods go to a real one; `instanceof Request` holds. */
function forwardedPrototype(): object {
  const base = globalThis.Request.prototype
  const properties: PropertyDescriptorMap = {}
  for (let proto = base; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const key of Reflect.ownKeys(proto)) {
      if (key === 'constructor' || key in properties) continue
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!
      if (descriptor.get) {
        properties[key] = {
          get(this: Forwarded) {
            return (this[kSent] as unknown as Record<PropertyKey, unknown>)[key]
          },
        }
      } else if (typeof descriptor.value === 'function') {
        properties[key] = {
          value(this: Forwarded, ...args: unknown[]) {
            const target = real(this) as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>
            return target[key]!(...args)
          },
        }
      }
    }
  }
  properties.url = {
    get(this: Forwarded) {
      return this[kUrl]
    },
  }
  return Object.create(base, properties)
}
