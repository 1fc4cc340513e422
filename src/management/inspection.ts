/**
 * @module
 * Read access for tests (`mock.environments`, `mock.snapshots`, `mock.auditEvents`, and the
 * live app behind `mock.records`). Reads settle due transitions first, so they see what the API would.
 */
import type { AuditEvent } from '../schemas/audit-event.js'
import type { Environment } from '../schemas/environment.js'
import type { Snapshot } from '../schemas/snapshot.js'
import type { ManagementContext } from './context.js'
import type { AppInstance, EnvironmentData } from './environment-data.js'
import { toEnvironment } from './environment-view.js'
import { InputError } from './errors.js'
import { runOperation } from './operation.js'
import { toSnapshot } from './snapshots.js'

export interface ReadAccess<T> {
  /** The resource as the API shows it now, or undefined. */
  get(id: string): Promise<T | undefined>
  /** Every resource, oldest first. */
  all(): Promise<T[]>
}

const oldestFirst = { orderBy: { createdAt: 'asc' } } as const

export function environmentAccess(ctx: ManagementContext): ReadAccess<Environment> {
  const view = (stored: Parameters<typeof toEnvironment>[0]) => toEnvironment(stored, ctx.baseUrl())
  return {
    get: (id) =>
      runOperation(ctx, () => {
        const stored = ctx.store.environments.findById(id)
        return stored && view(stored)
      }),
    all: () => runOperation(ctx, () => ctx.store.environments.findMany(undefined, oldestFirst).map(view)),
  }
}

export function snapshotAccess(ctx: ManagementContext): ReadAccess<Snapshot> {
  return {
    get: (id) =>
      runOperation(ctx, () => {
        const stored = ctx.store.snapshots.findById(id)
        return stored && toSnapshot(stored)
      }),
    all: () => runOperation(ctx, () => ctx.store.snapshots.findMany(undefined, oldestFirst).map(toSnapshot)),
  }
}

export function auditEventAccess(ctx: ManagementContext): Pick<ReadAccess<AuditEvent>, 'all'> {
  return {
    all: () =>
      runOperation(ctx, () =>
        ctx.store.auditEvents
          .findMany(undefined, { orderBy: { occurredAt: 'asc' } })
          .map((event) => structuredClone(event)),
      ),
  }
}

/**
 * The live app instance of an environment's app; throws when the environment or app does not
 * exist, or the environment is deleted or failed (its data is released then).
 */
export function environmentDataOf<A extends AppInstance>(
  ctx: ManagementContext,
  data: EnvironmentData<A>,
  environmentId: string,
  appName: string,
): A {
  const environment = ctx.store.environments.findById(environmentId)
  if (!environment) {
    throw new InputError(`[replica-mock] Failed to get environment data: no environment "${environmentId}"`)
  }
  if (!environment.apps.some((app) => app.name === appName)) {
    const names = environment.apps.map((app) => app.name).join(', ')
    throw new InputError(
      `[replica-mock] Failed to get environment data: "${environmentId}" has no app "${appName}" (apps: ${names})`,
    )
  }
  if (environment.status === 'deleted' || environment.status === 'failed') {
    throw new InputError(
      `[replica-mock] Failed to get environment data: "${environmentId}" is ${environment.status} and its data was released`,
    )
  }
  const instance = data.get(environmentId, appName)
  if (!instance) {
    throw new TypeError(
      `[replica-mock] Failed to get environment data: "${environmentId}" holds none for "${appName}"`,
    )
  }
  return instance
}
