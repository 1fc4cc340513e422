/**
 * @module schemas/credentials
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import { AppName, Id, StringRecord, Timestamp } from './common.js'

/** Optional login details of a credentials answer. */
export const CredentialsLogin = z.strictObject({
  authentication: z.string(),
  url: z.string(),
  parameters: StringRecord.meta({
    description:
      "Login parameters: `username`, `client_id`, and the connected app's callback URLs (where the " +
      'web server flow may redirect with a code; any other `redirect_uri` is `redirect_uri_mismatch`): ' +
      "`callback_urls`, the space-separated URLs of the app's `oauthCallbackUrls` setting, matched " +
      'exactly (empty when none); `callback_origins`, space-separated origins any URL of which is a ' +
      "callback: the loopback origins (`:*` is any port or none) and the mock's own origin.",
  }),
  secrets: StringRecord,
})
export type CredentialsLogin = z.infer<typeof CredentialsLogin>

export const Credentials = z.strictObject({
  environmentId: Id,
  app: AppName,
  actorId: z.string(),
  url: z.string(),
  headers: StringRecord,
  token: z.string(),
  expiresAt: Timestamp,
  login: CredentialsLogin.nullable(),
})
export type Credentials = z.infer<typeof Credentials>

/** Body of `POST /v1/environments/{environmentId}/apps/{appName}/credentials`. */
export const CreateCredentials = z.strictObject({
  actorId: z.string().min(1).max(255).optional(),
})
export type CreateCredentials = z.infer<typeof CreateCredentials>
