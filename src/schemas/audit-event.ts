/**
 * @module schemas/audit-event
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import { FreeFormObject, Id, listOf, PageQuery, Principal, Timestamp } from './common.js'

export const AuditEvent = z.strictObject({
  id: z.string(),
  name: z.string(),
  principal: Principal,
  workspaceId: Id.nullable(),
  environmentId: Id.nullable(),
  subjectId: z.string(),
  requestId: z.string().nullable(),
  data: FreeFormObject,
  occurredAt: Timestamp,
})
export type AuditEvent = z.infer<typeof AuditEvent>

export const AuditEventList = listOf(AuditEvent)
export type AuditEventList = z.infer<typeof AuditEventList>

/** Query of `GET /v1/audit-events`. */
export const ListAuditEventsQuery = z.object({
  ...PageQuery.shape,
  workspaceId: Id.optional(),
  environmentId: Id.optional(),
})
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuery>
