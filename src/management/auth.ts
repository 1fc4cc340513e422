/**
 * @module
 * Who is calling: bearer tokens resolve to a member or a workspace API key (decision
 * 0005). Unknown or missing token -> `unauthenticated`; a known caller without the
 * permission -> `forbidden`; an API key sees only its own workspace, and another workspace's
 * resources are reported as not found (decision 0005).
 */
import type { Principal } from '../schemas/common.js'
import type { Permission } from '../schemas/me.js'
import type { ApiKey, Member } from '../schemas/tenant.js'
import type { ManagementContext } from './context.js'
import { ManagementError } from './errors.js'

export type Caller =
  | { kind: 'member'; principal: Principal; permissions: ReadonlySet<Permission>; member: Member }
  | { kind: 'api_key'; principal: Principal; permissions: ReadonlySet<Permission>; apiKey: ApiKey }

export function authenticate(ctx: ManagementContext, token: string | undefined): Caller {
  if (!token) throw new ManagementError('unauthenticated', 'Failed to authenticate: no bearer token was sent')
  const member = ctx.store.members.findByKey('token', token)
  if (member) {
    return {
      kind: 'member',
      principal: { type: 'member', id: member.id, name: member.name },
      permissions: new Set(member.permissions),
      member,
    }
  }
  const apiKey = ctx.store.apiKeys.findByKey('token', token)
  if (apiKey) {
    return {
      kind: 'api_key',
      principal: { type: 'api_key', id: apiKey.id, name: apiKey.name },
      permissions: new Set(apiKey.permissions),
      apiKey,
    }
  }
  throw new ManagementError('unauthenticated', 'Failed to authenticate: the bearer token is not valid')
}

export function requirePermission(caller: Caller, permission: Permission): void {
  if (!caller.permissions.has(permission)) {
    throw new ManagementError(
      'forbidden',
      `Failed to authorize: the caller lacks the "${permission}" permission`,
    )
  }
}

/** The workspace an API key is bound to, or null for a member (who sees every workspace). */
export function scopedWorkspaceId(caller: Caller): string | null {
  return caller.kind === 'api_key' ? caller.apiKey.workspaceId : null
}

/** Whether the caller may see resources of `workspaceId`. */
export function canSeeWorkspace(caller: Caller, workspaceId: string): boolean {
  const scope = scopedWorkspaceId(caller)
  return scope === null || scope === workspaceId
}

/** Who makes a management call, and the id of that call (echoed in audit events). */
export interface Call {
  caller: Caller
  requestId: string
}
