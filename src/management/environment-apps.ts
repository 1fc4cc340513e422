/**
 * @module
 * Turning the `apps` of a create request into environment app entries (docs/management-api.md
 * #environments): names default to the app id and must be unique; `settings.version` names a version
 * id or label, else the app's default version is used; a retired or unknown version is
 * `version_unavailable`. Settings keys other than `version` do not fail the request: the
 * environment is created and fails on start with `invalid_settings`.
 */
import type { Version } from '../schemas/app.js'
import type { CreateEnvironmentApp, EnvironmentFailure } from '../schemas/environment.js'
import type { StoredEnvironmentApp } from '../store/stored-records.js'
import type { ManagementContext } from './context.js'
import { type FieldErrors, invalidRequest, ManagementError } from './errors.js'

/** The only setting an app understands. */
const KNOWN_SETTINGS = new Set(['version', 'oauthCallbackUrls'])
/** Most callback URLs one environment app names. */
const MAX_CALLBACK_URLS = 20

export interface ChosenApps {
  apps: StoredEnvironmentApp[]
  /** The failure the first start will end with, when some app has unknown settings. */
  invalidSettings: EnvironmentFailure | null
}

export interface ChooseOptions {
  /** Seeding may name retired versions (the API may not). */
  allowRetired?: boolean
}

export function chooseApps(
  ctx: ManagementContext,
  items: readonly CreateEnvironmentApp[],
  options: ChooseOptions = {},
): ChosenApps {
  const fields: FieldErrors = {}
  const addError = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message]
  }
  const seen = new Set<string>()
  const normalised = items.map((item, index) => {
    const { app, name = app, settings = {} } = typeof item === 'string' ? { app: item } : item
    if (!ctx.store.apps.findById(app)) {
      const known = ctx.store.apps.findMany().map((entry) => entry.id)
      addError(`apps.${index}.app`, `Unknown app "${app}"; the catalog has: ${known.join(', ') || 'none'}`)
    }
    if (seen.has(name)) addError(`apps.${index}.name`, `Duplicate app name "${name}" in this environment`)
    seen.add(name)
    if ('version' in settings && typeof settings.version !== 'string') {
      addError(`apps.${index}.settings.version`, 'Expected a version id or label (string)')
    }
    if ('oauthCallbackUrls' in settings && !areCallbackUrls(settings.oauthCallbackUrls)) {
      addError(
        `apps.${index}.settings.oauthCallbackUrls`,
        `Expected at most ${MAX_CALLBACK_URLS} absolute http or https URLs without a fragment`,
      )
    }
    return { app, name, settings }
  })
  if (Object.keys(fields).length > 0) {
    throw invalidRequest(`Failed to create environment: ${Object.values(fields)[0]![0]}`, fields)
  }

  let invalidSettings: EnvironmentFailure | null = null
  const apps = normalised.map(({ app, name, settings }) => {
    const version = chooseVersion(ctx, app, settings.version as string | undefined, options)
    const unknown = Object.keys(settings).filter((key) => !KNOWN_SETTINGS.has(key))
    if (unknown.length > 0 && !invalidSettings) {
      invalidSettings = {
        app: name,
        code: 'invalid_settings',
        message: `Unknown setting${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${key}"`).join(', ')} for app "${name}"; known settings: ${[...KNOWN_SETTINGS].join(', ')}`,
      }
    }
    return {
      name,
      appId: app,
      versionId: version.id,
      version: version.version,
      settings: structuredClone(settings),
    }
  })
  return { apps, invalidSettings }
}

/** The version `requested` (id or label) of `appId`, or its default; `version_unavailable` otherwise. */
export function chooseVersion(
  ctx: ManagementContext,
  appId: string,
  requested: string | undefined,
  options: ChooseOptions = {},
): Version {
  const versions = ctx.store.versions.findMany((q) => q.where({ appId }))
  const wanted = requested ?? ctx.store.apps.findById(appId)?.defaultVersionId ?? undefined
  if (wanted === undefined) {
    throw new ManagementError(
      'version_unavailable',
      `Failed to choose a version of "${appId}": it has no default version`,
    )
  }
  const version =
    versions.find((entry) => entry.id === wanted) ?? versions.find((entry) => entry.version === wanted)
  if (!version) {
    throw new ManagementError(
      'version_unavailable',
      `Failed to choose a version of "${appId}": "${wanted}" is not a version of it`,
    )
  }
  if (version.status === 'retired' && !options.allowRetired) {
    throw new ManagementError(
      'version_unavailable',
      `Failed to choose a version of "${appId}": version "${version.version}" (${version.id}) is retired`,
    )
  }
  return version
}

/** The OAuth callback URLs setting: a list of absolute http(s) URLs without a fragment. */
function areCallbackUrls(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > MAX_CALLBACK_URLS) return false
  return value.every((url) => {
    if (typeof url !== 'string' || !URL.canParse(url)) return false
    const parsed = new URL(url)
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      parsed.hash === '' &&
      !url.includes('#')
    )
  })
}
