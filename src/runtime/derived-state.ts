/**
 * @module
 * What the runtime derives from the store and rebuilds whenever the store is replaced (reset,
 * import): the secrets recorded calls must never show, and when imported deleted or failed
 * environments' recorded calls go.
 */
import type { ManagementContext } from '../management/context.js'

/** Every token in the store (and the admin token): what recorded calls must never show. */
export function learnSecrets(ctx: ManagementContext, adminToken: string | undefined): void {
  ctx.secrets.clear()
  if (adminToken) ctx.secrets.add(adminToken)
  for (const member of ctx.store.members.findMany()) ctx.secrets.add(member.token)
  for (const key of ctx.store.apiKeys.findMany()) ctx.secrets.add(key.token)
  for (const credentials of ctx.store.credentials.findMany()) {
    for (const secret of [
      credentials.token,
      credentials.previousToken,
      credentials.password,
      credentials.clientSecret,
    ])
      if (secret) ctx.secrets.add(secret, credentials.environmentId)
  }
  for (const session of ctx.store.appSessions.findMany()) ctx.secrets.add(session.id, session.environmentId)
}

/** The recorded calls of imported deleted or failed environments go when their retention ends. */
export function retireReleasedCalls(ctx: ManagementContext): void {
  const released = ctx.store.environments.findMany((q) =>
    q.where((environment) => environment.status === 'deleted' || environment.status === 'failed'),
  )
  for (const environment of released) {
    const since = environment.deletedAt ? Date.parse(environment.deletedAt) : ctx.clock.nowMs()
    ctx.recordedCalls.retire(environment.id, since + ctx.retention.recordedCallsMs)
  }
}
