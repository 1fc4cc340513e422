/**
 * @module
 * `GET /v1/me`, `/v1/apps`, `/v1/apps/{appId}/versions`.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { listApps, listVersions } from '../../management/apps.js'
import type { ManagementContext } from '../../management/context.js'
import { getMe } from '../../management/me.js'
import { AppId, PageQuery } from '../../schemas/common.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid } from '../http/validate.js'

export function catalogRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>()
    .get('/me', (c) => c.json(getMe(ctx, c.get('caller'))))
    .get('/apps', valid('query', PageQuery), (c) => c.json(listApps(ctx, c.req.valid('query'))))
    .get(
      '/apps/:appId/versions',
      valid('param', z.object({ appId: AppId })),
      valid('query', PageQuery),
      (c) => c.json(listVersions(ctx, c.req.valid('param').appId, c.req.valid('query'))),
    )
}
