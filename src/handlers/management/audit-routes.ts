/**
 * @module
 * `GET /v1/audit-events`.
 */
import { Hono } from 'hono'
import { listAuditEvents } from '../../management/audit-events.js'
import type { ManagementContext } from '../../management/context.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { validOperation } from './operation-validation.js'
import { honoPath, operations as ops } from './operations.js'

export function auditRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>().get(
    honoPath(ops.listAuditEvents),
    validOperation(ops.listAuditEvents, ctx.usage),
    async (c) => c.json(await listAuditEvents(ctx, c.get('caller'), c.req.valid('query'))),
  )
}
