/**
 * @module
 * How a native call the gateway could not authenticate is answered: in the format the native
 * clients read there, not the gateway's (docs/gateway.md). Stock clients key their re-login
 * and refresh on these answers (jsforce refreshes on any 401), so each is what the real service
 * sends. The recorded call keeps the gateway's code (`unauthenticated`, `prefix_mismatch`) and the
 * reason is in `WWW-Authenticate` (RFC 6750 `error_description`).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm
 */
import { faultXml, INVALID_LOGIN, SOAP_CONTENT_TYPE, SoapFault } from '../replica/oauth/soap-login.js'
import type { CallOutcome } from './call-outcome.js'
import type { GatewayRefusal } from './gateway-refusal.js'

/** The answer of the real REST API to a missing, unknown or expired session. */
export const INVALID_SESSION_BODY =
  '[{"message":"Session expired or invalid","errorCode":"INVALID_SESSION_ID"}]'

interface Failure {
  status: number
  contentType: string
  body: string
}

/** The native answer to an authentication refusal on `nativePath`. */
export function nativeAuthFailure(refusal: GatewayRefusal, nativePath: string): CallOutcome {
  const failure = failureFor(nativePath)
  const bytes = new TextEncoder().encode(failure.body)
  const description = headerSafe(refusal.message)
  return {
    status: failure.status,
    headers: new Headers({
      'content-type': failure.contentType,
      'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
    }),
    body: { contentType: failure.contentType, data: bytes, complete: true, size: bytes.byteLength },
    respondedBy: 'gateway',
    errorCode: refusal.code,
  }
}

/**
 * The message as an RFC 6750 `error_description` (%x20-21 / %x23-5B / %x5D-7E): a double quote
 * becomes a single one, anything else outside that range (control characters or non-ASCII from an
 * id in the path, a backslash) a `?`, so the header is always valid.
 */
function headerSafe(message: string): string {
  return message.replaceAll('"', "'").replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, '?')
}

function failureFor(nativePath: string): Failure {
  // the login endpoints: the call named no app (an unknown client id, or none)
  if (nativePath === '/services/oauth2/token' || nativePath === '/services/oauth2/authorize') {
    return json(400, '{"error":"invalid_client_id","error_description":"client identifier invalid"}')
  }
  if (nativePath === '/services/oauth2/revoke') {
    // jsforce parses revoke errors as a query string
    return {
      status: 400,
      contentType: 'application/x-www-form-urlencoded',
      body: 'error=invalid_token&error_description=Token%20was%20invalid',
    }
  }
  if (nativePath === '/services/oauth2/userinfo' || nativePath.startsWith('/id/')) {
    return { status: 403, contentType: 'text/plain;charset=UTF-8', body: 'Bad_OAuth_Token' }
  }
  if (nativePath.startsWith('/services/Soap/')) return soapFault(nativePath)
  return json(401, INVALID_SESSION_BODY)
}

function json(status: number, body: string): Failure {
  return { status, contentType: 'application/json;charset=UTF-8', body }
}

/**
 * SOAP faults are HTTP 500 (a login without an app to log in to is an invalid login), written by
 * the app's own fault writer: a login the gateway refuses reads exactly as one the app refuses,
 * so a client cannot tell an unknown username from a wrong password.
 */
function soapFault(nativePath: string): Failure {
  const login = /^\/services\/Soap\/u\/[^/]+\/?$/.test(nativePath)
  const fault = login
    ? new SoapFault('INVALID_LOGIN', `INVALID_LOGIN: ${INVALID_LOGIN}`)
    : new SoapFault(
        'INVALID_SESSION_ID',
        'INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session',
      )
  return { status: 500, contentType: SOAP_CONTENT_TYPE, body: faultXml(fault) }
}
