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
import type { NativeContext, NativeEnv } from './native-env.js'

/** The replica's routes, as `createCrmRoutes` builds them. */
export type FetchRoutes = (request: Request, env: NativeEnv['Bindings']) => Response | Promise<Response>

/** Response headers a subrequest's answer passes on (a composite answer has no Content-Length). */
const PASSED_ON = ['Location', 'ETag', 'Last-Modified']

export function createDispatch(c: NativeContext, fetchRoutes: FetchRoutes): Dispatch {
  const origin = new URL(c.req.url).origin
  const accept = c.req.header('accept')
  return async (subrequest, scope) => {
    const headers: Record<string, string> = { ...subrequest.headers }
    // a subrequest inherits Accept from the request itself (it may not set it)
    if (accept) headers.accept = accept
    let body: string | undefined
    if (subrequest.body !== undefined) {
      body = JSON.stringify(subrequest.body)
      headers['content-type'] = 'application/json'
    }
    const request = new Request(origin + subrequest.url, { method: subrequest.method, headers, body })
    return readSubresponse(await fetchRoutes(request, { ...c.env, transaction: scope }))
  }
}

export function transactFor(c: NativeContext): Transact {
  const outer = c.env.transaction
  if (outer) return savepointOf(outer)
  const { store } = c.env.app
  return (work) => store.transactionAsync(work)
}

async function readSubresponse(response: Response): Promise<Subresponse> {
  const text = await response.text()
  const headers: Record<string, string> = {}
  for (const name of PASSED_ON) {
    const value = response.headers.get(name)
    if (value !== null) headers[name] = value
  }
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
