/**
 * @module
 * The contract between the gateway and the apps behind it. The gateway authenticates the app
 * token, resolves (environment, app, actor) and refuses what it must. The built-in CRM app's
 * routes are mounted in the same Hono app and answer the same request: the gateway puts the call
 * in the request context (`NativeVariables`), the routes tell it which endpoint served the call
 * the same way. A user's app (the `nativeHandlers` option) is a `NativeHandler`: it gets a
 * `Request` with the native path (`/services/...`) — whatever prefix the client used — on the
 * mock's configured origin (`baseUrl`), never the one the request's `Host` names, so absolute
 * URLs an app builds (instance and identity URLs) are the mock's.
 */

/**
 * The largest request and response body the gateway passes, in bytes (docs/limits.md): an app
 * keeps its answers under it (query pages, Bulk API result pages).
 */
export const MAX_NATIVE_BODY_BYTES = 4 * 1024 * 1024

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
}

/** What the gateway hands the built-in app's routes in the request context (`c.get('native')`). */
export interface NativeScope {
  call: NativeCall
  /** The mock's configured origin: absolute URLs the app builds start with it, never with `Host`. */
  origin: string
  /** The request body as the gateway read it (within its cap); empty for GET and HEAD. */
  body: Uint8Array<ArrayBuffer>
}

/** The request-context variables the gateway and the built-in app's routes share. */
export type NativeVariables = {
  /** Set by the gateway before the routes run. */
  native: NativeScope
  /** Set by the routes: the endpoint that served the call, if one did (for the fidelity report). */
  nativeEndpoint: NativeEndpoint | undefined
  /**
   * Set by the routes: which of the call's bodies carry a file's bytes (a blob upload, a blob
   * download). The recording keeps them out of its previews and downloads, marked `binary`.
   */
  nativeBinary: { request?: boolean; response?: boolean } | undefined
  /**
   * Set by the routes' answer helpers (`handlers/json-response.ts`): the response they answered
   * and the body they made it from. While `response` is still the answer, the gateway takes that
   * body as it is; any other answer it reads back from the response's stream.
   */
  nativeAnswer: NativeAnswer | undefined
}

/** A built-in route's answer and the body it was made from. */
export interface NativeAnswer {
  response: Response
  body: string | Uint8Array<ArrayBuffer> | null
}

/**
 * The native protocol handler of a user's app (the `nativeHandlers` option); the built-in
 * replica's routes offer one too, for callers outside the one app (tests, benches). It gets a real `Request` whose URL carries the native path and query (prefix stripped)
 * and whose body the gateway has read for it; the response is what the client will see, unless
 * the gateway refuses it.
 */
export type NativeHandler = (request: Request, call: NativeCall) => Promise<Response>
