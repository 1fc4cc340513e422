/**
 * @module
 * The gateway in front of the apps (spec "What the service does" 6, DESIGN.md "URLs", "Gateway").
 * For every call to an app URL, or to a native path at the root:
 * 1. reads the request body, if the method has one (at most `maxBodyBytes`);
 * 2. resolves environment, app and actor from the app token and refuses what it must
 *    (`resolveAppCall`), then a request body over the cap;
 * 3. applies queued `gateway.latency` / `gateway.error` faults;
 * 4. passes the call to the app's `NativeHandler` with the native path, and refuses a response
 *    over the cap (`response_too_large`);
 * 5. records the call (best effort: a failure to record never changes the answer).
 * A GET or HEAD at the root reaches the app as the very request the client sent.
 */
import { apiVersionsOf, resolveAppCall } from '../management/app-calls.js'
import type { ManagementContext } from '../management/context.js'
import { GatewayRefusal, type RefusedCallTarget } from '../management/gateway-refusal.js'
import type { PendingCall } from '../management/request-log.js'
import type { HeaderSource, RawBody } from '../management/request-recording.js'
import type { Version } from '../schemas/app.js'
import { type AppPath, parseAppPath } from './app-path.js'
import { gatewayErrorResponse } from './gateway-error-response.js'
import type { NativeCall, NativeHandler } from '../replica/native-call.js'
import { incomingRawHeaders } from './node-adapter.js'
import { readCapped } from './read-capped.js'
import { readResponseBody } from './read-response-body.js'
import { type SplitUrl, splitUrl } from './split-url.js'

/** The largest request and response body the gateway passes (spec "Limits"): 4 MiB. */
export const MAX_NATIVE_BODY_BYTES = 4 * 1024 * 1024

export interface GatewayOptions {
  ctx: ManagementContext
  /** The native handler of a catalog app (by app id), or undefined when none serves it. */
  nativeHandler: (appId: string) => NativeHandler | undefined
  /** Largest request and response body passed through, in bytes. @default 4 MiB */
  maxBodyBytes?: number
}

export interface Gateway {
  /** Answers one call to an app URL (`/apps/...`) or a native path at the root (`/services/...`). */
  fetch(request: Request): Promise<Response>
}

interface Outcome {
  response: Response
  /** The response headers as the app made them, when cheaper to read than `response.headers`. */
  headers?: HeaderSource
  body: RawBody
  respondedBy: 'app' | 'gateway'
  errorCode: string | null
}

/** The request body as read: `unread` when the method carries none (the request can be passed on). */
type RequestBody = RawBody & { unread: boolean }

const EMPTY = new Uint8Array(0) as Uint8Array<ArrayBuffer>
const NO_BODY: RequestBody = Object.freeze({
  contentType: null,
  data: EMPTY,
  complete: true,
  size: 0,
  unread: true,
})

export function createGateway(options: GatewayOptions): Gateway {
  const { ctx, nativeHandler } = options
  const maxBytes = options.maxBodyBytes ?? MAX_NATIVE_BODY_BYTES
  // a catalog version's record is replaced, never changed, when the catalog changes
  const apiVersionsCache = new WeakMap<Version, readonly string[]>()
  const apiVersions = (version: Version | undefined): readonly string[] => {
    if (!version) return []
    let served = apiVersionsCache.get(version)
    if (!served) {
      served = Object.freeze(apiVersionsOf(version))
      apiVersionsCache.set(version, served)
    }
    return served
  }

  const callApp = async (
    request: Request,
    url: SplitUrl,
    path: AppPath,
    body: RequestBody,
    call: NativeCall,
    target: RefusedCallTarget,
  ): Promise<Outcome> => {
    const handler = nativeHandler(call.appId)
    if (!handler) {
      throw new GatewayRefusal(
        'upstream_error',
        `Failed to call the app: no native handler serves app "${call.appId}"`,
        target,
      )
    }
    let response: Response
    try {
      response = await handler(nativeRequest(request, url, path, body), call)
    } catch (error) {
      console.error(
        '[replica-mock] Failed to handle "%s %s" in app "%s"',
        request.method,
        path.nativePath,
        call.appId,
        error,
      )
      throw new GatewayRefusal('upstream_error', 'Failed to call the app: it failed unexpectedly', target)
    }
    const answer = await readResponseBody(response, maxBytes)
    if (!answer.complete) {
      throw new GatewayRefusal(
        'response_too_large',
        `Failed to pass the app's response on: it is larger than ${maxBytes} bytes`,
        target,
      )
    }
    return {
      response: answer.response,
      headers: answer.headers,
      body: {
        contentType: answer.response.headers.get('content-type'),
        data: answer.data,
        complete: true,
        size: answer.size,
      },
      respondedBy: 'app',
      errorCode: null,
    }
  }

  return {
    async fetch(request) {
      const receivedAtMs = ctx.clock.nowMs()
      const url = splitUrl(request.url)
      const path = parseAppPath(url.pathname)
      const headerToken = bearerToken(request.headers.get('authorization'))
      const requestBody = await readRequestBody(request, maxBytes)

      let pending: PendingCall | undefined
      let app = ''
      let injectedMs = 0
      let outcome: Outcome
      try {
        if (!path)
          throw new GatewayRefusal('not_found', `Failed to find route: ${request.method} ${url.pathname}`)
        const target = await resolveAppCall(ctx, {
          headerToken,
          urlToken: path.urlToken,
          prefix: path.prefix,
          headers: request.headers,
        })
        const { environment } = target
        const where = { environmentId: environment.id, app: target.app.name }
        pending = ctx.requestLog.begin(environment.id)
        app = target.app.name
        if (!requestBody.complete) {
          throw new GatewayRefusal(
            'request_too_large',
            `Failed to pass the request on: its body is larger than ${maxBytes} bytes`,
            where,
          )
        }
        const latency = ctx.faults.has('gateway.latency')
          ? ctx.faults.take('gateway.latency', (fault) => faultMatches(fault, where))
          : undefined
        if (latency) {
          await new Promise((resolve) => setTimeout(resolve, latency.latencyMs))
          injectedMs = latency.latencyMs
        }
        const failure = ctx.faults.has('gateway.error')
          ? ctx.faults.take('gateway.error', (fault) => faultMatches(fault, where))
          : undefined
        if (failure) {
          const message = failure.message ?? `The app "${target.app.name}" failed (injected fault)`
          outcome = refused(new GatewayRefusal('upstream_error', message, where), failure.status)
        } else {
          const call: NativeCall = {
            environmentId: environment.id,
            appName: target.app.name,
            appId: target.app.appId,
            versionId: target.app.versionId,
            actor: target.actor,
            apiVersions: apiVersions(target.version),
          }
          outcome = await callApp(request, url, path, requestBody, call, where)
        }
      } catch (error) {
        let refusal: GatewayRefusal
        if (error instanceof GatewayRefusal) {
          refusal = error
        } else {
          console.error('[replica-mock] Failed to handle "%s %s"', request.method, url.pathname, error)
          refusal = new GatewayRefusal('internal_error', 'Failed to handle the call: unexpected error')
        }
        if (!pending && refusal.target) {
          pending = ctx.requestLog.begin(refusal.target.environmentId)
          app = refusal.target.app
        }
        outcome = refused(refusal)
      }

      if (pending) {
        const durationMs = ctx.clock.nowMs() - receivedAtMs + (ctx.clock.mode === 'manual' ? injectedMs : 0)
        try {
          ctx.requestLog.complete(pending, {
            app,
            method: request.method,
            path: url.pathname,
            query: url.search.slice(1),
            requestHeaders: incomingRawHeaders(request) ?? request.headers,
            requestBody,
            responseStatus: outcome.response.status,
            respondedBy: outcome.respondedBy,
            errorCode: outcome.errorCode,
            responseHeaders: outcome.headers ?? outcome.response.headers,
            responseBody: outcome.body,
            receivedAtMs,
            durationMs,
            secrets: secretsOf(headerToken, path?.urlToken),
            credentialsExchange: path !== undefined && isCredentialsExchange(path.nativePath),
          })
        } catch (error) {
          // recording is best effort: the caller still gets its answer
          console.error('[replica-mock] Failed to record "%s %s"', request.method, url.pathname, error)
        }
      }
      return outcome.response
    },
  }
}

