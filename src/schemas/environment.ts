/**
 * @module schemas/environment
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import {
  AppId,
  AppName,
  FreeFormObject,
  Id,
  Labels,
  LabelsInput,
  listOf,
  PageQuery,
  Principal,
  queryArray,
  ResourceName,
  SettingsInput,
  Timestamp,
} from './common.js'

export const EnvironmentStatus = z.enum(['starting', 'running', 'paused', 'failed', 'deleted'])
export type EnvironmentStatus = z.infer<typeof EnvironmentStatus>

/** Why an environment ended (`reason`). */
export const EnvironmentReason = z.enum(['cancelled', 'expired', 'failed'])
export type EnvironmentReason = z.infer<typeof EnvironmentReason>

export const EnvironmentFailureCode = z.enum([
  'start_failed',
  'restart_failed',
  'resume_failed',
  'version_unavailable',
  'invalid_settings',
])
export type EnvironmentFailureCode = z.infer<typeof EnvironmentFailureCode>

export const EnvironmentFailure = z.strictObject({
  app: z.string(),
  code: EnvironmentFailureCode,
  message: z.string(),
})
export type EnvironmentFailure = z.infer<typeof EnvironmentFailure>

/** One app entry of an environment. */
export const EnvironmentApp = z.strictObject({
  name: AppName,
  appId: z.string(),
  versionId: Id,
  version: z.string(),
  settings: FreeFormObject,
  url: z.string(),
})
export type EnvironmentApp = z.infer<typeof EnvironmentApp>

export const Environment = z.strictObject({
  id: Id,
  workspaceId: Id,
  name: z.string().nullable(),
  labels: Labels,
  status: EnvironmentStatus,
  reason: EnvironmentReason.nullable(),
  failure: EnvironmentFailure.nullable(),
  timeLimitMinutes: z.int(),
  tokenInUrl: z.boolean(),
  snapshotId: Id.nullable(),
  apps: z.array(EnvironmentApp),
  createdBy: Principal,
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  pausedAt: Timestamp.nullable(),
  deletedAt: Timestamp.nullable(),
  expiresAt: Timestamp.nullable(),
})
export type Environment = z.infer<typeof Environment>

export const EnvironmentList = listOf(Environment)
export type EnvironmentList = z.infer<typeof EnvironmentList>

/** An item of `CreateEnvironment.apps` in its object form. */
export const CreateEnvironmentAppObject = z.strictObject({
  app: AppId,
  name: AppName.optional(),
  settings: SettingsInput.optional(),
})
export type CreateEnvironmentAppObject = z.infer<typeof CreateEnvironmentAppObject>

/** An item of `CreateEnvironment.apps`: an APP_ID, or the object form. */
export const CreateEnvironmentApp = z.union([AppId, CreateEnvironmentAppObject])
export type CreateEnvironmentApp = z.infer<typeof CreateEnvironmentApp>

/**
 * Body of `POST /v1/environments`. No field is required by the schema; "apps or a snapshot" is a
 * service rule checked by the domain, and the default time limit comes from the caller's limits.
 */
export const CreateEnvironment = z.strictObject({
  apps: z.array(CreateEnvironmentApp).min(1).max(10).optional(),
  labels: LabelsInput.default({}),
  name: ResourceName.optional(),
  snapshotId: Id.optional(),
  timeLimitMinutes: z.int().min(1).max(1440).optional(),
  tokenInUrl: z.boolean().default(false),
  workspaceId: Id.optional(),
})
export type CreateEnvironment = z.infer<typeof CreateEnvironment>

/** Body of `PATCH /v1/environments/{environmentId}`; absent fields stay unchanged. */
export const UpdateEnvironment = z.strictObject({
  labels: LabelsInput.optional(),
  name: ResourceName.optional(),
})
export type UpdateEnvironment = z.infer<typeof UpdateEnvironment>

/** One `label` filter item: `key=value`. */
export const LabelFilter = z.string().regex(/^[^=]+=.*$/, 'Expected key=value')
export type LabelFilter = z.infer<typeof LabelFilter>

/**
 * Query of `GET /v1/environments`.
 * @note `label` items are split only at a comma followed by `key=`, so `label=team=a,b` is the one
 * filter `team=a,b` while `label=a=1,b=2` is two filters.
 */
export const ListEnvironmentsQuery = z.object({
  ...PageQuery.shape,
  workspaceId: Id.optional(),
  status: queryArray(EnvironmentStatus, 5).optional(),
  snapshotId: Id.optional(),
  search: z.string().max(120).optional(),
  label: queryArray(LabelFilter, 32, /,(?=[^,=]+=)/).optional(),
})
export type ListEnvironmentsQuery = z.infer<typeof ListEnvironmentsQuery>
