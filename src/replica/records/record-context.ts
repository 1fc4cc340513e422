/**
 * @module
 * What the record operations work over: one app's record store, the shared metadata, the mock
 * clock and the User each actor acts as. Built once per record service and passed to the plain
 * functions of parse-input.ts, write-checks.ts, write-record.ts, recycle-bin.ts and external-id.ts.
 */
import type { MetadataService } from '../metadata/metadata-service.js'
import type { RecordStore } from './record-store.js'

export interface RecordServiceOptions {
  store: RecordStore
  metadata: MetadataService
  clock: { now(): Date }
  /**
   * Actor id -> id of the User record the actor acts as (CreatedById, LastModifiedById and the
   * default OwnerId). An actor not listed acts as the `admin` actor's user, else the first one.
   */
  actorUsers: Readonly<Record<string, string>>
}

export interface RecordContext {
  readonly store: RecordStore
  readonly metadata: MetadataService
  readonly clock: { now(): Date }
  /** The User id an actor acts as. */
  userFor(actor: string | undefined): string
  /** Canonical object name of a key prefix (a reference value's target). */
  objectNameOfPrefix(keyPrefix: string): string | undefined
}

export function createRecordContext(options: RecordServiceOptions): RecordContext {
  const { store, metadata, clock, actorUsers } = options
  return {
    store,
    metadata,
    clock,
    userFor(actor) {
      const id =
        (actor !== undefined ? actorUsers[actor] : undefined) ??
        actorUsers.admin ??
        Object.values(actorUsers)[0]
      if (!id)
        throw new TypeError('[replica-mock] Failed to write a record: the CRM seed maps no actor to a User')
      return id
    },
    objectNameOfPrefix: (keyPrefix) => metadata.objectByKeyPrefix(keyPrefix)?.name,
  }
}
