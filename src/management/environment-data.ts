/**
 * @module
 * The live app instances of each environment (for the CRM replica: a record store with its
 * services). An environment's apps are created when it is (fresh, or from a snapshot's content),
 * serialised into snapshots and the state document, and released with the environment. This
 * module sees an instance only as something that serialises; the runtime supplies the factory
 * that builds real ones, so management code never depends on an app's implementation.
 */

/** A live app of an environment. `serialise()` is plain JSON that `create(app, content)` accepts back. */
export interface AppInstance {
  serialise(): unknown
  /** Marks the app's data as it is now; the step returned comes back to it (this app, or a new one). */
  mark(): () => this
  /** `undefined` unless an async write (a bulk job) is under way; else when to check again. */
  whenFree?(): Promise<void> | undefined
  /** The user an actor acts as, when the app has users (credentials' login details name it). */
  userOf?(actorId: string): { id: string; username: string } | undefined
}

/** One app of an environment: its name in the environment, its catalog app id and version. */
export interface EnvironmentAppRef {
  name: string
  appId: string
  /** The catalog version the app runs (its data follows that version's schema). */
  versionId?: string
}

/** An environment as its data sees it: its id and its apps. */
export interface EnvironmentRef {
  id: string
  apps: readonly EnvironmentAppRef[]
}

/** Serialised data of one environment: app name -> the app's `serialise()` output. */
export type EnvironmentDataContent = Record<string, unknown>

/** Every live app at one moment (`mark`): environment id -> app name -> the step back to it. */
export type EnvironmentDataMark<A extends AppInstance> = ReadonlyMap<string, ReadonlyMap<string, () => A>>

/** Which apps an environment holds data for; undefined when it does not exist or its data was released. */
export type AppsOf = (environmentId: string) => readonly EnvironmentAppRef[] | undefined

export interface EnvironmentDataOptions<A extends AppInstance> {
  /**
   * Builds an instance of `app` (catalog app and version): from `content` (an earlier
   * `serialise()`), or fresh (seeded) when it is undefined; `environmentId` names the environment
   * it is for (none for a detached check). Throws a TypeError naming the problem on content it
   * cannot restore.
   */
  create(app: EnvironmentAppRef, content: unknown, environmentId?: string): A
  /** The live environments' apps (the runtime reads them from the store). */
  appsOf: AppsOf
  /**
   * Told when an environment's app gets a live instance (created, restored, imported) and when
   * its data is released (for the standalone server's journal). Called at once, also inside a
   * transaction that may still roll back (which then drops the data again).
   */
  observer?: EnvironmentDataObserver
}

export interface EnvironmentDataObserver {
  installed(environmentId: string, appName: string, instance: AppInstance): void
  dropped(environmentId: string): void
}

export interface EnvironmentData<A extends AppInstance = AppInstance> {
  /**
   * The live instance of an environment's app, or undefined when the environment has no such app
   * or its data was released. An app without an instance yet (a state document that carried
   * none) gets a fresh one here.
   */
  get(environmentId: string, appName: string): A | undefined
  /**
   * (Re)creates every app of the environment: from `content[appName]` where given, fresh
   * otherwise. All or nothing: on bad content nothing changes.
   */
  restore(environment: EnvironmentRef, content?: EnvironmentDataContent): void
  /** Builds a detached instance (checks content before it is kept, e.g. a seeded snapshot's). */
  create(app: EnvironmentAppRef, content: unknown): A
  /** Every app's `serialise()` output (live values: stringify or copy before keeping them). */
  serialise(environmentId: string): EnvironmentDataContent
  /** Releases the environment's data. */
  drop(environmentId: string): void
  /** Every environment's data as deep JSON copies (for the state document). */
  exportAll(): Record<string, EnvironmentDataContent>
  /**
   * Builds every environment's instances from `exportAll()` output, checking all of it, without
   * touching the live data; returns the step that installs them (replacing everything).
   * `appsOf` answers for the environments of the state being imported.
   */
  prepareImport(content: Record<string, EnvironmentDataContent>, appsOf: AppsOf): () => void
  /** `undefined` unless an app's async write (a bulk job) is under way; else when to check again. */
  whenFree(): Promise<void> | undefined
  /** Every live app as it is now, to come back to with `backTo` (take it once `whenFree()` is undefined). */
  mark(): EnvironmentDataMark<A>
  /** The marked environments' apps as they were then; every other environment's data released. */
  backTo(mark: EnvironmentDataMark<A>): void
  clear(): void
}

