/**
 * @module schemas/oauth
 * The CRM app's OAuth 2.0 endpoints (`/services/oauth2/token`, `/revoke`, `/authorize`): request
 * parameters per grant type and the token response, as Salesforce defines them. Parameters are
 * strict: one the endpoint defines but the replica does not act on is refused by name.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_flows.htm
 */
import * as z from 'zod'

/** Scopes a Salesforce connected app can grant (the replica grants every one it knows). */
export const OAUTH_SCOPES = [
  'api',
  'web',
  'full',
  'chatter_api',
  'refresh_token',
  'offline_access',
  'id',
  'profile',
  'email',
  'address',
  'phone',
  'visualforce',
  'custom_permissions',
  'lightning',
  'content',
] as const

/** `scope`: space-separated known scopes. */
export const OAuthScope = z
  .string()
  .trim()
  .min(1)
  .refine(
    (value) => value.split(/\s+/).every((scope) => (OAUTH_SCOPES as readonly string[]).includes(scope)),
    {
      message: `Expected scopes among: ${OAUTH_SCOPES.join(', ')} (openid and ID tokens are not supported by the replica)`,
    },
  )

const client = {
  client_id: z.string().min(1),
  client_secret: z.string().min(1).optional(),
  scope: OAuthScope.optional(),
  /** The replica answers JSON only (Salesforce also offers urlencoded and xml). */
  format: z.literal('json').optional(),
}

export const PasswordGrant = z.strictObject({
  grant_type: z.literal('password'),
  ...client,
  username: z.string().min(1),
  password: z.string(),
})

export const ClientCredentialsGrant = z.strictObject({
  grant_type: z.literal('client_credentials'),
  ...client,
})

export const AuthorizationCodeGrant = z.strictObject({
  grant_type: z.literal('authorization_code'),
  ...client,
  code: z.string().min(1),
  redirect_uri: z.string().min(1).optional(),
  code_verifier: z.string().min(43).max(128).optional(),
})

export const RefreshTokenGrant = z.strictObject({
  grant_type: z.literal('refresh_token'),
  ...client,
  refresh_token: z.string().min(1),
})

export const GRANT_TYPES = ['password', 'client_credentials', 'authorization_code', 'refresh_token'] as const

/** A token request (form parameters, the client credentials of HTTP Basic folded in). */
export const TokenRequest = z.discriminatedUnion('grant_type', [
  PasswordGrant,
  ClientCredentialsGrant,
  AuthorizationCodeGrant,
  RefreshTokenGrant,
])
export type TokenRequest = z.infer<typeof TokenRequest>

/** A successful token response (jsforce's `TokenResponse`). */
export const TokenResponse = z.strictObject({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  signature: z.string(),
  scope: z.string().optional(),
  /** Where the org's APIs are served. */
  instance_url: z.string(),
  /** The identity URL `{loginUrl}/id/{orgId}/{userId}`. */
  id: z.string(),
  token_type: z.literal('Bearer'),
  /** Epoch milliseconds, as a string. */
  issued_at: z.string(),
})
export type TokenResponse = z.infer<typeof TokenResponse>

/** `POST /services/oauth2/revoke` (form) or `GET ...?token=`. */
export const RevokeRequest = z.strictObject({ token: z.string().min(1) })
export type RevokeRequest = z.infer<typeof RevokeRequest>

/** `/services/oauth2/authorize` (web server flow; the login form posts these back with the credentials). */
export const AuthorizeRequest = z.strictObject({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  state: z.string().optional(),
  scope: OAuthScope.optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43,128}$/)
    .optional(),
  code_challenge_method: z.literal('S256').optional(),
  login_hint: z.string().optional(),
  /** Only how the login page looks: the replica's page looks the same for every value. */
  display: z.enum(['page', 'popup', 'touch', 'mobile']).optional(),
  prompt: z.enum(['login', 'consent', 'select_account']).optional(),
})
export type AuthorizeRequest = z.infer<typeof AuthorizeRequest>

/** The login form's own fields, posted with the authorization request. */
/** The login form as posted: the request, the credentials, and the token the page was shown with. */
export const AuthorizeLogin = AuthorizeRequest.extend({
  username: z.string().min(1),
  pw: z.string(),
  form_token: z.string().min(1).max(64),
})
export type AuthorizeLogin = z.infer<typeof AuthorizeLogin>
