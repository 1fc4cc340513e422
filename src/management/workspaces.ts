/**
 * @module
 * Workspaces. A member sees every workspace of the organization; an API key sees only its own
 * (decision 0005), and any other is reported as not found.
 */
import type { Workspace } from '../schemas/workspace.js'
import { type Caller, canSeeWorkspace } from './auth.js'
import type { ManagementContext } from './context.js'
import { notFound } from './errors.js'
import { type Page, type PageRequest, paginate } from './pagination.js'

export function listWorkspaces(
  ctx: ManagementContext,
  caller: Caller,
  query: PageRequest & { archived: boolean },
): Page<Workspace> {
  return paginate(ctx.store.workspaces, query, {
    where: (workspace) =>
      canSeeWorkspace(caller, workspace.id) && (workspace.archivedAt !== null) === query.archived,
    orderBy: 'createdAt',
  })
}

export function getWorkspace(ctx: ManagementContext, caller: Caller, workspaceId: string): Workspace {
  const workspace = ctx.store.workspaces.findById(workspaceId)
  if (!workspace || !canSeeWorkspace(caller, workspaceId)) throw notFound('workspace', workspaceId)
  return workspace
}
