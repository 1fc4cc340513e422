/**
 * @module
 * `GET /v1/audit-events`.
 */
import { Hono } from 'hono'
import { listAuditEvents } from '../../management/audit-events.js'
import type { ManagementContext } from '../../management/context.js'
import { ListAuditEventsQuery } from '../../schemas/audit-event.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid } from '../http/validate.js'
import { requires } from './operation-middleware.js'

export function auditRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>().get(
    '/audit-events',
    requires('environments:read'),
    valid('query', ListAuditEventsQuery),
    async (c) => c.json(await listAuditEvents(ctx, c.get('caller'), c.req.valid('query'))),
  )
}
