/**
 * @module
 * Stored shapes of the management resources the API writes. Each extends its strict API schema
 * with internal fields the API never shows (due times, queued failures, snapshot settings); the
 * domain's view functions (`toEnvironment`, `toSnapshot`) build the API shape from them.
 */
import { z } from 'zod'
import { AppName, FreeFormObject, Id, Principal, Timestamp } from '../schemas/common.js'
import { Environment, EnvironmentApp, EnvironmentFailure } from '../schemas/environment.js'
import { Snapshot, SnapshotApp, SnapshotFailure } from '../schemas/snapshot.js'

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

/** The app token issued for one (environment, app, actor). */
export const StoredCredentials = z.strictObject({
  /** `credentialsKey(environmentId, app, actorId)`. */
  id: z.string(),
  environmentId: Id,
  app: AppName,
  actorId: z.string().min(1).max(255),
  token: z.string().min(1),
  createdAt: Timestamp,
})
export type StoredCredentials = z.infer<typeof StoredCredentials>

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
