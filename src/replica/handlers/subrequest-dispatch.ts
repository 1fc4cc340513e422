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
import { encodeSubrequestUrl } from '../composite/subrequest-url.js'
import { savepointOf, type Transact } from '../composite/transact.js'
import type { TransactionScope } from '../../store/transaction.js'
import type { CrmData } from '../crm-data.js'
import type { NativeCall, NativeVariables } from '../native-call.js'
import type { CrmRoutesOptions, NativeContext } from './native-env.js'

/** What a composite hands its subrequests: the outer call and the transaction they run in. */
export interface SubrequestScope {
  call: NativeCall
  origin: string
  data: CrmData
  options: CrmRoutesOptions
  transaction: TransactionScope | undefined
  /** Tells the composite call which of its bodies carry a file's bytes (a subrequest's blob). */
  markBinary(marks: NonNullable<NativeVariables['nativeBinary']>): void
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
    const url = origin + encodeSubrequestUrl(subrequest.url)
    const request = new Request(url, { method: subrequest.method, headers, body })
    const markBinary = (marks: NonNullable<NativeVariables['nativeBinary']>) =>
      c.set('nativeBinary', { ...c.get('nativeBinary'), ...marks })
    return readSubresponse(
      await fetchRoutes(request, { call, origin, data, options, transaction, markBinary }),
    )
  }
}

export function transactFor(c: NativeContext): Transact {
  const outer = c.get('transaction')
  if (outer) return savepointOf(outer)
  const { store } = c.get('data')
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
