/**
 * @module
 * The management API's operations as one table: method, path, operationId, permission, the zod
 * schemas of path parameters, query, headers and body, the success responses and the error codes
 * each operation raises. The routes validate with it (`operation-validation.ts`) and the OpenAPI
 * document is generated from it (`../openapi/openapi-document.ts`), so the two cannot drift.
 * @see docs/management-api.md, docs/limits.md
 */
import * as z from 'zod'
import { AppList, VersionList } from '../../schemas/app.js'
import { AuditEventList, ListAuditEventsQuery } from '../../schemas/audit-event.js'
import { AppId, AppName, Id, IdempotencyKey, PageQuery } from '../../schemas/common.js'
import { CreateCredentials, Credentials } from '../../schemas/credentials.js'
import {
  CreateEnvironment,
  Environment,
  EnvironmentList,
  ListEnvironmentsQuery,
  UpdateEnvironment,
} from '../../schemas/environment.js'
import type { ErrorCode } from '../../schemas/error.js'
import { Me, type Permission } from '../../schemas/me.js'
import {
  ListRequestsQuery,
  RecordedRequestDetail,
  RecordedRequestList,
  RequestBodyDirection,
  RequestId,
  RequestStats,
  RequestStatsQuery,
} from '../../schemas/request.js'
import {
  CreateSnapshot,
  ListSnapshotsQuery,
  Snapshot,
  SnapshotList,
  UpdateSnapshot,
} from '../../schemas/snapshot.js'
import { ListWorkspacesQuery, Workspace, WorkspaceList } from '../../schemas/workspace.js'

export type HttpVerb = 'get' | 'post' | 'patch' | 'delete'

export interface SuccessResponse {
  status: 200 | 201 | 202
  description: string
  /** JSON body schema; absent for the binary download. */
  schema?: z.ZodType
  /** @default 'application/json' */
  contentType?: string
}

export interface Operation {
  operationId: string
  method: HttpVerb
  /** OpenAPI path template under `/v1` (`/environments/{environmentId}`). */
  path: string
  summary: string
  tag: string
  /** Checked before any input is validated: a caller without it gets 403 whatever it sent. */
  permission?: Permission
  param?: z.ZodObject
  query?: z.ZodType
  /** Header names in lower case (as Hono hands them over). */
  header?: z.ZodObject
  body?: z.ZodType
  /** A body that may be left out entirely (`createCredentials`). */
  bodyOptional?: boolean
  responses: readonly SuccessResponse[]
  /** Codes this operation raises besides those every operation can (see `errorCodesOf`). */
  errors: readonly ErrorCode[]
  /** Not part of the spec; served without a token. */
  public?: boolean
}

const EnvironmentPath = z.object({ environmentId: Id })
const SnapshotPath = z.object({ snapshotId: Id })
const IdempotencyHeader = z.object({ 'idempotency-key': IdempotencyKey.optional() })

const ok = (schema: z.ZodType, description: string): SuccessResponse => ({ status: 200, schema, description })
const accepted = (schema: z.ZodType, description: string): SuccessResponse[] => [
  { status: 202, schema, description },
  { status: 200, schema, description: 'The earlier result of a replayed idempotency key, as it now is' },
]

