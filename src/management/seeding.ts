/**
 * @module
 * Seeding for tests: environments and snapshots put straight into a given state, without the
 * API's checks (caps, archived workspaces, retired versions) and without audit events. Bad
 * seeds fail loudly with the allowed values.
 */
import * as z from 'zod'
import { AppName, Id, LabelsInput, Principal, ResourceName, Timestamp } from '../schemas/common.js'
import { dataRecord } from '../schemas/data-record.js'
import {
  CreateEnvironmentApp,
  EnvironmentFailure,
  EnvironmentReason,
  EnvironmentStatus,
  type Environment,
} from '../schemas/environment.js'
import { type Snapshot, SnapshotFailure, SnapshotStatus } from '../schemas/snapshot.js'
import { describeIssues } from '../schemas/describe-issues.js'
import { makeId } from '../store/ids.js'
import type { StoredEnvironment, StoredSnapshot } from '../store/stored-records.js'
import { SYSTEM_PRINCIPAL } from './audit.js'
import type { ManagementContext } from './context.js'
import { chooseApps } from './environment-apps.js'
import { toEnvironment } from './environment-view.js'
import { defaultWorkspaceId } from './create-environment.js'
import { InputError } from './errors.js'
import {
  byteLength,
  expiresAfter,
  isoAfter,
  scheduleEnvironment,
  scheduleSnapshot,
  serialisedContent,
} from './lifecycle.js'
import { runOperation } from './operation.js'
import { captureData, toSnapshot } from './snapshots.js'

const Instant = Timestamp.transform((value) => new Date(value).toISOString())

export const SeedEnvironment = z.strictObject({
  id: Id.optional(),
  /** @default the default workspace (`ws_default` in the default fixture) */
  workspaceId: Id.optional(),
  /** @default 'running' */
  status: EnvironmentStatus.default('running'),
  /** Same forms as the API; `settings.version` may also name a retired version. @default ['crm'] */
  apps: z.array(CreateEnvironmentApp).min(1).max(10).default(['crm']),
  name: ResourceName.default(null),
  labels: LabelsInput.default({}),
  /** @default the limits' default */
  timeLimitMinutes: z.int().min(1).max(1440).optional(),
  tokenInUrl: z.boolean().default(false),
  snapshotId: Id.nullable().default(null),
  /** @default the system principal */
  createdBy: Principal.default(SYSTEM_PRINCIPAL),
  /** @default now */
  createdAt: Instant.optional(),
  /** @default createdAt for running/paused; null for starting */
  startedAt: Instant.nullable().optional(),
  /** @default startedAt + timeLimitMinutes */
  expiresAt: Instant.nullable().optional(),
  /** @default `cancelled` for deleted, `failed` for failed */
  reason: EnvironmentReason.nullable().optional(),
  /** For `failed`. @default a `start_failed` failure of the first app */
  failure: EnvironmentFailure.nullable().optional(),
  /**
   * Initial data of each app (app name -> the app's serialised data, as `exportState()` holds it);
   * apps left out start with their fresh (seeded) data.
   */
  data: dataRecord(AppName, z.unknown()).optional(),
})
export type SeedEnvironmentInput = z.input<typeof SeedEnvironment>

export const SeedSnapshot = z.strictObject({
  id: Id.optional(),
  environmentId: Id,
  /** @default 'ready' */
  status: SnapshotStatus.default('ready'),
  name: ResourceName.default(null),
  /** App name -> the app's serialised data. @default the environment's current data (per app left out) */
  data: dataRecord(AppName, z.unknown()).optional(),
  /** For `failed`. @default an `internal_error` failure */
  failure: SnapshotFailure.nullable().optional(),
  createdBy: Principal.default(SYSTEM_PRINCIPAL),
  /** @default now */
  createdAt: Instant.optional(),
})
export type SeedSnapshotInput = z.input<typeof SeedSnapshot>

export async function seedEnvironment(
  ctx: ManagementContext,
  input: SeedEnvironmentInput,
): Promise<Environment> {
  const seed = parse(SeedEnvironment, input, 'seed environment')
  return runOperation(ctx, async (tx) => {
    const workspaceId = seed.workspaceId ?? defaultWorkspaceId(ctx)
    if (!ctx.store.workspaces.findById(workspaceId)) {
      const known = ctx.store.workspaces.findMany().map((workspace) => workspace.id)
      throw seedError('seed environment', `unknown workspace "${workspaceId}"; known: ${known.join(', ')}`)
    }
    const id = seed.id ?? makeId('environment')
    if (ctx.store.environments.findById(id)) throw seedError('seed environment', `environment "${id}" exists`)
    const { apps, invalidSettings } = chooseFor(ctx, seed.apps)
    const now = ctx.clock.nowMs()
    const createdAt = seed.createdAt ?? new Date(now).toISOString()
    const timeLimitMinutes = seed.timeLimitMinutes ?? ctx.store.tenancy.limits.timeLimitMinutes.default
    const { status } = seed
    const hasStarted = status === 'running' || status === 'paused'
    const startedAt = seed.startedAt !== undefined ? seed.startedAt : hasStarted ? createdAt : null
    const expiresAt =
      seed.expiresAt !== undefined
        ? seed.expiresAt
        : hasStarted && startedAt
          ? expiresAfter(Date.parse(startedAt), timeLimitMinutes)
          : null
    const nowIso = new Date(now).toISOString()
    const defaultFailure = {
      app: apps[0]!.name,
      code: 'start_failed' as const,
      message: `The app "${apps[0]!.name}" failed to start`,
    }
    const environment: StoredEnvironment = {
      id,
      workspaceId,
      name: seed.name,
      labels: seed.labels,
      status,
      reason:
        seed.reason !== undefined
          ? seed.reason
          : status === 'deleted'
            ? 'cancelled'
            : status === 'failed'
              ? 'failed'
              : null,
      failure: seed.failure !== undefined ? seed.failure : status === 'failed' ? defaultFailure : null,
      timeLimitMinutes,
      tokenInUrl: seed.tokenInUrl,
      snapshotId: seed.snapshotId,
      apps,
      createdBy: seed.createdBy,
      createdAt,
      startedAt,
      pausedAt: status === 'paused' ? nowIso : null,
      deletedAt: status === 'deleted' ? nowIso : null,
      expiresAt,
      startDueAt: status === 'starting' ? isoAfter(Date.parse(createdAt), ctx.lifecycle().startMs) : null,
      startFailure: status === 'starting' ? invalidSettings : null,
    }
    const inserted = await ctx.store.environments.create(environment)
    scheduleEnvironment(ctx, inserted)
    if (status === 'deleted' || status === 'failed') {
      if (seed.data) throw seedError('seed environment', `a ${status} environment holds no data`)
    } else {
      try {
        ctx.environmentData.restore(inserted, seed.data)
      } catch (error) {
        throw seedError('seed environment', (error as Error).message.replace(/^\[replica-mock\] /, ''))
      }
      tx.onRollback(() => ctx.environmentData.drop(id))
    }
    return toEnvironment(inserted, ctx.baseUrl())
  })
}

