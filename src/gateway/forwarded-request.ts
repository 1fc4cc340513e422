/**
 * @module
 * The request an app gets for a call to an app URL, without building a second Fetch `Request`
 * (undici's constructor copies the headers into a new list, makes an AbortSignal and wraps the body
 * in a stream: about 8% of the server's time per read, 15% per create). The forwarded request
 * answers `url` with the native URL; `method`, `headers`, `signal` and the other accessors read
 * through to the request the client sent. A body the gateway read is answered from its bytes by
 * `text()`, `json()`, `arrayBuffer()` and `bytes()`; `body`, `formData()`, `clone()` and the rest
 * use a real Request built on first use. @hono/node-server's lightweight request works the same way.
 */

import { standInPrototype } from '../replica/stand-in.js'

const kSent = Symbol('sent')
const kUrl = Symbol('url')
const kBody = Symbol('body')
const kUsed = Symbol('used')
const kReal = Symbol('real')

interface Forwarded {
  [kSent]: Request
  [kUrl]: string
  /** The body the gateway read; undefined for a call without one (GET, HEAD). */
  [kBody]: Uint8Array<ArrayBuffer> | undefined
  [kUsed]: boolean
  [kReal]?: Request
}

/** Bodies up to this size go into the real Request as a copy (cheaper than a stream for small ones). */
const COPY_MAX_BYTES = 64 * 1024

let prototype: object | undefined

/**
 * @param sent the request the client sent (its body, if any, already read by the gateway)
 * @param url the URL the app sees
 * @param body the body the gateway read, for a method that has one
 * @example
 * forwardedRequest(request, 'https://api.replica.test/services/data/v60.0/sobjects/Account/001...')
 */
export function forwardedRequest(sent: Request, url: string, body?: Uint8Array<ArrayBuffer>): Request {
  prototype ??= forwardedPrototype()
  const forwarded = Object.create(prototype) as Forwarded
  forwarded[kSent] = sent
  forwarded[kUrl] = url
  forwarded[kBody] = body
  forwarded[kUsed] = false
  return forwarded as unknown as Request
}

/** A real Request for `request`: itself, or the one a forwarded request stands for (built now). */
export function realRequest(request: Request): Request {
  return kSent in request ? real(request as unknown as Forwarded) : request
}

function real(self: Forwarded): Request {
  self[kReal] ??= new Request(self[kUrl], realInit(self))
  return self[kReal]
}

/** What the gateway built a real Request from: the body it read, without the sent framing headers. */
function realInit(self: Forwarded): RequestInit {
  const sent = self[kSent]
  const data = self[kBody]
  const init = { method: sent.method, signal: sent.signal }
  if (data === undefined) return { ...init, headers: sent.headers }
  const headers = new Headers(sent.headers)
  headers.delete('content-length')
  headers.delete('transfer-encoding')
  if (data.byteLength <= COPY_MAX_BYTES) return { ...init, headers, body: data.byteLength > 0 ? data : null }
  // a Request copies a byte array it is given: a large body (an upload) goes in as a stream of
  // the very bytes the gateway read, so it is held in memory once
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(data)
      controller.close()
    },
  })
  return { ...init, headers, body: stream, duplex: 'half' } as RequestInit
}

/** The read body's bytes, once, as Fetch allows. */
function consume(self: Forwarded): Promise<Uint8Array<ArrayBuffer>> {
  if (self[kUsed] || self[kReal]?.bodyUsed) {
    return Promise.reject(new TypeError('Body is unusable: Body has already been read'))
  }
  self[kUsed] = true
  return Promise.resolve(self[kBody]!)
}

const decoder = new TextDecoder()

/** A reader answered from the body the gateway read, or by a real Request when it read none. */
function fromBytes(name: string, read: (bytes: Uint8Array<ArrayBuffer>) => unknown) {
  return (self: Forwarded): Promise<unknown> => {
    if (self[kBody] === undefined)
      return (real(self) as unknown as Record<string, () => Promise<unknown>>)[name]!()
    return consume(self).then(read)
  }
}

/** Request's accessors read through to the sent request, its methods go to a real one; `instanceof Request` holds. */
function forwardedPrototype(): object {
  return standInPrototype<Forwarded>(globalThis.Request.prototype, {
    getters: {
      url: (self) => self[kUrl],
      // the sent request's body was read by the gateway: a forwarded one with a body has its own
      body: (self) => (self[kBody] === undefined ? self[kSent].body : real(self).body),
      bodyUsed: (self) =>
        self[kBody] === undefined ? self[kSent].bodyUsed : self[kUsed] || (self[kReal]?.bodyUsed ?? false),
    },
    methods: {
      text: fromBytes('text', (bytes) => decoder.decode(bytes)),
      json: fromBytes('json', (bytes) => JSON.parse(decoder.decode(bytes))),
      arrayBuffer: fromBytes('arrayBuffer', (bytes) => bytes.slice().buffer),
      bytes: fromBytes('bytes', (bytes) => bytes.slice()),
    },
    readFrom: (self) => self[kSent],
    callOn: real,
  })
}
