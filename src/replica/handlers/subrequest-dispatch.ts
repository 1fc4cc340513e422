/**
 * @module
 * What the composite executors run on: `createDispatch` sends a subrequest through the replica's
 * own routes (the same Hono app as single REST calls) with the caller's bindings — plus the
 * transaction it runs in — and reads the answer back as data; `transactFor` gives the store
 * transaction a composite resource runs in: its own (holding the store's lock), or a savepoint
 * of the one its caller already runs in (sObject Collections inside a composite).
 */
import type { Dispatch, Subresponse, Transact } from '../composite/index.js'
import { savepointOf } from '../composite/index.js'
import type { NativeContext, NativeEnv, SubrequestReply } from './native-env.js'

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
  return async (subrequest, scope) => {
    const request = requestFor(subrequest.method, subrequest.url, subrequest.headers)
    const reply: SubrequestReply = {}
    const env = { ...c.env, transaction: scope, body: subrequest.body, reply }
    return readSubresponse(await fetchRoutes(request, env), reply)
  }
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
