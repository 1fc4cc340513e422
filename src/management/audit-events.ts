/**
 * @module
 * `GET /v1/audit-events`: the audit events a caller may see, newest first, paged.
 */
import type { AuditEvent } from '../schemas/audit-event.js'
import { type Caller, canSeeWorkspace, scopedWorkspaceId } from './auth.js'
import type { ManagementContext } from './context.js'
import { runOperation } from './operation.js'
import { type Page, type PageRequest, paginate } from './pagination.js'

export interface AuditEventFilter extends PageRequest {
  workspaceId?: string | undefined
  environmentId?: string | undefined
}

/** `GET /v1/audit-events` (the route requires `environments:read`: events are about environments). */
export function listAuditEvents(
  ctx: ManagementContext,
  caller: Caller,
  query: AuditEventFilter,
): Promise<Page<AuditEvent>> {
  return runOperation(ctx, () => {
    const scope = scopedWorkspaceId(caller)
    const { workspaceId, environmentId } = query
    return paginate(ctx.store.auditEvents, query, {
      where: (event) =>
        (scope === null || event.workspaceId === scope) &&
        (workspaceId === undefined || event.workspaceId === workspaceId) &&
        (environmentId === undefined || event.environmentId === environmentId),
      orderBy: 'occurredAt',
      empty: workspaceId !== undefined && !canSeeWorkspace(caller, workspaceId),
    })
  })
}
