/**
 * @module
 * `GET /v1/workspaces` and `GET /v1/workspaces/{workspaceId}`.
 */
import { Hono } from 'hono'
import type { ManagementContext } from '../../management/context.js'
import { getWorkspace, listWorkspaces } from '../../management/workspaces.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function workspaceRoutes(ctx: ManagementContext) {
  const { usage } = ctx
  return new Hono<ReplicaEnv>()
    .get(honoPath(ops.listWorkspaces), validOperation(ops.listWorkspaces, usage), (c) => {
      const { archived, ...page } = c.req.valid('query')
      return c.json(listWorkspaces(ctx, c.get('caller'), { ...page, archived: archived === 'true' }))
    })
    .get(honoPath(ops.getWorkspace), validOperation(ops.getWorkspace, usage), (c) =>
      c.json(getWorkspace(ctx, c.get('caller'), c.req.valid('param').workspaceId)),
    )
}