export function createEnvironmentData<A extends AppInstance>(
  options: EnvironmentDataOptions<A>,
): EnvironmentData<A> {
  const { create } = options
  let environments = new Map<string, Map<string, A>>()

  const serialise = (environmentId: string): EnvironmentDataContent => {
    const out: EnvironmentDataContent = {}
    for (const app of options.appsOf(environmentId) ?? []) {
      const instance = data.get(environmentId, app.name)
      if (instance) out[app.name] = instance.serialise()
    }
    return out
  }

  const data: EnvironmentData<A> = {
    get(environmentId, appName) {
      const existing = environments.get(environmentId)?.get(appName)
      if (existing) return existing
      const app = options.appsOf(environmentId)?.find((entry) => entry.name === appName)
      if (!app) return undefined
      const created = create(app, undefined, environmentId)
      let apps = environments.get(environmentId)
      if (!apps) {
        apps = new Map()
        environments.set(environmentId, apps)
      }
      apps.set(appName, created)
      options.observer?.installed(environmentId, appName, created)
      return created
    },
    restore(environment, content = {}) {
      const instances = buildInstances(create, environment.id, environment.apps, content)
      environments.set(environment.id, instances)
      for (const [appName, instance] of instances)
        options.observer?.installed(environment.id, appName, instance)
    },
    create,
    serialise,
    drop(environmentId) {
      environments.delete(environmentId)
      options.observer?.dropped(environmentId)
    },
    exportAll() {
      const out: Record<string, EnvironmentDataContent> = {}
      for (const [environmentId, apps] of environments) {
        const copies: EnvironmentDataContent = {}
        for (const [appName, instance] of apps) copies[appName] = copyJson(instance.serialise())
        out[environmentId] = copies
      }
      return out
    },
    prepareImport(content, appsOf) {
      const next = new Map<string, Map<string, A>>()
      for (const [environmentId, apps] of Object.entries(content)) {
        next.set(environmentId, buildInstances(create, environmentId, appsOf(environmentId), apps))
      }
      return () => {
        environments = next
        for (const [environmentId, apps] of next) {
          for (const [appName, instance] of apps)
            options.observer?.installed(environmentId, appName, instance)
        }
      }
    },
    whenFree() {
      for (const apps of environments.values()) {
        for (const instance of apps.values()) {
          const busy = instance.whenFree?.()
          if (busy) return busy
        }
      }
      return undefined
    },
    mark() {
      const marked = new Map<string, Map<string, () => A>>()
      for (const [environmentId, apps] of environments) {
        marked.set(environmentId, new Map([...apps].map(([appName, instance]) => [appName, instance.mark()])))
      }
      return marked
    },
    backTo(mark) {
      const next = new Map<string, Map<string, A>>()
      for (const [environmentId, apps] of mark) {
        const instances = new Map<string, A>()
        for (const [appName, back] of apps) {
          const instance = back()
          instances.set(appName, instance)
          options.observer?.installed(environmentId, appName, instance)
        }
        next.set(environmentId, instances)
      }
      environments = next
    },
    clear() {
      environments = new Map()
    },
  }
  return data
}

/**
 * Instances of every app of the environment, from `content` where it has the app's data; a
 * TypeError naming the problem when the environment, an app or its data does not fit.
 */
function buildInstances<A extends AppInstance>(
  create: (app: EnvironmentAppRef, content: unknown, environmentId?: string) => A,
  environmentId: string,
  apps: readonly EnvironmentAppRef[] | undefined,
  content: EnvironmentDataContent,
): Map<string, A> {
  if (!apps) {
    throw new TypeError(
      `[replica-mock] Failed to load the data of environment "${environmentId}": it does not exist or its data was released`,
    )
  }
  for (const appName of Object.keys(content)) {
    if (!apps.some((app) => app.name === appName)) {
      const names = apps.map((app) => app.name).join(', ')
      throw new TypeError(
        `[replica-mock] Failed to load the data of environment "${environmentId}": it has no app "${appName}" (apps: ${names})`,
      )
    }
  }
  const instances = new Map<string, A>()
  for (const app of apps) {
    try {
      instances.set(app.name, create(app, content[app.name], environmentId))
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^\[replica-mock\] /, '') : String(error)
      throw new TypeError(
        `[replica-mock] Failed to load the data of app "${app.name}" of environment "${environmentId}": ${reason}`,
      )
    }
  }
  return instances
}

/** A deep copy through JSON: the copy is plain JSON whatever a test put in (undefined -> null). */
export function copyJson(value: unknown): unknown {
  const text = JSON.stringify(value)
  return text === undefined ? null : JSON.parse(text)
}
