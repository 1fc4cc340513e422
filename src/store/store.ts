/**
 * @module
 * The management store: one `IndexedCollection` per resource plus the tenancy settings, with
 * serialised transactions (undo journal) and a whole-store serialise/restore.
 */
import { z } from 'zod'
import { App, Version } from '../schemas/app.js'
import { AuditEvent } from '../schemas/audit-event.js'
import { Workspace } from '../schemas/workspace.js'
import { ApiKey, Member, Tenancy } from '../schemas/tenant.js'
import { IndexedCollection } from './indexed-collection.js'
import { Journal } from './journal.js'
import {
  IdempotencyRecord,
  SnapshotContent,
  StoredCredentials,
  StoredEnvironment,
  StoredSnapshot,
} from './stored-records.js'

/** The serialised store: tenancy plus every collection's records, oldest first. */
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
    idempotencyRecords: z.array(z.unknown()).default([]),
  }),
})
export type StoreContent = z.infer<typeof StoreContent>
export type CollectionName = keyof StoreContent['collections']

export type Store = ReturnType<typeof createStore>

export function createStore() {
  const journal = new Journal()
  const collections = {
    workspaces: new IndexedCollection({
      name: 'workspaces',
      schema: Workspace,
      journal,
      orderKey: (workspace) => workspace.createdAt,
    }),
    apps: new IndexedCollection({ name: 'apps', schema: App, journal }),
    versions: new IndexedCollection({
      name: 'versions',
      schema: Version,
      journal,
      indexes: ['appId'],
      orderKey: (version) => version.publishedAt,
    }),
    members: new IndexedCollection({ name: 'members', schema: Member, journal, indexes: ['token'] }),
    apiKeys: new IndexedCollection({ name: 'apiKeys', schema: ApiKey, journal, indexes: ['token'] }),
    environments: new IndexedCollection({
      name: 'environments',
      schema: StoredEnvironment,
      journal,
      indexes: ['workspaceId', 'status', 'snapshotId'],
      orderKey: (environment) => environment.createdAt,
    }),
    snapshots: new IndexedCollection({
      name: 'snapshots',
      schema: StoredSnapshot,
      journal,
      indexes: ['workspaceId', 'environmentId', 'status'],
      orderKey: (snapshot) => snapshot.createdAt,
    }),
    snapshotContents: new IndexedCollection({ name: 'snapshotContents', schema: SnapshotContent, journal }),
    auditEvents: new IndexedCollection({
      name: 'auditEvents',
      schema: AuditEvent,
      journal,
      indexes: ['workspaceId', 'environmentId'],
      orderKey: (event) => event.occurredAt,
    }),
    credentials: new IndexedCollection({
      name: 'credentials',
      schema: StoredCredentials,
      journal,
      indexes: ['token', 'environmentId'],
      orderKey: (credentials) => credentials.createdAt,
    }),
    idempotencyRecords: new IndexedCollection({
      name: 'idempotencyRecords',
      schema: IdempotencyRecord,
      journal,
      orderKey: (record) => record.createdAt,
    }),
  } satisfies Record<CollectionName, IndexedCollection<any>>

  let tenancy: Tenancy | undefined
  // every write runs in this queue, one at a time, so interleaved async requests never see
  // half a transaction (and N concurrent idempotent creates make exactly one resource)
  let tail: Promise<unknown> = Promise.resolve()
  const exclusive = <R>(work: () => Promise<R>): Promise<R> => {
    const result = tail.then(work, work)
    tail = result.catch(() => undefined)
    return result
  }

  return {
    ...collections,

    get tenancy(): Tenancy {
      if (!tenancy) throw new Error('[replica-mock] The store is not loaded yet')
      return tenancy
    },

    /** Runs `work` alone; any write it made is undone if it throws. */
    transaction<R>(work: () => Promise<R>): Promise<R> {
      return exclusive(async () => {
        journal.begin()
        try {
          const result = await work()
          journal.commit()
          return result
        } catch (error) {
          await journal.rollback()
          throw error
        }
      })
    },

    serialise(): StoreContent {
      const out = {} as Record<CollectionName, unknown[]>
      for (const [name, collection] of Object.entries(collections)) {
        out[name as CollectionName] = collection.serialise()
      }
      return { tenancy: structuredClone(this.tenancy), collections: out }
    },

    /** Replaces the whole content; on a bad document nothing already stored is lost. */
    restore(content: StoreContent): Promise<void> {
      return exclusive(async () => {
        const parsed = StoreContent.parse(content)
        const previous = tenancy ? this.serialise() : undefined
        try {
          for (const [name, collection] of Object.entries(collections)) {
            await collection.restore(parsed.collections[name as CollectionName] as never[])
          }
          tenancy = parsed.tenancy
        } catch (error) {
          if (previous) {
            for (const [name, collection] of Object.entries(collections)) {
              await collection.restore(previous.collections[name as CollectionName] as never[])
            }
          }
          throw error
        }
      })
    },
  }
}
