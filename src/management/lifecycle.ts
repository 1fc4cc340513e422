import type { StoredEnvironment, StoredSnapshot } from '../store/stored-records.js'
import { recordAuditEvent } from './audit.js'
import type { ManagementContext } from './context.js'
import type { Transaction } from './context.js'

const MINUTE_MS = 60_000

/** When the environment's next transition is due (epoch ms), or null when none is pending. */
export function environmentDueAt(environment: StoredEnvironment): number | null {
  if (environment.status === 'starting') return msOf(environment.startDueAt)
  if (environment.status === 'running' || environment.status === 'paused') return msOf(environment.expiresAt)
  return null
}

export function snapshotDueAt(snapshot: StoredSnapshot): number | null {
  return snapshot.status === 'saving' ? msOf(snapshot.dueAt) : null
}

/** Queues the environment's next transition; call after every write that sets a due time. */
export function scheduleEnvironment(ctx: ManagementContext, environment: StoredEnvironment): void {
  const at = environmentDueAt(environment)
  if (at !== null) ctx.due.push({ at, kind: 'environment', id: environment.id })
}

export function scheduleSnapshot(ctx: ManagementContext, snapshot: StoredSnapshot): void {
  const at = snapshotDueAt(snapshot)
  if (at !== null) ctx.due.push({ at, kind: 'snapshot', id: snapshot.id })
}

/** Rebuilds the due queue from the store (after reset or import). */
export function rebuildSchedule(ctx: ManagementContext): void {
  ctx.due.clear()
  for (const environment of ctx.store.environments.findMany()) scheduleEnvironment(ctx, environment)
  for (const snapshot of ctx.store.snapshots.findMany()) scheduleSnapshot(ctx, snapshot)
}

/** Applies every transition due by now, earliest first. Runs inside a store transaction. */
export async function settle(ctx: ManagementContext, tx: Transaction): Promise<void> {
  const now = ctx.clock.nowMs()
  for (let next = ctx.due.nextAt(); next !== undefined && next <= now; next = ctx.due.nextAt()) {
    const entry = ctx.due.pop()!
    tx.onRollback(() => ctx.due.push(entry))
    if (entry.kind === 'environment') {
      const environment = ctx.store.environments.findById(entry.id)
      const at = environment && environmentDueAt(environment)
      // a stale entry (the record moved on since it was queued) is simply dropped
      if (environment && at != null && at <= now) await advanceEnvironment(ctx, tx, environment, at)
    } else {
      const snapshot = ctx.store.snapshots.findById(entry.id)
      const at = snapshot && snapshotDueAt(snapshot)
      if (snapshot && at != null && at <= now) await finishSnapshot(ctx, snapshot, at)
    }
  }
}

async function advanceEnvironment(
  ctx: ManagementContext,
  tx: Transaction,
  environment: StoredEnvironment,
  atMs: number,
): Promise<void> {
  const at = new Date(atMs).toISOString()
  const event = {
    workspaceId: environment.workspaceId,
    environmentId: environment.id,
    subjectId: environment.id,
  }
  if (environment.status === 'starting' && environment.startFailure) {
    const failure = environment.startFailure
    await ctx.store.environments.update(environment, {
      status: 'failed',
      reason: 'failed',
      failure,
      startDueAt: null,
      startFailure: null,
    })
    await recordAuditEvent(ctx, {
      name: 'environment.failed',
      ...event,
      data: { code: failure.code, app: failure.app },
      occurredAt: at,
    })
    releaseData(ctx, tx, environment.id)
  } else if (environment.status === 'starting') {
    const expiresAt = expiresAfter(atMs, environment.timeLimitMinutes)
    const running = await ctx.store.environments.update(environment, {
      status: 'running',
      startedAt: at,
      expiresAt,
      startDueAt: null,
    })
    await recordAuditEvent(ctx, {
      name: 'environment.running',
      ...event,
      data: { expiresAt },
      occurredAt: at,
    })
    scheduleEnvironment(ctx, running)
  } else {
    await ctx.store.environments.update(environment, {
      status: 'deleted',
      reason: 'expired',
      deletedAt: at,
    })
    await recordAuditEvent(ctx, {
      name: 'environment.expired',
      ...event,
      data: { timeLimitMinutes: environment.timeLimitMinutes },
      occurredAt: at,
    })
    releaseData(ctx, tx, environment.id)
  }
}

async function finishSnapshot(ctx: ManagementContext, snapshot: StoredSnapshot, atMs: number): Promise<void> {
  const at = new Date(atMs).toISOString()
  const event = {
    workspaceId: snapshot.workspaceId,
    environmentId: snapshot.environmentId,
    subjectId: snapshot.id,
    occurredAt: at,
  }
  const content = ctx.store.snapshotContents.findById(snapshot.id)
  if (snapshot.pendingFailure || !content) {
    const failure = snapshot.pendingFailure ?? {
      code: 'internal_error' as const,
      message: 'The snapshot data was lost before it was saved',
    }
    await ctx.store.snapshots.update(snapshot, {
      status: 'failed',
      failure,
      dueAt: null,
      pendingFailure: null,
    })
    if (content) ctx.store.snapshotContents.delete(content)
    await recordAuditEvent(ctx, { name: 'snapshot.failed', ...event, data: { code: failure.code } })
    return
  }
  const apps = snapshot.apps.map((app) => ({ ...app, sizeBytes: byteLength(content.apps[app.name] ?? '{}') }))
  const sizeBytes = byteLength(serialisedContent(content.apps))
  await ctx.store.snapshots.update(snapshot, {
    status: 'ready',
    readyAt: at,
    sizeBytes,
    apps,
    dueAt: null,
  })
  await recordAuditEvent(ctx, { name: 'snapshot.ready', ...event, data: { sizeBytes } })
}

/**
 * The environment's data goes once the transaction holds (the environment's data is released after the response);
 * its recorded calls stay listable for `retention.recordedCallsMs` more.
 */
export function releaseData(ctx: ManagementContext, tx: Transaction, environmentId: string): void {
  tx.onCommit(() => {
    ctx.environmentData.drop(environmentId)
    ctx.recordedCalls.retire(environmentId, ctx.clock.nowMs() + ctx.retention.recordedCallsMs)
  })
}

/** The JSON text of a snapshot's whole content, from its per-app JSON texts. */
export function serialisedContent(apps: Record<string, string>): string {
  return `{${Object.entries(apps)
    .map(([name, json]) => `${JSON.stringify(name)}:${json}`)
    .join(',')}}`
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

export function isoAfter(fromMs: number, delayMs: number): string {
  return new Date(fromMs + delayMs).toISOString()
}

export function expiresAfter(startMs: number, timeLimitMinutes: number): string {
  return new Date(startMs + timeLimitMinutes * MINUTE_MS).toISOString()
}

function msOf(timestamp: string | null): number | null {
  return timestamp === null ? null : Date.parse(timestamp)
}
