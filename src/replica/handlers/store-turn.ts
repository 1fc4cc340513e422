/**
 * @module
 * An ordinary native call touches the record store only while no composite or bulk transaction
 * holds it (`RecordStore.transactionAsync`): a write would otherwise land in that transaction's
 * undo log (and be undone with it), and a read would see writes that may yet roll back — a real
 * org shows neither. So reads wait too. A composite's own subrequests (`c.get('transaction')` set)
 * never wait: they run inside the holder.
 *
 * `whenStoreFree(c, work)` calls `work` synchronously when the store is free (no promise hop on
 * the ordinary path); otherwise it loops on `whenFree()` and calls `work` in the same tick as the
 * last check, so no await separates the check from the store access.
 * @see src/store/write-lock.ts
 */
import type { NativeContext } from './native-env.js'

export function whenStoreFree<R>(c: NativeContext, work: () => R): R | Promise<Awaited<R>> {
  if (c.get('transaction')) return work()
  const { store } = c.get('data')
  if (!store.whenFree()) return work()
  return afterWaiting(store, work)
}

async function afterWaiting<R>(
  store: NativeContext['var']['data']['store'],
  work: () => R,
): Promise<Awaited<R>> {
  for (let wait = store.whenFree(); wait; wait = store.whenFree()) await wait
  return await work()
}
