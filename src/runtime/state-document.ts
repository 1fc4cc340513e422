/**
 * @module
 * The versioned JSON document of a whole mock's state (`exportState` / `GET /__replica/state`).
 */
import * as z from 'zod'
import { loadChecked } from '../fixtures/load-fixture.js'
import { QueuedFault } from '../management/faults.js'
import { dataRecord } from '../schemas/data-record.js'
import { ExportedCall } from '../calls/call-export.js'
import { StoreContent } from '../store/store.js'
import { Lifecycle } from './options.js'

export const STATE_FORMAT = 'replica-mock/state'
export const STATE_VERSION = 1

export const StateDocument = z.strictObject({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  clock: z.strictObject({ mode: z.enum(['real', 'manual']), now: z.iso.datetime() }),
  lifecycle: Lifecycle,
  store: StoreContent,
  /** Each environment app's saved records: environment id -> app name -> the app's `serialise()` output. */
  environmentData: dataRecord(z.string(), dataRecord(z.string(), z.unknown())).default({}),
  /** Faults still queued. */
  faults: z.array(QueuedFault).default([]),
  /** Recorded gateway calls with their kept bodies (base64), oldest first. */
  requests: z.array(ExportedCall).default([]),
})
export type StateDocument = z.infer<typeof StateDocument>

/** A start state (`startState` option): a document, or a JSON file holding one; checked at setup. */
export function loadStartState(source: string | object): StateDocument {
  return loadChecked(source, StateDocument, 'start state')
}