/** Every operation of the management API, by operationId. */
export const operations = {
  getOpenApiDocument: {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'meta',
    public: true,
    responses: [ok(z.record(z.string(), z.unknown()), 'OpenAPI 3.1 document')],
    errors: [],
  },
  getMe: {
    operationId: 'getMe',
    method: 'get',
    path: '/me',
    summary: 'The caller, its organization, permissions and limits',
    tag: 'catalog',
    responses: [ok(Me, 'The caller')],
    errors: [],
  },
  listApps: {
    operationId: 'listApps',
    method: 'get',
    path: '/apps',
    summary: 'The app catalog',
    tag: 'catalog',
    query: PageQuery,
    responses: [ok(AppList, 'A page of apps')],
    errors: [],
  },
  listVersions: {
    operationId: 'listVersions',
    method: 'get',
    path: '/apps/{appId}/versions',
    summary: "An app's published and retired versions, newest first",
    tag: 'catalog',
    param: z.object({ appId: AppId }),
    query: PageQuery,
    responses: [ok(VersionList, 'A page of versions')],
    errors: ['not_found'],
  },
  listWorkspaces: {
    operationId: 'listWorkspaces',
    method: 'get',
    path: '/workspaces',
    summary: 'Workspaces the caller may see (an API key: its own)',
    tag: 'workspaces',
    query: ListWorkspacesQuery,
    responses: [ok(WorkspaceList, 'A page of workspaces')],
    errors: [],
  },
  getWorkspace: {
    operationId: 'getWorkspace',
    method: 'get',
    path: '/workspaces/{workspaceId}',
    summary: 'One workspace',
    tag: 'workspaces',
    param: z.object({ workspaceId: Id }),
    responses: [ok(Workspace, 'The workspace')],
    errors: ['not_found'],
  },
  listEnvironments: {
    operationId: 'listEnvironments',
    method: 'get',
    path: '/environments',
    summary: 'Environments, newest first, every filter ANDed',
    tag: 'environments',
    permission: 'environments:read',
    query: ListEnvironmentsQuery,
    responses: [ok(EnvironmentList, 'A page of environments')],
    errors: [],
  },
  createEnvironment: {
    operationId: 'createEnvironment',
    method: 'post',
    path: '/environments',
    summary: 'Starts an environment from apps or a snapshot',
    tag: 'environments',
    permission: 'environments:write',
    header: IdempotencyHeader,
    body: CreateEnvironment,
    responses: accepted(Environment, 'Accepted: the environment, `starting`'),
    errors: [
      'not_found',
      'invalid_status',
      'idempotency_key_reused',
      'workspace_archived',
      'version_unavailable',
      'environment_limit_reached',
    ],
  },
  getEnvironment: {
    operationId: 'getEnvironment',
    method: 'get',
    path: '/environments/{environmentId}',
    summary: 'One environment',
    tag: 'environments',
    permission: 'environments:read',
    param: EnvironmentPath,
    responses: [ok(Environment, 'The environment')],
    errors: ['not_found'],
  },
  updateEnvironment: {
    operationId: 'updateEnvironment',
    method: 'patch',
    path: '/environments/{environmentId}',
    summary: "Replaces an environment's labels and/or name",
    tag: 'environments',
    permission: 'environments:write',
    param: EnvironmentPath,
    body: UpdateEnvironment,
    responses: [ok(Environment, 'The updated environment')],
    errors: ['not_found', 'invalid_status'],
  },
  deleteEnvironment: {
    operationId: 'deleteEnvironment',
    method: 'delete',
    path: '/environments/{environmentId}',
    summary: 'Deletes an environment (reason `cancelled`)',
    tag: 'environments',
    permission: 'environments:write',
    param: EnvironmentPath,
    header: IdempotencyHeader,
    responses: [ok(Environment, 'The deleted environment')],
    errors: ['not_found', 'invalid_status', 'idempotency_key_reused'],
  },
  pauseEnvironment: {
    operationId: 'pauseEnvironment',
    method: 'post',
    path: '/environments/{environmentId}/pause',
    summary: 'Pauses an environment; the gateway refuses its calls from then on',
    tag: 'environments',
    permission: 'environments:write',
    param: EnvironmentPath,
    header: IdempotencyHeader,
    responses: [ok(Environment, 'The paused environment')],
    errors: ['not_found', 'invalid_status', 'idempotency_key_reused'],
  },
  resumeEnvironment: {
    operationId: 'resumeEnvironment',
    method: 'post',
    path: '/environments/{environmentId}/resume',
    summary: 'Resumes a paused environment (`starting`, then `running`)',
    tag: 'environments',
    permission: 'environments:write',
    param: EnvironmentPath,
    header: IdempotencyHeader,
    responses: [ok(Environment, 'The resuming environment')],
    errors: ['not_found', 'invalid_status', 'idempotency_key_reused'],
  },
  createCredentials: {
    operationId: 'createCredentials',
    method: 'post',
    path: '/environments/{environmentId}/apps/{appName}/credentials',
    summary: 'Credentials to call one app of an environment as one actor (same tokens each time)',
    tag: 'environments',
    permission: 'environments:connect',
    param: z.object({ environmentId: Id, appName: AppName }),
    body: CreateCredentials,
    bodyOptional: true,
    responses: [ok(Credentials, 'The credentials')],
    errors: ['not_found', 'invalid_status'],
  },
  listSnapshots: {
    operationId: 'listSnapshots',
    method: 'get',
    path: '/snapshots',
    summary: 'Snapshots, newest first, every filter ANDed',
    tag: 'snapshots',
    permission: 'snapshots:read',
    query: ListSnapshotsQuery,
    responses: [ok(SnapshotList, 'A page of snapshots')],
    errors: [],
  },
  createSnapshot: {
    operationId: 'createSnapshot',
    method: 'post',
    path: '/snapshots',
    summary: "Saves a copy of an environment's data",
    tag: 'snapshots',
    permission: 'snapshots:write',
    header: IdempotencyHeader,
    body: CreateSnapshot,
    responses: accepted(Snapshot, 'Accepted: the snapshot, `saving`'),
    errors: [
      'not_found',
      'invalid_status',
      'snapshot_in_progress',
      'workspace_archived',
      'idempotency_key_reused',
    ],
  },
  getSnapshot: {
    operationId: 'getSnapshot',
    method: 'get',
    path: '/snapshots/{snapshotId}',
    summary: 'One snapshot',
    tag: 'snapshots',
    permission: 'snapshots:read',
    param: SnapshotPath,
    responses: [ok(Snapshot, 'The snapshot')],
    errors: ['not_found'],
  },
  updateSnapshot: {
    operationId: 'updateSnapshot',
    method: 'patch',
    path: '/snapshots/{snapshotId}',
    summary: 'Renames a snapshot',
    tag: 'snapshots',
    permission: 'snapshots:write',
    param: SnapshotPath,
    body: UpdateSnapshot,
    responses: [ok(Snapshot, 'The renamed snapshot')],
    errors: ['not_found', 'invalid_status'],
  },
  deleteSnapshot: {
    operationId: 'deleteSnapshot',
    method: 'delete',
    path: '/snapshots/{snapshotId}',
    summary: 'Deletes a snapshot',
    tag: 'snapshots',
    permission: 'snapshots:write',
    param: SnapshotPath,
    responses: [ok(Snapshot, 'The deleted snapshot')],
    errors: ['not_found', 'invalid_status'],
  },
  listAuditEvents: {
    operationId: 'listAuditEvents',
    method: 'get',
    path: '/audit-events',
    summary: 'Audit events, newest first',
    tag: 'audit',
    permission: 'environments:read',
    query: ListAuditEventsQuery,
    responses: [ok(AuditEventList, 'A page of audit events')],
    errors: [],
  },
  listRequests: {
    operationId: 'listRequests',
    method: 'get',
    path: '/requests',
    summary: "An environment's recorded gateway calls, newest first",
    tag: 'requests',
    permission: 'environments:read',
    query: ListRequestsQuery,
    responses: [ok(RecordedRequestList, 'A page of recorded calls')],
    errors: ['not_found'],
  },
  getRequestStats: {
    operationId: 'getRequestStats',
    method: 'get',
    path: '/requests/stats',
    summary: 'Counts, latency percentiles and time buckets of recorded calls in a window',
    tag: 'requests',
    permission: 'environments:read',
    query: RequestStatsQuery,
    responses: [ok(RequestStats, 'The stats')],
    errors: ['not_found'],
  },
  getRequest: {
    operationId: 'getRequest',
    method: 'get',
    path: '/requests/{requestId}',
    summary: 'One recorded call with its headers and body previews',
    tag: 'requests',
    permission: 'environments:read',
    param: z.object({ requestId: RequestId }),
    responses: [ok(RecordedRequestDetail, 'The recorded call')],
    errors: ['not_found'],
  },
  getRequestBody: {
    operationId: 'getRequestBody',
    method: 'get',
    path: '/requests/{requestId}/body/{direction}',
    summary: "A recorded call's whole request or response body",
    tag: 'requests',
    permission: 'environments:read',
    param: z.object({ requestId: RequestId, direction: RequestBodyDirection }),
    responses: [
      { status: 200, description: 'The body, as an attachment', contentType: 'application/octet-stream' },
    ],
    errors: ['not_found'],
  },
} as const satisfies Record<string, Operation>

/**
 * The codes `op` can answer with: its own, plus what every operation can raise (401 without a
 * valid token, 500), 400 for any input, 403 behind a permission, 413 on a method with a body.
 */
export function errorCodesOf(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.public ? [] : ['unauthenticated'])
  if (op.param || op.query || op.header || op.body) codes.add('invalid_request')
  if (op.permission) codes.add('forbidden')
  // the body cap applies to every method that may carry a body (management-routes.ts)
  if (op.method !== 'get') codes.add('body_too_large')
  for (const code of op.errors) codes.add(code)
  codes.add('internal_error')
  return [...codes]
}

/** Hono's form of an OpenAPI path template: `{id}` -> `:id`. */
export function honoPath(op: Operation): string {
  return op.path.replace(/\{(\w+)\}/g, ':$1')
}
