/**
 * @module
 * Who may use the control API (`/__replica`, and any other test-control route: use
 * `controlGuard` for it too). Its calls replace the state, reset it and read every token, so:
 * - `Host` must name this mock (its `baseUrl` host, or the address the server is bound to): a
 *   page whose domain was rebound to 127.0.0.1 (DNS rebinding) sends its own name and is refused;
 * - a browser request from another origin (`Origin` header) is refused unless the user allowed
 *   that origin (`controlOrigins`); its responses carry CORS headers only for those origins;
 * - with `adminToken`, every call but `GET /health` needs `Authorization: Bearer <adminToken>`.
 * Refusals are `403 forbidden` / `401 unauthenticated` in the management error format.
 */
import type { MiddlewareHandler } from 'hono'
import { ManagementError } from '../../management/errors.js'
import type { ReplicaRuntime } from '../../runtime/create-runtime.js'
import { bearerToken } from '../../gateway/received-call.js'
import type { ReplicaEnv } from './replica-env.js'

export interface ControlAccess {
  /** Origins whose browser pages may call the control API (exact `scheme://host[:port]`). */
  readonly origins: readonly string[]
  /** `host[:port]` values the mock answers to; `undefined` = any (a server bound to every interface). */
  hosts(): ReadonlySet<string> | undefined
  readonly adminToken: string | undefined
}

/** The control access rules of a mock: its options, its `baseUrl` and where its server listens. */
export function controlAccessOf(runtime: ReplicaRuntime): ControlAccess {
  return {
    origins: runtime.options.controlOrigins,
    adminToken: runtime.options.adminToken,
    hosts() {
      if (runtime.listenHosts === null) return undefined
      return new Set([new URL(runtime.baseUrl).host.toLowerCase(), ...runtime.listenHosts])
    },
  }
}

/**
 * Middleware for control routes: Host, Origin, then the admin token.
 * @param isOpen paths that need no admin token (`/__replica/health`, the inspector's page and scripts)
 */
export function controlGuard(
  access: ControlAccess,
  isOpen: (path: string) => boolean = () => false,
): MiddlewareHandler<ReplicaEnv> {
  return async (c, next) => {
    const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase()
    const hosts = access.hosts()
    if (hosts && !hosts.has(host)) {
      throw new ManagementError(
        'forbidden',
        `Failed to authorize: the control API answers only to ${[...hosts].join(', ')}, not to Host "${host}"`,
      )
    }
    const origin = c.req.header('origin')
    if (origin !== undefined && !access.origins.includes(origin) && !sameOrigin(origin, c.req.url, host)) {
      throw new ManagementError(
        'forbidden',
        `Failed to authorize: browser calls from "${origin}" to the control API are not allowed (allow the origin with the controlOrigins option or --control-origin)`,
      )
    }
    const token = access.adminToken
    if (token !== undefined && !isOpen(c.req.path) && bearerToken(c.req.header('authorization')) !== token) {
      throw new ManagementError(
        'unauthenticated',
        'Failed to authenticate: the control API needs the admin token',
      )
    }
    await next()
  }
}

/** A page served by the mock itself (an inspector under `/__replica`) calls with its own origin. */
function sameOrigin(origin: string, url: string, host: string): boolean {
  const scheme = new URL(url).protocol
  return origin.toLowerCase() === `${scheme}//${host}`
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

/** Whether `host` (a bind address) reaches only this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
}

/** Whether `host` binds every interface. */
export function isWildcard(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '')
  return bare === '0.0.0.0' || bare === '::' || bare === ''
}

/**
 * The `host:port` values a server bound to `host`:`port` is reached by: every loopback name for
 * a loopback address, the address itself otherwise, `undefined` (any) for a wildcard address.
 */
export function boundHosts(host: string, port: number): string[] | undefined {
  if (isWildcard(host)) return undefined
  const names = isLoopback(host) ? [...LOOPBACK_NAMES, host] : [host]
  return names.map((name) =>
    `${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`.toLowerCase(),
  )
}
