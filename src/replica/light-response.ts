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

/** Whether answers may be light here: the global Response is still Node's own. */
export function lightResponses(): boolean {
  return globalThis.Response === NodeResponse
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

/** What every Response has, whether its class keeps it on the prototype or on each instance. */
const ACCESSORS = ['status', 'ok', 'statusText', 'type', 'url', 'redirected', 'bodyUsed', 'headers', 'body']
const METHODS = ['text', 'json', 'arrayBuffer', 'blob', 'bytes', 'formData', 'clone']

/** Response's accessors and methods: its own answers where it has them, the real Response's otherwise. */
function lightPrototype(): object {
  const getters: Record<string, (self: Light) => unknown> = {
    status: (self) => self[kParts].status,
    ok: (self) => self[kParts].status >= 200 && self[kParts].status <= 299,
    statusText: () => '',
    type: () => 'default',
    url: () => '',
    redirected: () => false,
    bodyUsed,
  }
  const methods: Record<string, (self: Light) => Promise<unknown>> = {
    text: (self) => consume(self),
    json: (self) => consume(self).then((text) => JSON.parse(text)),
  }
  const base = NodeResponse.prototype
  const keys = new Set<PropertyKey>([...ACCESSORS, ...METHODS, ...Reflect.ownKeys(base)])
  keys.delete('constructor')
  const properties: PropertyDescriptorMap = {}
  for (const key of keys) {
    const mine = typeof key === 'string' ? key : undefined
    const descriptor = Object.getOwnPropertyDescriptor(base, key)
    if (ACCESSORS.includes(mine!) || descriptor?.get) {
      const answer = mine === undefined ? undefined : getters[mine]
      properties[key] = {
        get(this: Light) {
          return answer ? answer(this) : (real(this) as unknown as Record<PropertyKey, unknown>)[key]
        },
      }
    } else if (METHODS.includes(mine!) || typeof descriptor?.value === 'function') {
      const answer = mine === undefined ? undefined : methods[mine]
      properties[key] = {
        value(this: Light, ...args: unknown[]) {
          if (answer) return answer(this)
          const target = real(this) as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>
          return target[key]!(...args)
        },
      }
    }
  }
  return Object.create(base, properties)
}
