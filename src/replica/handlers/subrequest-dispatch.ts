/**
 * @module
 * What the composite executors run on. `createDispatch` sends each subrequest as a real `Request`
 * (its JSON body as text) through the replica's own routes — the same Hono app as single REST
 * calls — and reads the `Response` back, so a record saved by a composite goes through the same
 * rules and answers exactly as a single call. The one extra binding is the store transaction the
 * subrequest runs inside. `transactFor` gives the transaction a composite resource runs in: its
 * own (holding the store's lock), or a savepoint of the one its caller already runs in (sObject
 * Collections inside a composite).
 */
import type { Dispatch, Subresponse } from '../composite/dispatch.js'
import { encodeSubrequestUrl } from '../composite/subrequest-url.js'
import { savepointOf, type Transact } from '../composite/transact.js'
import type { NativeContext, NativeEnv } from './native-env.js'

/** The replica's routes, as `createCrmRoutes` builds them. */
export type FetchRoutes = (request: Request, env: NativeEnv['Bindings']) => Response | Promise<Response>

export function createDispatch(c: NativeContext, fetchRoutes: FetchRoutes): Dispatch {
  const origin = new URL(c.req.url).origin
  const accept = c.req.header('accept')
  return async (subrequest, transaction) => {
    const headers = new Headers(subrequest.headers)
    // a subrequest inherits Accept from the request itself (it may not set it)
    if (accept) headers.set('accept', accept)
    let body: string | undefined
    if (subrequest.body !== undefined) {
      body = JSON.stringify(subrequest.body)
      headers.set('content-type', 'application/json')
    }
    const url = origin + encodeSubrequestUrl(subrequest.url)
    const request = new Request(url, { method: subrequest.method, headers, body })
    return readSubresponse(await fetchRoutes(request, { ...c.env, transaction }))
  }
}

export function transactFor(c: NativeContext): Transact {
  const outer = c.env.transaction
  if (outer) return savepointOf(outer)
  const { store } = c.env.app
  return (work) => store.transactionAsync(work)
}

/** Headers of a subresponse a composite answer carries in `httpHeaders`, as a real org writes them. */
const PASSED_ON = ['Location', 'ETag', 'Last-Modified']

/**
 * The answer as a composite passes it on: status, the headers it carries (a new record's
 * `Location`, a conditional read's validators) and the parsed body.
 */
async function readSubresponse(response: Response): Promise<Subresponse> {
  const headers: Record<string, string> = {}
  for (const name of PASSED_ON) {
    const value = response.headers.get(name)
    if (value !== null) headers[name] = value
  }
  const text = await response.text()
  let body: unknown = null
  if (text !== '') {
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  }
  return { status: response.status, headers, body }
}
