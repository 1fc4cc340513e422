/**
 * @module
 * One call from the moment the gateway receives it: what it asks for (URL, app path, token,
 * body), and where its recording stands. Every step of `gateway-middleware.ts` reads and fills it.
 */
import type { PendingCall } from '../calls/recorded-call.js'
import { type AppPath, parseAppPath } from './app-path.js'
import { type BodyCaps, bodyCapOf, type RequestBody, readRequestBody } from './request-body.js'

export interface ReceivedCall {
  request: Request
  url: URL
  /** Undefined for an `/apps` path that names no environment. */
  path: AppPath | undefined
  /** The Bearer token of the `Authorization` header, if any. */
  headerToken: string | undefined
  /** The `oauth_token` query parameter of an identity call (`/id/...`, `/services/oauth2/userinfo`). */
  queryToken: string | undefined
  body: RequestBody
  /** The cap its body was read against (bytes): the upload limit for a CSV upload. */
  bodyCap: number
  receivedAtMs: number
  /**
   * The environment it was tied to (admitted, or refused under the token's or a prefix's), for
   * the request log whether or not calls are recorded.
   */
  environmentId: string | undefined
  /** Its place among the recorded calls, once it is tied to an environment (none when nothing is recorded). */
  pending: PendingCall | undefined
  /** The app it is tied to, and recorded under. */
  app: string
  /** Latency a `gateway.latency` fault added (a manual clock does not see it pass). */
  injectedMs: number
}

/** Reads what the call asks for, and its body (at most its surface's cap of it). */
export async function receiveCall(
  request: Request,
  receivedAtMs: number,
  caps: BodyCaps,
): Promise<ReceivedCall> {
  const url = new URL(request.url)
  const path = parseAppPath(collapseSlashes(url.pathname))
  const headerToken = bearerToken(request.headers.get('authorization'))
  const queryToken =
    path && isIdentityPath(path.nativePath) ? (url.searchParams.get('oauth_token') ?? undefined) : undefined
  const bodyCap = bodyCapOf(request.method, path?.nativePath, caps)
  const body = await readRequestBody(request, bodyCap)
  return {
    request,
    url,
    path,
    headerToken,
    queryToken,
    body,
    bodyCap,
    receivedAtMs,
    environmentId: undefined,
    pending: undefined,
    app: '',
    injectedMs: 0,
  }
}

/**
 * `//services/data/...` is `/services/data/...`: the Salesforce CLI keeps its instance URL with a
 * trailing slash and jsforce follows no redirect, so repeated slashes are served, not redirected.
 */
export function collapseSlashes(pathname: string): string {
  return pathname.replace(/\/{2,}/g, '/')
}

/** Identity calls may carry the token as `?oauth_token=` (jsforce's `conn.identity()` does). */
function isIdentityPath(nativePath: string): boolean {
  return nativePath.startsWith('/id/') || nativePath === '/services/oauth2/userinfo'
}

/** The token of an `Authorization: Bearer <token>` header (the gateway's, `/v1`'s and the control API's). */
export function bearerToken(header: string | null | undefined): string | undefined {
  return header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
}
