/**
 * @module
 * The Hono environment of the CRM replica's native routes: the call the gateway resolved, the
 * environment app it is for and, for a composite's subrequests, the transaction they run in come
 * in as bindings; the version middleware adds the caller's metadata view.
 */
import type { Context } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import type { TransactionScope } from '../../store/transaction.js'
import type { BulkHooks } from '../bulk/bulk-hooks.js'
import type { NativeCall } from '../native-call.js'
import type { CrmData } from '../crm-data.js'
import type { MetadataView } from '../metadata/metadata-service.js'

export type NativeEnv = {
  Bindings: {
    call: NativeCall
    app: CrmData
    /**
     * The management side, for the login endpoints (credentials, issued tokens) and the limits
     * (recorded calls); absent for a caller of the routes that serves neither.
     */
    management?: ManagementContext
    /**
     * Set on a composite's subrequests: the store transaction they run inside. They neither wait
     * for the store (that transaction holds it) nor open a transaction of their own (they take a
     * savepoint of this one). Undefined for an ordinary call.
     */
    transaction?: TransactionScope
    /** Bulk job delays and faults from the mock; none: jobs are due at once, never faulted. */
    bulk?: BulkHooks
    /** The largest Bulk API upload, counted inflated for a gzip one. @default 150 MiB */
    maxUploadBytes?: number
  }
  Variables: {
    /** The path's API version (`"60.0"`) and the calling actor. */
    view: MetadataView
  }
}

export type NativeContext = Context<NativeEnv>

/** The REST base path of the call's version: `/services/data/v60.0`. */
export function basePath(c: NativeContext): string {
  return `/services/data/v${c.get('view').apiVersion}`
}
