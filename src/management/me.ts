/**
 * @module
 * `GET /v1/me`: the caller, its organization and role, permissions and limits.
 */
import type { Me } from '../schemas/me.js'
import type { Caller } from './auth.js'
import type { ManagementContext } from './context.js'

export function getMe(ctx: ManagementContext, caller: Caller): Me {
  const { organization, limits } = ctx.store.tenancy
  const role = caller.kind === 'member' ? caller.member.role : null
  return {
    principal: caller.principal,
    user:
      caller.kind === 'member'
        ? { id: caller.member.id, email: caller.member.email, name: caller.member.name }
        : null,
    organization: { ...organization, role },
    organizations: [{ ...organization, role }],
    workspaceId: caller.kind === 'api_key' ? caller.apiKey.workspaceId : null,
    permissions: [...caller.permissions],
    limits: structuredClone(limits),
  }
}
