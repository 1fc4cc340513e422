/**
 * @module
 * What a mock tells an observer of its state as it changes: the standalone server's journal
 * (`src/server/persistence`) writes it down so a restart loses no acknowledged write. Every
 * report comes once its change committed (management and record writes), or at once for app
 * data installed or released (a transaction that rolls back releases the data again, so replay
 * keeps data only of environments the replayed store holds live).
 */
import type { EnvironmentDataObserver } from '../management/environment-data.js'
import type { CrmData } from '../replica/crm-data.js'
import type { PublishedEvent } from '../replica/events/published-event.js'
import type { SObjectRecord } from '../replica/records/record-store.js'
import type { CollectionObserver } from '../store/store-collection.js'

export interface StateObserver {
  /** A management record stored (a JSON-safe copy) or removed (undefined). */
  collection: CollectionObserver
  /** An environment app's whole data (`serialise()` output: stringify before it is kept long). */
  appData(environmentId: string, appName: string, content: unknown): void
  /** An environment's data released. */
  dropped(environmentId: string): void
  /** A CRM record of an environment app stored or purged (undefined). */
  record(
    environmentId: string,
    appName: string,
    object: string,
    id: string,
    record: SObjectRecord | undefined,
  ): void
  /** An auto-number sequence of an environment app moved on. */
  sequence(environmentId: string, appName: string, name: string, value: number): void
  /** A platform event an environment app published, once it is published for good. */
  event(environmentId: string, appName: string, event: PublishedEvent): void
  /** The whole state was replaced (reset, import): only a full snapshot describes it. */
  replaced(): void
}

/**
 * The environment-data observer the runtime builds its apps with: it forwards to whatever
 * observer is current (`observer()`), and has each live app's record store report to it.
 */
export function forwardEnvironmentData(observer: () => StateObserver | undefined): EnvironmentDataObserver {
  return {
    installed(environmentId, appName, instance) {
      const target = observer()
      if (!target) return
      const app = instance as CrmData
      target.appData(environmentId, appName, app.serialise())
      app.store.observe({
        record: (object, id, record) => observer()?.record(environmentId, appName, object, id, record),
        sequence: (name, value) => observer()?.sequence(environmentId, appName, name, value),
        replaced: () => observer()?.appData(environmentId, appName, app.serialise()),
      })
      app.events.observe({ published: (event) => observer()?.event(environmentId, appName, event) })
    },
    dropped(environmentId) {
      observer()?.dropped(environmentId)
    },
  }
}
