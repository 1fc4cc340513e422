/**
 * @module schemas/credentials
 * @see spec "Resources and their fields" > Credentials; "Endpoints" > createCredentials; "Authentication" 6
 */
import { z } from 'zod'
import { AppName, Id, StringRecord, Timestamp } from './common.js'

/** Optional login details of a credentials answer. */
export const CredentialsLogin = z.strictObject({
  authentication: z.string(),
  url: z.string(),
  parameters: StringRecord,
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
