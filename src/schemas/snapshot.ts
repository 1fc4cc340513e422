/**
 * @module schemas/snapshot
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import { AppName, Id, listOf, PageQuery, Principal, queryArray, ResourceName, Timestamp } from './common.js'

export const SnapshotStatus = z.enum(['saving', 'ready', 'failed', 'deleted'])
export type SnapshotStatus = z.infer<typeof SnapshotStatus>

export const SnapshotFailureCode = z.enum(['interrupted', 'internal_error'])
export type SnapshotFailureCode = z.infer<typeof SnapshotFailureCode>

export const SnapshotFailure = z.strictObject({
  code: SnapshotFailureCode,
  message: z.string(),
})
export type SnapshotFailure = z.infer<typeof SnapshotFailure>

/** One app entry of a snapshot. */
export const SnapshotApp = z.strictObject({
  name: AppName,
  appId: z.string(),
  versionId: Id,
  version: z.string(),
  sizeBytes: z.int().nullable(),
})
export type SnapshotApp = z.infer<typeof SnapshotApp>

export const Snapshot = z.strictObject({
  id: Id,
  workspaceId: Id,
  environmentId: Id,
  name: z.string().nullable(),
  status: SnapshotStatus,
  failure: SnapshotFailure.nullable(),
  sizeBytes: z.int().nullable(),
  apps: z.array(SnapshotApp),
  createdBy: Principal,
  createdAt: Timestamp,
  readyAt: Timestamp.nullable(),
  deletedAt: Timestamp.nullable(),
})
export type Snapshot = z.infer<typeof Snapshot>

export const SnapshotList = listOf(Snapshot)
export type SnapshotList = z.infer<typeof SnapshotList>

/** Body of `POST /v1/snapshots`. */
export const CreateSnapshot = z.strictObject({
  environmentId: Id,
  name: ResourceName.optional(),
})
export type CreateSnapshot = z.infer<typeof CreateSnapshot>

/** Body of `PATCH /v1/snapshots/{snapshotId}`: `name` is required (null clears it). */
export const UpdateSnapshot = z.strictObject({
  name: ResourceName,
})
export type UpdateSnapshot = z.infer<typeof UpdateSnapshot>

/** Query of `GET /v1/snapshots`. */
export const ListSnapshotsQuery = z.object({
  ...PageQuery.shape,
  workspaceId: Id.optional(),
  environmentId: Id.optional(),
  status: queryArray(SnapshotStatus, 4).optional(),
})
export type ListSnapshotsQuery = z.infer<typeof ListSnapshotsQuery>
