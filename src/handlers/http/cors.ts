/**
 * @module
 * CORS for browser callers. Preflights go through `hono/cors`. Other responses get the headers
 * only when the request has an `Origin` (browsers always send one cross-origin), set by
 * `response-headers.ts`. The management and app APIs answer every origin (bearer tokens, no
 * cookies); the control API only the origins the user allowed (control-guard.ts).
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

/** Whether a response to `path` may carry CORS headers for `origin`. */
export type CorsPolicy = (path: string, origin: string) => boolean

/** Every origin, except on control paths (`/__replica`), where `controlAllowed` decides. */
export function corsPolicy(controlAllowed: (origin: string) => boolean): CorsPolicy {
  return (path, origin) => !isControlPath(path) || controlAllowed(origin)
}

export function isControlPath(path: string): boolean {
  return path === '/__replica' || path.startsWith('/__replica/')
}

const EXPOSED = 'x-request-id,content-disposition,Vendor-Locator,Sforce-Locator,Location'

/** Answers a preflight (`OPTIONS`); routed for `OPTIONS` only. */
export function corsPreflight(allowed: CorsPolicy): MiddlewareHandler {
  return cors({
    origin: (origin, c) => (allowed(c.req.path, origin) ? origin || '*' : null),
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED.split(','),
    maxAge: 600,
  })
}

/** The CORS headers of a non-preflight response to a request from `origin`. */
export function corsHeadersFor(origin: string): [string, string][] {
  return [
    ['access-control-allow-origin', origin],
    ['access-control-allow-credentials', 'true'],
    ['access-control-expose-headers', EXPOSED],
    ['vary', 'Origin'],
  ]
}
