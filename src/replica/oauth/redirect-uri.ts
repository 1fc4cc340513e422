/**
 * @module
 * Where the web server flow may send an authorization code: a connected app's callback URLs. By
 * default those are loopback origins (`http(s)://localhost`, `127.0.0.1`, `[::1]`, any port and
 * path: a test's own callback server) and the mock's own origin; an environment app adds exact
 * URLs with its `oauthCallbackUrls` setting. Anything else — another host, `javascript:`, `data:`,
 * `file:` — is `redirect_uri_mismatch` before the login page is shown, so a code never leaves for
 * a site the test did not name.
 */
import type { LoginContext } from './login-context.js'
import { OAuthError } from './oauth-error.js'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Refuses a `redirect_uri` that is not one of the app's callback URLs. */
export function checkRedirectUri(login: LoginContext, redirectUri: string): void {
  if (!isCallbackUrl(login, redirectUri)) {
    throw new OAuthError('redirect_uri_mismatch', 'redirect_uri must match configuration')
  }
}

function isCallbackUrl(login: LoginContext, redirectUri: string): boolean {
  let url: URL
  try {
    url = new URL(redirectUri)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (LOOPBACK_HOSTS.has(url.hostname)) return true
  if (url.origin === new URL(login.management.baseUrl()).origin) return true
  return configuredCallbackUrls(login).includes(redirectUri)
}

/** The environment app's `oauthCallbackUrls` setting (checked when the environment was created). */
function configuredCallbackUrls(login: LoginContext): readonly string[] {
  const environment = login.management.store.environments.findById(login.call.environmentId)
  const app = environment?.apps.find((entry) => entry.name === login.call.appName)
  const urls = app?.settings.oauthCallbackUrls
  return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : []
}
