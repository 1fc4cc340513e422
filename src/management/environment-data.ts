/**
 * @module
 * The data of each environment app, as opaque JSON: what a snapshot saves and an environment
 * created from that snapshot gets back. Until the replica's record store plugs in here, each app
 * holds one mutable `{ value }` that tests (and later the replica) read and write. Everything
 * going in or out is a deep copy, so a snapshot and the environments around it never share data.
 */

/** One environment app's data. `value` is any JSON value; a new app starts with `{}`. */
export interface AppDataHolder {
  value: unknown
}

/** Serialised data of one environment: app name -> JSON value. */
export type EnvironmentDataContent = Record<string, unknown>

export interface EnvironmentData {
  /** The app's live holder, created empty on first use. */
  get(environmentId: string, appName: string): AppDataHolder
  /** Deep copies of every app's data that was ever touched. */
  serialise(environmentId: string): EnvironmentDataContent
  /** Replaces the environment's data with deep copies of `content`. */
  restore(environmentId: string, content: EnvironmentDataContent): void
  /** Releases the environment's data. */
  drop(environmentId: string): void
  /** Every environment's data (for the state document). */
  exportAll(): Record<string, EnvironmentDataContent>
  importAll(content: Record<string, EnvironmentDataContent>): void
  clear(): void
}

export function createEnvironmentData(): EnvironmentData {
  let environments = new Map<string, Map<string, AppDataHolder>>()

  const serialise = (environmentId: string): EnvironmentDataContent => {
    const out: EnvironmentDataContent = {}
    for (const [appName, holder] of environments.get(environmentId) ?? [])
      out[appName] = copyJson(holder.value)
    return out
  }

  const restore = (environmentId: string, content: EnvironmentDataContent): void => {
    const apps = new Map<string, AppDataHolder>()
    for (const [appName, value] of Object.entries(content)) apps.set(appName, { value: copyJson(value) })
    environments.set(environmentId, apps)
  }

  return {
    get(environmentId, appName) {
      let apps = environments.get(environmentId)
      if (!apps) {
        apps = new Map()
        environments.set(environmentId, apps)
      }
      let holder = apps.get(appName)
      if (!holder) {
        holder = { value: {} }
        apps.set(appName, holder)
      }
      return holder
    },
    serialise,
    restore,
    drop(environmentId) {
      environments.delete(environmentId)
    },
    exportAll() {
      const out: Record<string, EnvironmentDataContent> = {}
      for (const environmentId of environments.keys()) out[environmentId] = serialise(environmentId)
      return out
    },
    importAll(content) {
      environments = new Map()
      for (const [environmentId, apps] of Object.entries(content)) restore(environmentId, apps)
    },
    clear() {
      environments = new Map()
    },
  }
}

/** A deep copy through JSON: the copy is plain JSON whatever a test put in (undefined -> null). */
export function copyJson(value: unknown): unknown {
  const text = JSON.stringify(value)
  return text === undefined ? null : JSON.parse(text)
}
