/**
 * @module
 * How the composite executors call the replica: a subrequest is plain data (method, URL,
 * headers, JSON body) and its answer too (status, passed-on headers, parsed body). The native
 * handlers supply the `Dispatch` that runs it through the replica's own REST routes, so each
 * record goes through the same rules, validation and derived values as a single call and answers
 * with the same status and body. Executors never see a Request.
 */
import type { TransactionScope } from '../../store/transaction.js'
import type { SubrequestMethod } from './schemas.js'

export interface Subrequest {
  method: SubrequestMethod
  /** `/services/data/v60.0/sobjects/Account`, references resolved. */
  url: string
  headers?: Readonly<Record<string, string>>
  /** The JSON body; undefined for none. */
  body?: unknown
}

export interface Subresponse {
  status: number
  /** The headers a composite answer passes on (`Location`, ...). */
  headers: Record<string, string>
  /** The parsed JSON body, or null when there was none. */
  body: unknown
}

/**
 * Runs a subrequest through the native routes. `scope` is the transaction it runs inside (it
 * must not wait for the store that transaction holds); undefined for an ordinary call, which
 * waits its turn like any other.
 */
export type Dispatch = (subrequest: Subrequest, scope: TransactionScope | undefined) => Promise<Subresponse>

/** True for an answer the real API counts as a failed subrequest (4xx, 5xx). */
export function failed(response: Subresponse): boolean {
  return response.status >= 400
}