function refused(refusal: GatewayRefusal, status?: number): Outcome {
  const { response, bytes } = gatewayErrorResponse(refusal, status)
  return {
    response,
    body: { contentType: 'application/json', data: bytes, complete: true, size: bytes.byteLength },
    respondedBy: 'gateway',
    errorCode: refusal.code,
  }
}

/** GET and HEAD carry no body: the request is left unread, so it can be passed on as it is. */
async function readRequestBody(request: Request, maxBytes: number): Promise<RequestBody> {
  const contentType = request.headers.get('content-type')
  if (request.method === 'GET' || request.method === 'HEAD') {
    // shared: a recorded call holds its request body, and most have this one
    return contentType === null
      ? NO_BODY
      : { contentType, data: EMPTY, complete: true, size: 0, unread: true }
  }
  const declared = request.headers.get('content-length')
  const length = declared === null ? Number.NaN : Number(declared)
  if (Number.isSafeInteger(length) && length >= 0 && length <= maxBytes) {
    // the declared length bounds the read (the node adapter reads such a body without a stream)
    const data = new Uint8Array(await request.arrayBuffer())
    return { contentType, data, complete: true, size: data.byteLength, unread: false }
  }
  const body = await readCapped(request.body, maxBytes, declared)
  return {
    contentType,
    data: body.bytes,
    complete: body.complete,
    size: body.size,
    unread: false,
    ...(body.complete
      ? {}
      : { reason: `Larger than the ${maxBytes}-byte limit: the gateway did not read it` }),
  }
}

/** The request the app sees: the native path and query, and the body the gateway read. */
function nativeRequest(request: Request, url: SplitUrl, path: AppPath, body: RequestBody): Request {
  if (body.unread && path.nativePath === url.pathname) return request
  const target = new URL(path.nativePath + url.search, url.origin)
  if (body.unread) return new Request(target, { method: request.method, headers: request.headers })
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  headers.delete('transfer-encoding')
  const data = body.data as Uint8Array<ArrayBuffer>
  return new Request(target, { method: request.method, headers, body: data.byteLength > 0 ? data : null })
}

/** A gateway fault applies to calls of its environment and app (each: any when not set). */
function faultMatches(
  fault: { environmentId?: string | undefined; app?: string | undefined },
  target: RefusedCallTarget,
): boolean {
  return (
    (fault.environmentId === undefined || fault.environmentId === target.environmentId) &&
    (fault.app === undefined || fault.app === target.app)
  )
}

function bearerToken(header: string | null): string | undefined {
  return header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
}

function secretsOf(headerToken: string | undefined, urlToken: string | undefined): string[] {
  if (headerToken === undefined) return urlToken === undefined ? [] : [urlToken]
  return urlToken === undefined || urlToken === headerToken ? [headerToken] : [headerToken, urlToken]
}

/** Login and OAuth token calls carry secrets in their bodies. */
function isCredentialsExchange(nativePath: string): boolean {
  return nativePath === '/login' || nativePath.startsWith('/services/oauth2/')
}