export async function seedSnapshot(ctx: ManagementContext, input: SeedSnapshotInput): Promise<Snapshot> {
  const seed = parse(SeedSnapshot, input, 'seed snapshot')
  return runOperation(ctx, async () => {
    const environment = ctx.store.environments.findById(seed.environmentId)
    if (!environment) throw seedError('seed snapshot', `unknown environment "${seed.environmentId}"`)
    const id = seed.id ?? makeId('snapshot')
    if (ctx.store.snapshots.findById(id)) throw seedError('seed snapshot', `snapshot "${id}" exists`)
    const apps = seedSnapshotData(ctx, environment, seed.data)
    const now = ctx.clock.nowMs()
    const createdAt = seed.createdAt ?? new Date(now).toISOString()
    const { status } = seed
    const hasData = status === 'ready' || status === 'saving'
    const sized = status === 'ready' || status === 'deleted'
    const snapshot: StoredSnapshot = {
      id,
      workspaceId: environment.workspaceId,
      environmentId: environment.id,
      name: seed.name,
      status,
      failure:
        seed.failure !== undefined
          ? seed.failure
          : status === 'failed'
            ? { code: 'internal_error', message: 'Saving the snapshot failed' }
            : null,
      sizeBytes: sized ? byteLength(serialisedContent(apps)) : null,
      apps: environment.apps.map((app) => ({
        name: app.name,
        appId: app.appId,
        versionId: app.versionId,
        version: app.version,
        sizeBytes: sized ? byteLength(apps[app.name]!) : null,
        settings: structuredClone(app.settings),
      })),
      createdBy: seed.createdBy,
      createdAt,
      readyAt: sized ? createdAt : null,
      deletedAt: status === 'deleted' ? new Date(now).toISOString() : null,
      dueAt: status === 'saving' ? isoAfter(Date.parse(createdAt), ctx.lifecycle().snapshotMs) : null,
      pendingFailure: null,
    }
    const inserted = await ctx.store.snapshots.create(snapshot)
    if (hasData) await ctx.store.snapshotContents.create({ id, apps })
    scheduleSnapshot(ctx, inserted)
    return toSnapshot(inserted)
  })
}

/** Each app's data as JSON text: the given data (checked by building the app from it), else the current. */
function seedSnapshotData(
  ctx: ManagementContext,
  environment: StoredEnvironment,
  data: Record<string, unknown> | undefined,
): Record<string, string> {
  const names = environment.apps.map((app) => app.name)
  const unknown = Object.keys(data ?? {}).filter((name) => !names.includes(name))
  if (unknown.length > 0) {
    throw seedError(
      'seed snapshot',
      `environment "${environment.id}" has no app "${unknown[0]}" (apps: ${names.join(', ')})`,
    )
  }
  const given = environment.apps.filter((app) => data?.[app.name] !== undefined)
  const released = environment.status === 'deleted' || environment.status === 'failed'
  if (released && names.length !== given.length) {
    throw seedError(
      'seed snapshot',
      `environment "${environment.id}" is ${environment.status} and holds no data; give the data of every app`,
    )
  }
  const current = names.length === given.length ? {} : captureData(ctx, environment.id, names)
  const apps: Record<string, string> = {}
  for (const app of environment.apps) {
    const content = data?.[app.name]
    if (content === undefined) {
      apps[app.name] = current[app.name]!
      continue
    }
    try {
      apps[app.name] = JSON.stringify(ctx.environmentData.create(app, content).serialise())
    } catch (error) {
      throw seedError(
        'seed snapshot',
        `data of app "${app.name}": ${(error as Error).message.replace(/^\[replica-mock\] /, '')}`,
      )
    }
  }
  return apps
}

function chooseFor(ctx: ManagementContext, apps: readonly CreateEnvironmentApp[]) {
  try {
    return chooseApps(ctx, apps, { allowRetired: true })
  } catch (error) {
    const fields = (error as { fields?: Record<string, string[]> }).fields
    const detail = fields
      ? Object.entries(fields).map(([key, messages]) => `${key}: ${messages.join('; ')}`)
      : []
    throw seedError('seed environment', detail.join('; ') || (error as Error).message)
  }
}

function parse<S extends z.ZodType>(schema: S, input: unknown, verb: string): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw seedError(verb, describeIssues(result.error.issues))
}

function seedError(verb: string, reason: string): InputError {
  return new InputError(`[replica-mock] Failed to ${verb}: ${reason}`)
}
