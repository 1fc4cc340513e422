/**
 * @module
 * Errors of the OAuth 2.0 endpoints: `error` (an OAuth error code Salesforce uses) and
 * `error_description`. Like the replica's other errors they carry no HTTP status; the routes
 * answer them 400 (`{ error, error_description }`, urlencoded for revoke, where jsforce reads
 * the body as a query string).
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_flow_errors.htm
 */
import type * as z from 'zod'

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client_id'
  | 'invalid_client'
  | 'invalid_client_credentials'
  | 'invalid_grant'
  | 'invalid_scope'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  | 'invalid_token'
  | 'redirect_uri_mismatch'
  | 'login_required'

export class OAuthError extends Error {
  override name = 'OAuthError'
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** The error of a request whose parameters failed their schema: the first problem, by parameter. */
export function oauthErrorOf(
  issues: readonly z.core.$ZodIssue[],
  input: Readonly<Record<string, string>>,
): OAuthError {
  const issue = issues[0]!
  if (issue.code === 'unrecognized_keys') {
    return new OAuthError(
      'invalid_request',
      `unsupported parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`,
    )
  }
  const param = String(issue.path[0] ?? '')
  if (param === 'grant_type') {
    return input.grant_type === undefined
      ? new OAuthError('invalid_request', 'grant type is missing')
      : new OAuthError('unsupported_grant_type', 'grant type not supported')
  }
  if (param === 'response_type') {
    return new OAuthError(
      'unsupported_response_type',
      'response type not supported (the replica serves code)',
    )
  }
  if (param === 'scope') return new OAuthError('invalid_scope', issue.message)
  if (param === 'format') return new OAuthError('invalid_request', 'the replica answers format=json only')
  return new OAuthError(
    'invalid_request',
    `${param || 'a parameter'} is missing or invalid: ${issue.message}`,
  )
}
