/**
 * @module
 * `GET /v1/me`, `/v1/apps`, `/v1/apps/{appId}/versions`.
 */
import { Hono } from 'hono'
import { listApps, listVersions } from '../../management/apps.js'
import type { ManagementContext } from '../../management/context.js'
import { getMe } from '../../management/me.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function catalogRoutes(ctx: ManagementContext) {
  const { usage } = ctx
  return new Hono<ReplicaEnv>()
    .get(honoPath(ops.getMe), validOperation(ops.getMe, usage), (c) => c.json(getMe(ctx, c.get('caller'))))
    .get(honoPath(ops.listApps), validOperation(ops.listApps, usage), (c) =>
      c.json(listApps(ctx, c.req.valid('query'))),
    )
    .get(honoPath(ops.listVersions), validOperation(ops.listVersions, usage), (c) =>
      c.json(listVersions(ctx, c.req.valid('param').appId, c.req.valid('query'))),
    )
}
