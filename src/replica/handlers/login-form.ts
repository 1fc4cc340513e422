/**
 * @module
 * Binds the login form to the browser that was shown it (login CSRF): the page sets a random
 * token in an `HttpOnly`, `SameSite=Strict` cookie and in a hidden field, and a posted form is
 * taken only when both are there and equal. Another site can make a browser post the form, but it
 * cannot read or send this cookie, so it cannot log a user in to an account of its choosing.
 * @see https://datatracker.ietf.org/doc/html/rfc6749#section-10.12
 */
import { getCookie, setCookie } from 'hono/cookie'
import { randomBase36 } from '../../store/ids.js'
import { OAuthError } from '../oauth/oauth-error.js'
import type { NativeContext } from './native-env.js'

const COOKIE = 'replica_login_form'

/** A new form token, set as the login cookie of this response. */
export function issueFormToken(c: NativeContext): string {
  const token = randomBase36(32)
  setCookie(c, COOKIE, token, { httpOnly: true, sameSite: 'Strict' })
  return token
}

/** Refuses a posted form whose token is not the login cookie's. */
export function checkFormToken(c: NativeContext, formToken: string): void {
  if (getCookie(c, COOKIE) !== formToken) {
    throw new OAuthError(
      'invalid_request',
      'The login form was not shown to this browser (or it came from another site): open the login page again',
    )
  }
}
