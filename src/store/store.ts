/**
 * @module
 * The management store: one `@msw/data` collection per resource (`StoreCollection`) plus the
 * tenancy settings, with exclusive async transactions (one `TransactionLog` and `WriteLock` for
 * all its collections, see `transaction.ts`), a whole-store serialise/restore, and marks to come
 * back to that restore only what changed.
 */
import * as z from 'zod'
import { App, Version } from '../schemas/app.js'
import { AuditEvent } from '../schemas/audit-event.js'
import { Workspace } from '../schemas/workspace.js'
import { ApiKey, Member, Tenancy } from '../schemas/tenant.js'
import { type CollectionObserver, StoreCollection, type UniqueKey } from './store-collection.js'
import {
  IdempotencyRecord,
  StoredAppSession,
  SnapshotContent,
  StoredCredentials,
  StoredEnvironment,
  StoredSnapshot,
} from './stored-records.js'
import { runExclusive, TransactionLog, type TransactionScope } from './transaction.js'
import { WriteLock } from './write-lock.js'

/** The serialised store: tenancy plus every collection's records, in insertion order. */
export const StoreContent = z.strictObject({
  tenancy: Tenancy,
  collections: z.strictObject({
    workspaces: z.array(z.unknown()),
    apps: z.array(z.unknown()),
    versions: z.array(z.unknown()),
    members: z.array(z.unknown()),
    apiKeys: z.array(z.unknown()),
    // written by the API; absent in documents exported before they existed
    environments: z.array(z.unknown()).default([]),
    snapshots: z.array(z.unknown()).default([]),
    snapshotContents: z.array(z.unknown()).default([]),
    auditEvents: z.array(z.unknown()).default([]),
    credentials: z.array(z.unknown()).default([]),
    appSessions: z.array(z.unknown()).default([]),
    idempotencyRecords: z.array(z.unknown()).default([]),
  }),
})
export type StoreContent = z.infer<typeof StoreContent>
export type CollectionName = keyof StoreContent['collections']

export type Store = ReturnType<typeof createStore>

/** The store at one moment, to come back to with `backTo`. */
export interface StoreMark {
  readonly tenancy: Tenancy
  /**
   * Each collection's records then, and its `version` when it last held exactly them (`backTo`
   * moves it on when it restores the collection).
   */
  readonly collections: ReadonlyArray<{
    readonly name: CollectionName
    readonly records: readonly unknown[]
    version: number
  }>
}

export function createStore() {
  const log = new TransactionLog()
  const collection = <T extends { id: string }>(
    name: CollectionName,
    schema: z.ZodType<T>,
    keys?: readonly UniqueKey<T>[],
  ) => new StoreCollection({ name, schema, log, keys })
  const collections = {
    workspaces: collection('workspaces', Workspace),
    apps: collection('apps', App),
    versions: collection('versions', Version),
    // every management and native call looks its caller up by token
    members: collection('members', Member, ['token']),
    apiKeys: collection('apiKeys', ApiKey, ['token']),
    environments: collection('environments', StoredEnvironment),
    snapshots: collection('snapshots', StoredSnapshot),
    snapshotContents: collection('snapshotContents', SnapshotContent),
    auditEvents: collection('auditEvents', AuditEvent),
    credentials: collection('credentials', StoredCredentials, ['token', 'previousToken']),
    appSessions: collection('appSessions', StoredAppSession),
    idempotencyRecords: collection('idempotencyRecords', IdempotencyRecord),
  } satisfies Record<CollectionName, StoreCollection<any>>

  let tenancy: Tenancy | undefined
  // every write holds this lock, one at a time, so interleaved async requests never see half a
  // transaction (and N concurrent idempotent creates make exactly one resource)
  const lock = new WriteLock()

  return {
    ...collections,

    get tenancy(): Tenancy {
      if (!tenancy) throw new Error('[replica-mock] The store is not loaded yet')
      return tenancy
    },

    /**
     * Runs `work` alone (after every earlier transaction settled); if it throws, every write it
     * made and every `scope.onRollback` step is undone, newest first, and the error rethrown.
     * `scope.onCommit` hooks run once it succeeded, still holding the store.
     */
    transaction<R>(work: (scope: TransactionScope) => Promise<R> | R): Promise<R> {
      return runExclusive(lock, log, work)
    },

    /** Reports every collection's committed writes to `observer` (see `CollectionObserver`). */
    observe(observer: CollectionObserver | undefined): void {
      for (const collection of Object.values(collections)) collection.observe(observer)
    },

    serialise(): StoreContent {
      const out = {} as Record<CollectionName, unknown[]>
      for (const [name, collection] of Object.entries(collections)) {
        out[name as CollectionName] = collection.serialise()
      }
      return { tenancy: structuredClone(this.tenancy), collections: out }
    },

    /**
     * The store as it is now, to come back to with `backTo`. Take it inside a `transaction`, so no
     * other transaction is half done.
     */
    mark(): StoreMark {
      return {
        tenancy: this.tenancy,
        collections: Object.entries(collections).map(([name, collection]) => ({
          name: name as CollectionName,
          records: collection.serialise(),
          version: collection.version,
        })),
      }
    },

    /**
     * Back to `mark`, restoring only the collections written since (their `version` moved on), so
     * it costs what changed; resolves with the names of the collections it restored.
     */
    backTo(mark: StoreMark): Promise<CollectionName[]> {
      return lock.run(async () => {
        const restored: CollectionName[] = []
        for (const kept of mark.collections) {
          const collection = collections[kept.name] as StoreCollection<any>
          if (collection.version === kept.version) continue
          await collection.restore(kept.records)
          // a later `backTo` skips the collection until it is written again
          kept.version = collection.version
          restored.push(kept.name)
        }
        tenancy = mark.tenancy
        return restored
      })
    },

    /** Replaces the whole content; on a bad document nothing already stored is lost. */
    restore(content: StoreContent): Promise<void> {
      return lock.run(async () => {
        const parsed = StoreContent.parse(content)
        const previous = tenancy ? this.serialise() : undefined
        try {
          for (const [name, collection] of Object.entries(collections)) {
            await collection.restore(parsed.collections[name as CollectionName])
          }
          tenancy = parsed.tenancy
        } catch (error) {
          if (previous) {
            for (const [name, collection] of Object.entries(collections)) {
              await collection.restore(previous.collections[name as CollectionName])
            }
          }
          throw error
        }
      })
    },
  }
}
