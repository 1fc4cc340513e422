/**
 * @module
 * Who the web inspector reads the management API as: a member of the loaded fixture that may
 * read environments and snapshots in every workspace (the owner, in the default fixture).
 */
import type { ManagementContext } from './context.js'

/** The bearer token of that member, or undefined when the fixture has none. */
export function inspectorToken(ctx: ManagementContext): string | undefined {
  const reader = ctx.store.members.findFirst((q) =>
    q.where(
      (member) =>
        member.permissions.includes('environments:read') && member.permissions.includes('snapshots:read'),
    ),
  )
  return reader?.token
}
