/**
 * @module
 * Stored shapes of the management resources the API writes. Each extends its strict API schema
 * with internal fields the API never shows (due times, queued failures, snapshot settings); the
 * domain's view functions (`toEnvironment`, `toSnapshot`) build the API shape from them.
 */
import * as z from 'zod'
import { AppName, FreeFormObject, Id, Principal, Timestamp } from '../schemas/common.js'
import { Environment, EnvironmentApp, EnvironmentFailure } from '../schemas/environment.js'
import { Snapshot, SnapshotApp, SnapshotFailure } from '../schemas/snapshot.js'
import { appToken, hasAppTokenShape, organizationIdOf } from './salesforce-ids.js'

/** An environment app entry as stored: its `url` follows the mock's current base URL, so it is derived. */
export const StoredEnvironmentApp = EnvironmentApp.omit({ url: true })
export type StoredEnvironmentApp = z.infer<typeof StoredEnvironmentApp>

export const StoredEnvironment = Environment.omit({ apps: true }).extend({
  apps: z.array(StoredEnvironmentApp),
  /** When the current start (create or resume) completes; set only while `starting`. */
  startDueAt: Timestamp.nullable(),
  /** The failure the current start ends with (invalid settings or a queued fault), if any. */
  startFailure: EnvironmentFailure.nullable(),
})
export type StoredEnvironment = z.infer<typeof StoredEnvironment>

/** A snapshot app entry as stored: the settings of the environment app, restored with it. */
export const StoredSnapshotApp = SnapshotApp.extend({ settings: FreeFormObject })
export type StoredSnapshotApp = z.infer<typeof StoredSnapshotApp>

export const StoredSnapshot = Snapshot.omit({ apps: true }).extend({
  apps: z.array(StoredSnapshotApp),
  /** When `saving` ends; set only while `saving`. */
  dueAt: Timestamp.nullable(),
  /** The failure saving ends with (a queued fault), if any. */
  pendingFailure: SnapshotFailure.nullable(),
})
export type StoredSnapshot = z.infer<typeof StoredSnapshot>

/**
 * The data a snapshot holds: each app's serialised content as a JSON string, kept apart from the
 * snapshot record (it can be large, and a string is never shared with a running environment).
 */
export const SnapshotContent = z.strictObject({
  /** The snapshot id. */
  id: Id,
  apps: z.record(AppName, z.string()),
})
export type SnapshotContent = z.infer<typeof SnapshotContent>

/** The app token issued for one (environment, app, actor), and its login secrets. */
const CredentialsRow = z.strictObject({
  /** `credentialsKey(environmentId, app, actorId)`. */
  id: z.string(),
  environmentId: Id,
  app: AppName,
  actorId: z.string().min(1).max(255),
  /** `<organization id>!<secret>` (see `salesforce-ids.ts`). */
  token: z.string().min(1),
  /** The token an older state document held (before app tokens had Salesforce's shape): still accepted. */
  previousToken: z.string().min(1).optional(),
  /**
   * The login secrets of the credentials' `login` (the actor's OAuth client and password), set
   * once the app version has an interactive Api.
   */
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  password: z.string().min(1).optional(),
  createdAt: Timestamp,
})

/**
 * A stored credentials row. A row of an older state whose token has another shape is migrated
 * as it is loaded: the token becomes `<organization id>!<old token>` and the old one stays
 * accepted as `previousToken`.
 */
export const StoredCredentials = z.preprocess(migrateTokenShape, CredentialsRow)
export type StoredCredentials = z.infer<typeof CredentialsRow>

function migrateTokenShape(row: unknown): unknown {
  if (typeof row !== 'object' || row === null) return row
  const { token, environmentId, previousToken } = row as Record<string, unknown>
  if (typeof token !== 'string' || typeof environmentId !== 'string' || previousToken !== undefined)
    return row
  if (hasAppTokenShape(token) || !/^[.\w]+$/.test(token)) return row
  return { ...row, token: appToken(organizationIdOf(environmentId), token), previousToken: token }
}

/**
 * A token issued by the app's OAuth endpoints or SOAP login (docs/gateway.md): an access token
 * the gateway accepts like a credentials token, a refresh token, or a one-time authorization code.
 */
export const StoredAppSession = z.strictObject({
  /** The token (or code) itself. */
  id: z.string().min(1),
  kind: z.enum(['access', 'refresh', 'code']),
  environmentId: Id,
  app: AppName,
  actorId: z.string().min(1).max(255),
  /**
   * What issued it, so a repeat reuses it and a revoked refresh token takes its access tokens
   * along: `login|<environment>|<app>|<actor>|<client or soap>`, `refresh|<refresh token>`, or
   * `code|<code>`; a code holds `grant|<client id>`, a refresh token `code|<code>`.
   */
  issuedBy: z.string(),
  clientId: z.string().nullable(),
  /** The scopes granted (space separated), as asked for; null when none were. */
  scope: z.string().nullable(),
  /** Authorization codes: the redirect URI and PKCE challenge of the authorization request. */
  redirectUri: z.string().nullable(),
  codeChallenge: z.string().nullable(),
  createdAt: Timestamp,
  /** Authorization codes expire; access and refresh tokens live until revoked or the environment goes. */
  expiresAt: Timestamp.nullable(),
  /**
   * An authorization code once exchanged: kept until it expires, so a replay of it is recognised
   * and revokes what it issued (RFC 6749 4.1.2).
   */
  usedAt: Timestamp.nullable().default(null),
})
export type StoredAppSession = z.infer<typeof StoredAppSession>

/** What an `idempotency-key` was first used for. */
export const IdempotencyRecord = z.strictObject({
  /** `idempotencyKey(principal, operation, key)`. */
  id: z.string(),
  principal: Principal,
  operation: z.string(),
  key: z.string(),
  /** Hash of the first request (method, path, canonical JSON body). */
  fingerprint: z.string(),
  resourceId: Id,
  createdAt: Timestamp,
})
export type IdempotencyRecord = z.infer<typeof IdempotencyRecord>
