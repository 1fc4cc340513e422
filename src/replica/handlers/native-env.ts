/**
 * @module
 * The Hono environment of the CRM replica's native routes: the call the gateway resolved, the
 * environment app it is for and the handler's describe cache come in as bindings; the
 * version middleware adds the caller's metadata view.
 */
import type { Context } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import type { NativeCall } from '../native-call.js'
import type { CrmApp } from '../crm-app.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'

/** Describe answers already serialised, per metadata, by `kind|object|version|actor`. */
export type DescribeCache = WeakMap<MetadataService, Map<string, string>>

export type NativeEnv = {
  Bindings: {
    call: NativeCall
    app: CrmApp
    /** Serialised describe answers of this handler (see json-response.ts). */
    describeCache: DescribeCache
    /**
     * The management side, for the login endpoints (credentials, issued tokens) and the limits
     * (recorded calls); absent for a caller of the routes that serves neither.
     */
    management?: ManagementContext
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
