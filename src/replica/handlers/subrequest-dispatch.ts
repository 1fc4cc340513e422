/**
 * @module
 * What the composite executors run on: `createDispatch` sends a subrequest through the replica's
 * own routes (the same Hono app as single REST calls) with the caller's bindings — plus the
 * transaction it runs in — and reads the answer back as data; a plain record create is answered
 * by the create route's own function instead (`directCreate`); `transactFor` gives the store
 * transaction a composite resource runs in: its own (holding the store's lock), or a savepoint
 * of the one its caller already runs in (sObject Collections inside a composite).
 */
import type { Dispatch, Subrequest, Subresponse, Transact } from '../composite/index.js'
import { savepointOf } from '../composite/index.js'
import { createRecord } from './create-record.js'
import { basePath, type NativeContext, type NativeEnv, type SubrequestReply } from './native-env.js'
import { nativeErrorAnswer } from './to-native-error-response.js'

/** The replica's routes, as `createCrmRoutes` builds them. */
export type FetchRoutes = (request: Request, env: NativeEnv['Bindings']) => Response | Promise<Response>

/**
 * Response headers a subrequest's answer passes on: the new record's `Location` (the replica's
 * routes set no ETag or Last-Modified; a composite answer never has Content-Length).
 */
const PASSED_ON = ['Location']

/**
 * The body goes in parsed (binding `body`) and a successful JSON answer comes back as a value
 * (binding `reply`): a Request or Response body stream costs more than the record write itself.
 * So a subrequest's Request carries no body and is immutable: one per method and URL is reused
 * (the 200 records of a collections create share one).
 */
export function createDispatch(c: NativeContext, fetchRoutes: FetchRoutes): Dispatch {
  const origin = new URL(c.req.url).origin
  const accept = c.req.header('accept')
  const requests = new Map<string, Request>()
  const requestFor = (method: string, url: string, headers: Readonly<Record<string, string>> | undefined) => {
    // a subrequest inherits Accept from the request itself (it may not set it)
    const sent = accept ? { ...headers, accept } : headers
    if (headers) return new Request(origin + url, { method, headers: sent })
    const key = `${method} ${url}`
    let request = requests.get(key)
    if (!request) {
      request = new Request(origin + url, { method, headers: sent })
      if (requests.size < MAX_REUSED) requests.set(key, request)
    }
    return request
  }
  const base = `${basePath(c)}/sobjects/`
  const dispatch: Dispatch = async (subrequest, scope) => {
    const direct = scope && directCreate(c, base, subrequest)
    if (direct) return direct
    const request = requestFor(subrequest.method, subrequest.url, subrequest.headers)
    const reply: SubrequestReply = {}
    const env = subrequestBindings(c.env, scope, subrequest.body, reply)
    return readSubresponse(await fetchRoutes(request, env), reply)
  }
  // the create runs in a store transaction of its own (RecordService.create): all or nothing
  dispatch.atomic = (subrequest) => directCreate(c, base, subrequest)
  return dispatch
}

/** An object name that stands in a URL path as it is: nothing to decode, no other route. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_]*$/

/**
 * A record create at the caller's own API version, with a body and no headers, inside the
 * caller's transaction (every sObject Collections create, most composite ones) is answered by the
 * create route's own function (create-record.ts) instead of a trip through the router. The
 * route's middleware has nothing to add to it: the same Accept and version (so the same view) as
 * the call it is part of, no conditional headers, the store already held. The router, context
 * and Response per record cost about as much as the write itself. Anything else is routed.
 */
function directCreate(c: NativeContext, base: string, subrequest: Subrequest): Subresponse | undefined {
  if (subrequest.method !== 'POST' || subrequest.headers || subrequest.body === undefined) return undefined
  if (!subrequest.url.startsWith(base)) return undefined
  const objectName = subrequest.url.slice(base.length)
  if (!PLAIN_NAME.test(objectName)) return undefined
  try {
    const { value, location } = createRecord(c.env.app, objectName, subrequest.body, c.get('view'))
    return { status: 201, headers: { Location: location }, body: value }
  } catch (error) {
    const { status, body } = nativeErrorAnswer(error, 'POST', subrequest.url)
    return { status, headers: {}, body }
  }
}

/**
 * The caller's bindings with the subrequest's own. Named one by one, not spread: a spread of the
 * caller's bindings measured ~10 µs per collections record in-process, half its cost (V8's clone
 * of the object took a slow path), against nothing for the literal. A new binding goes here too.
 */
function subrequestBindings(
  parent: NativeEnv['Bindings'],
  transaction: NativeEnv['Bindings']['transaction'],
  body: unknown,
  reply: SubrequestReply,
): NativeEnv['Bindings'] {
  const { call, app, describeCache, management, bulk } = parent
  return { call, app, describeCache, management, bulk, transaction, body, reply }
}

/** Requests kept for reuse by one dispatcher (a request touches at most a few thousand URLs). */
const MAX_REUSED = 64

export function transactFor(c: NativeContext): Transact {
  const outer = c.env.transaction
  if (outer) return savepointOf(outer)
  const { store } = c.env.app
  return (work) => store.transactionAsync(work)
}

async function readSubresponse(response: Response, reply: SubrequestReply): Promise<Subresponse> {
  const status = response.status
  // answered through json-response.ts: the reply slot holds all that is passed on
  if (reply.value !== undefined) {
    return {
      status,
      headers: reply.location === undefined ? {} : { Location: reply.location },
      body: reply.value,
    }
  }
  const headers: Record<string, string> = {}
  for (const name of PASSED_ON) {
    const value = response.headers.get(name)
    if (value !== null) headers[name] = value
  }
  // errors (and anything not answered through json-response.ts) come as a body
  const text = reply.text ?? (await response.text())
  let body: unknown = null
  if (text !== '') {
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  }
  return { status, headers, body }
}
