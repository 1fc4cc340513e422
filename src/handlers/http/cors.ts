/**
 * @module
 * CORS for browser callers. Preflights go through `hono/cors`. Other responses get the headers
 * only when the request has an `Origin` (browsers always send one cross-origin), and they are set
 * by `response-headers.ts` without rebuilding the response (see there why that matters).
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

const EXPOSED = 'x-request-id,content-disposition,Vendor-Locator,Sforce-Locator,Location'

/** Answers a preflight (`OPTIONS`); routed for `OPTIONS` only. */
export function corsPreflight(): MiddlewareHandler {
  return cors({
    origin: (origin) => origin || '*',
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
