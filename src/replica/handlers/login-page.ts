/**
 * @module
 * The login page of `/services/oauth2/authorize`: a plain form asking for the username and
 * password of the credentials' login details, posting the authorization request back with them.
 */
import type { AuthorizeRequest } from '../../schemas/oauth.js'

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

/** The form posts the request back with `formToken`, which must match the login cookie (login-form.ts). */
export function loginPage(
  request: AuthorizeRequest & { username?: string },
  error: string | undefined,
  formToken: string,
): string {
  const fields = Object.entries({ ...request, form_token: formToken })
  const hidden = fields
    .filter(([name, value]) => value !== undefined && name !== 'username' && name !== 'pw')
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`,
    )
    .join('')
  const username = escapeHtml(request.username ?? request.login_hint ?? '')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Log in to the replica CRM</title></head>
<body><main><h1>Log in</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="?">${hidden}
<label>Username <input name="username" autocomplete="username" value="${username}" required></label>
<label>Password <input name="pw" type="password" autocomplete="current-password" required></label>
<button type="submit">Log in</button></form></main></body></html>`
}
