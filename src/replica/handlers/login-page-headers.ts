/**
 * @module
 * The security headers of the OAuth login page: it loads nothing (no script, style or image), may
 * not be framed (a login form in a frame is clickjacking's target) and is never sniffed as
 * anything but HTML. The form's redirect goes to the client's callback on another origin, so
 * neither `form-action` nor a `Cross-Origin-Opener-Policy` (popup logins read `window.opener`)
 * is set; no `Strict-Transport-Security` on a test double served over plain http.
 */
import { secureHeaders } from 'hono/secure-headers'

export const loginPageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: false,
  strictTransportSecurity: false,
})
