/**
 * @module
 * The contract between the gateway and an app's native handler. The gateway authenticates the
 * app token, resolves (environment, app, actor), refuses what it must, and hands the call on with
 * the native path (`/services/...`) as the request URL's path — whatever prefix the client used —
 * on the mock's configured origin (`baseUrl`), never the one the request's `Host` names: absolute
 * URLs an app builds from the request URL (instance and identity URLs) are the mock's.
 */

/** A native endpoint as the fidelity report counts it (see `handlers/native-endpoints.ts`). */
export interface NativeEndpoint {
  /** The report's name for it: `sobjects/{object}/{id}`. */
  name: string
  /**
   * The query parameters it reads, where it takes any other one silently (the report lists those
   * as ignored); undefined where it refuses unknown ones itself or reads what it is sent.
   */
  query?: readonly string[]
}

/** Who and what a native call is for, resolved by the gateway from the app token. */
export interface NativeCall {
  environmentId: string
  /** The app's name inside the environment (APP_NAME). */
  appName: string
  /** Catalog app id (`crm`). */
  appId: string
  /** The app version the environment runs. */
  versionId: string
  /** The actor the call is made as (from the credentials, or switched by the Api's actor header). */
  actor: string
  /** Native API versions the app version serves (`['48.0', ..., '60.0']`). */
  apiVersions: readonly string[]
  /**
   * A login call (OAuth 2.0 token, authorize and revoke endpoints, SOAP `login`): the gateway
   * checked no token; `actor` is empty and the handler authenticates the call itself.
   */
  login?: true
  /** Set by the handler: the endpoint that served the call, if one did (for the fidelity report). */
  endpoint?: NativeEndpoint
  /**
   * Set by the handler: which of the call's bodies carry a file's bytes (a blob upload, a blob
   * download). The recording keeps them out of its previews and downloads, marked `binary`.
   */
  binaryBodies?: { request?: boolean; response?: boolean }
}

/**
 * An app's native protocol handler (the built-in replica's, or one of the `nativeHandlers`
 * option). It gets a real `Request` whose URL carries the native path and query (prefix stripped)
 * and whose body the gateway has read for it; the response is what the client will see, unless
 * the gateway refuses it.
 */
export type NativeHandler = (request: Request, call: NativeCall) => Promise<Response>
