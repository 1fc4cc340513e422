/**
 * @module
 * Runs one call of the org's code as Apex runs a request: in one transaction of the environment
 * app's record store (a savepoint of the composite's, when a composite subrequest makes the
 * call), bounded in time. A throw, or running past `timeoutMs`, rolls back every write and every
 * event of the call; the session ends either way. The transaction holds the store's write lock
 * while the code awaits: other calls to the environment wait for it, so code must not call the
 * mock over HTTP itself.
 */
import type { TransactionScope } from '../../store/transaction.js'
import type { CrmData } from '../crm-data.js'
import { LimitException } from './apex-exceptions.js'
import type { ApexSession } from './apex-session.js'

export interface RunApexOptions {
  /** Wall-clock ms the call may take; 0 = unbounded. */
  timeoutMs: number
  /** The transaction a composite subrequest runs in: the call takes a savepoint of it. */
  scope?: TransactionScope | undefined
}

export async function runApex<R>(
  app: CrmData,
  session: ApexSession,
  options: RunApexOptions,
  work: () => Promise<R> | R,
): Promise<R> {
  const bounded = () => withTimeout(work, options.timeoutMs)
  try {
    return options.scope ? await options.scope.savepoint(bounded) : await app.store.transactionAsync(bounded)
  } finally {
    session.close()
  }
}

async function withTimeout<R>(work: () => Promise<R> | R, timeoutMs: number): Promise<R> {
  const running = Promise.resolve().then(work)
  if (timeoutMs === 0) return running
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LimitException('Apex CPU time limit exceeded')), timeoutMs)
  })
  // a call that ends after its time is up has nowhere to report to
  running.catch(() => {})
  try {
    return await Promise.race([running, limit])
  } finally {
    clearTimeout(timer)
  }
}
