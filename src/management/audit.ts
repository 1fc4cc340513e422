/**
 * @module
 * Audit events: one per mutating management operation and per lifecycle transition (docs/management-api.md
 * #audit-events). Operations record the caller and request id; transitions the `system`
 * principal and no request id. Listing lives in `audit-events.ts`.
 */
import type { AuditEvent } from '../schemas/audit-event.js'
import type { FreeFormObject, Principal } from '../schemas/common.js'
import { makeId } from '../store/ids.js'
import type { Call } from './auth.js'
import type { ManagementContext } from './context.js'

/** The principal of everything the service does on its own (transitions). */
export const SYSTEM_PRINCIPAL: Principal = { type: 'system', id: null, name: null }

/** The event names this mock emits. */
export type AuditEventName =
  | 'environment.created'
  | 'environment.updated'
  | 'environment.paused'
  | 'environment.resumed'
  | 'environment.deleted'
  | 'environment.running'
  | 'environment.expired'
  | 'environment.failed'
  | 'snapshot.created'
  | 'snapshot.updated'
  | 'snapshot.deleted'
  | 'snapshot.ready'
  | 'snapshot.failed'
  | 'credentials.created'

export interface AuditEventInput {
  name: AuditEventName
  /** The call that caused it; omitted for a transition (system principal, no request id). */
  call?: Call
  workspaceId: string | null
  environmentId: string | null
  subjectId: string
  data?: FreeFormObject
  /** Defaults to now; transitions pass their due time. */
  occurredAt?: string
}

export async function recordAuditEvent(ctx: ManagementContext, input: AuditEventInput): Promise<AuditEvent> {
  return ctx.store.auditEvents.create({
    id: makeId('audit'),
    name: input.name,
    principal: input.call ? input.call.caller.principal : SYSTEM_PRINCIPAL,
    workspaceId: input.workspaceId,
    environmentId: input.environmentId,
    subjectId: input.subjectId,
    requestId: input.call ? input.call.requestId : null,
    data: input.data ?? {},
    occurredAt: input.occurredAt ?? ctx.clock.now().toISOString(),
  })
}
