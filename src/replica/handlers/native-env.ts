/**
 * @module
 * The Hono environment of the CRM replica's native routes. They run in the one app behind the
 * gateway, which puts the resolved call in the request context (`native`, src/replica/native-call.ts);
 * the routes' first middleware adds the environment app's live data and the mock's options
 * (`crm-routes.ts`), the version middleware the caller's metadata view. A composite's subrequests
 * also carry the store transaction they run in.
 */
import type { Context } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import type { TransactionScope } from '../../store/transaction.js'
import type { OrgCode } from '../apex/org-code.js'
import type { BulkHooks } from '../bulk/bulk-hooks.js'
import type { CrmData } from '../crm-data.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import type { NativeVariables } from '../native-call.js'

/** What the mock gives the routes besides the call: the same for every call. */
export interface CrmRoutesOptions {
  /** The live data of the call's environment app; undefined when the environment holds none. */
  dataFor(call: NativeVariables['native']['call']): CrmData | undefined
  /** The management side: the login endpoints issue tokens in it, `/limits` counts its recorded calls. */
  management?: ManagementContext
  /** Bulk job delays and faults (the mock's lifecycle and fault queue). @default due at once, no faults */
  bulk?: BulkHooks
  /** The largest Bulk API upload, counted inflated for a gzip one. @default 150 MiB */
  maxUploadBytes?: number
  /** The org's own code (Apex REST, invocable actions); none: the org has none. */
  orgCode?: OrgCode
}

export type NativeEnv = {
  Variables: NativeVariables & {
    /** The live data of the call's environment app. */
    data: CrmData
    /** The mock's options of the routes. */
    options: CrmRoutesOptions
    /**
     * Set on a composite's subrequests: the store transaction they run inside. They neither wait
     * for the store (that transaction holds it) nor open a transaction of their own (they take a
     * savepoint of this one). Undefined for an ordinary call.
     */
    transaction: TransactionScope | undefined
    /** The path's API version (`"60.0"`) and the calling actor. */
    view: MetadataView
  }
}

export type NativeContext = Context<NativeEnv>

/** The REST base path of the call's version: `/services/data/v60.0`. */
export function basePath(c: NativeContext): string {
  return `/services/data/v${c.get('view').apiVersion}`
}

/**
 * The method the call asks for: a `POST` may name `PATCH` or `DELETE` in `?_HttpMethod=`, the real
 * API's override for clients that cannot send them (the recorded call keeps the sent method).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_update_fields.htm
 */
export function nativeMethod(c: NativeContext): string {
  const { method } = c.req
  if (method !== 'POST') return method
  const override = c.req.query('_HttpMethod')?.toUpperCase()
  return override === 'PATCH' || override === 'DELETE' ? override : method
}
