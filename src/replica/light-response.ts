/**
 * @module
 * A native answer made in-process as text, without a Fetch Response until one is needed. On
 * Node 20 (undici) a Response made from a string wraps it in a byte stream, and reading it back
 * costs as much again: in-process the gateway read every app answer that way, then made a second
 * Response to pass it on (~35-40 µs of a ~165 µs call on this machine, docs/decisions.md "Stop 29").
 * A light response answers `status`, `ok`, `statusText`, `type`, `url`, `redirected`, `bodyUsed`,
 * `text()` and `json()` from its own fields; `headers`, `body`, `clone()` and the other readers go
 * to a real Response built on first use; `instanceof Response` holds. The gateway takes its parts
 * as they are (`lightResponseParts`) and makes the one Response its caller gets.
 * @note Made only where the global Response is Node's own (`lightResponses()`): the standalone
 * server's adapter (@hono/node-server) puts a lazy Response of its own in its place, which it
 * writes without a stream, and which Hono's `c.body()` already makes.
 */

import { standInPrototype } from './stand-in.js'

const kParts = Symbol('light response')
const kUsed = Symbol('used')
const kReal = Symbol('real')

/** What a light response was made of. */
export interface LightResponseParts {
  status: number
  body: string
  /** Plain, lower-case names. */
  headers: Readonly<Record<string, string>>
}

interface Light {
  [kParts]: LightResponseParts
  [kUsed]: boolean
  [kReal]?: Response
}

// the Response of this realm as the module found it: the adapter replaces the global one later
const NodeResponse = globalThis.Response

// a Response class that keeps its accessors on each instance (not undici's) gets no stand-in
const STANDS_IN = Object.getOwnPropertyDescriptor(NodeResponse.prototype, 'status')?.get !== undefined

/** Whether answers may be light here: the global Response is still Node's own. */
export function lightResponses(): boolean {
  return STANDS_IN && globalThis.Response === NodeResponse
}

let prototype: object | undefined

/**
 * @example
 * lightResponse('{"id":"001..."}', 201, { 'content-type': 'application/json', location: '/x' })
 */
export function lightResponse(
  body: string,
  status: number,
  headers: Readonly<Record<string, string>>,
): Response {
  prototype ??= lightPrototype()
  const light = Object.create(prototype) as Light
  light[kParts] = { status, body, headers }
  light[kUsed] = false
  return light as unknown as Response
}

/** The parts of a light response, unread; undefined for any other response. */
export function lightResponseParts(response: Response): LightResponseParts | undefined {
  const light = response as unknown as Partial<Light>
  return light[kParts] !== undefined && !bodyUsed(light as Light) ? light[kParts] : undefined
}

function bodyUsed(self: Light): boolean {
  return self[kUsed] || (self[kReal]?.bodyUsed ?? false)
}

function real(self: Light): Response {
  if (!self[kReal]) {
    const { status, body, headers } = self[kParts]
    const made = new NodeResponse(body, { status, headers })
    // a body already read through the light response is read in the real one too
    if (self[kUsed]) made.text().catch(() => undefined)
    self[kReal] = made
  }
  return self[kReal]
}

/** The body, once, as Fetch allows. */
function consume(self: Light): Promise<string> {
  if (bodyUsed(self)) return Promise.reject(new TypeError('Body is unusable: Body has already been read'))
  self[kUsed] = true
  return Promise.resolve(self[kParts].body)
}

/** Response's accessors and methods: its own answers where it has them, the real Response's otherwise. */
function lightPrototype(): object {
  const status = (self: Light) => self[kParts].status
  return standInPrototype<Light>(NodeResponse.prototype, {
    getters: {
      status,
      ok: (self) => status(self) >= 200 && status(self) <= 299,
      statusText: () => '',
      type: () => 'default',
      url: () => '',
      redirected: () => false,
      bodyUsed,
    },
    methods: {
      text: consume,
      json: (self) => consume(self).then((text) => JSON.parse(text)),
    },
    readFrom: real,
    callOn: real,
  })
}
