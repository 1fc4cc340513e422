/**
 * @module
 * What the composite executors run on. `createDispatch` sends each subrequest as a real `Request`
 * (its JSON body as text) through the replica's own routes — the same routes as single REST
 * calls — and reads the `Response` back, so a record saved by a composite goes through the same
 * rules and answers exactly as a single call. It runs with its caller's call and data, and the
 * store transaction it runs inside. `transactFor` gives the transaction a composite resource runs in: its
 * own (holding the store's lock), or a savepoint of the one its caller already runs in (sObject
 * Collections inside a composite).
 */
import type { Dispatch, Subresponse } from '../composite/dispatch.js'
import { savepointOf, type Transact } from '../composite/transact.js'
import type { TransactionScope } from '../../store/transaction.js'
import type { CrmData } from '../crm-data.js'
import type { NativeCall } from '../native-call.js'
import type { CrmRoutesOptions, NativeContext } from './native-env.js'

/** What a composite hands its subrequests: the outer call and the transaction they run in. */
export interface SubrequestScope {
  call: NativeCall
  origin: string
  data: CrmData
  options: CrmRoutesOptions
  transaction: TransactionScope | undefined
}

/** The replica's routes, as `createCrmRoutes` builds them, called with a subrequest's scope. */
export type FetchRoutes = (request: Request, scope: SubrequestScope) => Response | Promise<Response>

export function createDispatch(c: NativeContext, fetchRoutes: FetchRoutes): Dispatch {
  const { call, origin } = c.get('native')
  const data = c.get('data')
  const options = c.get('options')
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
    const request = new Request(origin + subrequest.url, { method: subrequest.method, headers, body })
    return readSubresponse(await fetchRoutes(request, { call, origin, data, options, transaction }))
  }
}

export function transactFor(c: NativeContext): Transact {
  const outer = c.get('transaction')
  if (outer) return savepointOf(outer)
  const { store } = c.get('data')
  return (work) => store.transactionAsync(work)
}

/**
 * The answer as a composite passes it on: status, the new record's `Location` (the only header
 * the replica's routes set that a composite answer carries) and the parsed body.
 */
async function readSubresponse(response: Response): Promise<Subresponse> {
  const location = response.headers.get('location')
  const text = await response.text()
  let body: unknown = null
  if (text !== '') {
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  }
  return { status: response.status, headers: location === null ? {} : { Location: location }, body }
}
