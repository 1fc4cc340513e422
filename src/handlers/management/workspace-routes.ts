/**
 * @module
 * `GET /v1/workspaces` and `GET /v1/workspaces/{workspaceId}`.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { ManagementContext } from '../../management/context.js'
import { getWorkspace, listWorkspaces } from '../../management/workspaces.js'
import { Id } from '../../schemas/common.js'
import { ListWorkspacesQuery } from '../../schemas/workspace.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid } from '../http/validate.js'

export function workspaceRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>()
    .get('/workspaces', valid('query', ListWorkspacesQuery), (c) => {
      const { archived, ...page } = c.req.valid('query')
      return c.json(listWorkspaces(ctx, c.get('caller'), { ...page, archived: archived === 'true' }))
    })
    .get('/workspaces/:workspaceId', valid('param', z.object({ workspaceId: Id })), (c) =>
      c.json(getWorkspace(ctx, c.get('caller'), c.req.valid('param').workspaceId)),
    )
}
