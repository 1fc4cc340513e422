/**
 * @module
 * The security headers of the inspector (page, scripts, styles and its JSON): scripts, styles and
 * calls from its own origin only, no framing (the page resets the mock and downloads its state),
 * no sniffing. No `Strict-Transport-Security` on a test double served over plain http.
 */
import { secureHeaders } from 'hono/secure-headers'

export const inspectorHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  strictTransportSecurity: false,
})
