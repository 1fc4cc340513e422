/**
 * @module
 * A connected app's callback URLs: where the web server flow may send an authorization code. One
 * rule, read by the authorize endpoint (`replica/oauth/redirect-uri.ts`) and written into the
 * credentials' `login.parameters` (`credentials.ts`), so the details list exactly what is accepted:
 * - `callback_urls`: the environment app's `oauthCallbackUrls` setting, matched exactly;
 * - `callback_origins`: any URL at a loopback origin (`http(s)://localhost`, `127.0.0.1`, `[::1]`,
 *   `:*` = any port or none: a test's own callback server) or at the mock's own origin.
 * Parameters are an "object of strings" (docs/management-api.md#credentials), so each list is one space-separated string, as
 * OAuth writes `scope` (a URL holds no raw space).
 */
import type { ManagementContext } from './context.js'

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const
const SCHEMES = ['http:', 'https:'] as const

/** What `login.parameters` says about callbacks. */
export interface CallbackParameters {
  callback_urls: string
  callback_origins: string
}

/** The `oauthCallbackUrls` setting of an environment app (checked when the environment was created). */
export function configuredCallbackUrls(
  ctx: ManagementContext,
  environmentId: string,
  appName: string,
): readonly string[] {
  const environment = ctx.store.environments.findById(environmentId)
  const app = environment?.apps.find((entry) => entry.name === appName)
  const urls = app?.settings.oauthCallbackUrls
  return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : []
}

/** Origins any of whose URLs is a callback: loopback (`:*`, any port) and the mock's own. */
export function callbackOrigins(ctx: ManagementContext): readonly string[] {
  const loopback = SCHEMES.flatMap((scheme) => LOOPBACK_HOSTS.map((host) => `${scheme}//${host}:*`))
  return [...loopback, new URL(ctx.baseUrl()).origin]
}

export function callbackParameters(
  ctx: ManagementContext,
  environmentId: string,
  appName: string,
): CallbackParameters {
  return {
    callback_urls: configuredCallbackUrls(ctx, environmentId, appName).join(' '),
    callback_origins: callbackOrigins(ctx).join(' '),
  }
}

/** Whether `redirectUri` is one of the environment app's callback URLs. */
export function isCallbackUrl(
  ctx: ManagementContext,
  environmentId: string,
  appName: string,
  redirectUri: string,
): boolean {
  if (!URL.canParse(redirectUri)) return false
  const url = new URL(redirectUri)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if ((LOOPBACK_HOSTS as readonly string[]).includes(url.hostname)) return true
  if (url.origin === new URL(ctx.baseUrl()).origin) return true
  return configuredCallbackUrls(ctx, environmentId, appName).includes(redirectUri)
}
