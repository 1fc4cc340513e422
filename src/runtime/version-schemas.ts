/**
 * @module
 * The org each app version's environments get (docs/org-schema.md): a
 * version with schema or data sources (its own in the fixture, then the `schema`/`data` options
 * for every published version of the `crm` app) gets CRM apps built on the loaded schema; every
 * other version shares the built-in ones. Each distinct set of sources is loaded once per mock,
 * at start; resets and imports keep what was loaded.
 */
import path from 'node:path'
import type { FixtureVersion } from '../fixtures/fixture-schema.js'
import { type CrmDataSets, type CrmDataSetsOptions, createCrmDataSets } from '../replica/crm-data.js'
import type { SchemaLoadProgress, SchemaLoadReport } from '../schemas/schema-load-report.js'
import type { SeedDataReport } from '../schemas/seed-data-report.js'
import type { SchemaReport, VersionSchemaReport } from '../schemas/schema-report.js'
import { loadVersionSeed } from './version-seed.js'

/** The catalog app the `schema`/`data` options apply to. */
const OPTION_APP_ID = 'crm'

/** The sources the options give (already checked), applied over each version's own. */
export interface SchemaSourceOptions {
  /** Paths (relative to the cwd) and schema documents, in merge order. */
  schema: readonly (string | object)[]
  data: readonly string[]
  strict: boolean
  /** CumulusCI's namespace tokens resolve to this (`schemaNamespace`). */
  namespace?: string | undefined
  onProgress?: ((progress: SchemaLoadProgress) => void) | undefined
}

export interface VersionSchemas {
  /** The CRM apps of an app version: its user schema's, or the built-in ones. */
  appsOf(versionId: string | undefined): CrmDataSets
  /** What every version of the fixture serves (`GET /__replica/schema`). */
  report(): SchemaReport
}

/** One version's sources: schema in merge order (documents with a stable key), data paths. */
interface VersionSources {
  schema: { source: string | object; key: string }[]
  data: string[]
}

interface LoadedSources {
  crm: CrmDataSets
  report: SchemaLoadReport
  records: number
  dataReport: SeedDataReport | null
  /** Milliseconds the load took: schema, data and the first open. */
  loadMs: number
}

/** Every version on the built-in schema: the state before (or without) loading. */
export function builtInSchemas(
  builtIn: () => CrmDataSets,
  versions: readonly FixtureVersion[],
): VersionSchemas {
  return schemasOf(
    builtIn,
    versions.map((version) => ({ version, sources: undefined, loaded: undefined })),
  )
}

export async function loadVersionSchemas(
  versions: readonly FixtureVersion[],
  options: SchemaSourceOptions,
  crmOptions: Omit<CrmDataSetsOptions, 'schema' | 'seed'>,
  builtIn: () => CrmDataSets,
): Promise<VersionSchemas> {
  const optionSchema = options.schema.map((source, index) =>
    typeof source === 'string'
      ? { source: path.resolve(source), key: path.resolve(source) }
      : { source, key: `#option-document-${index}` },
  )
  const optionData = options.data.map((file) => path.resolve(file))
  const loads = new Map<string, LoadedSources>()
  const entries: VersionEntry[] = []
  for (const version of versions) {
    const takesOptions = version.appId === OPTION_APP_ID && version.status === 'published'
    const sources: VersionSources = {
      schema: [
        ...(version.schema ?? []).map((file) => ({ source: file, key: file })),
        ...(takesOptions ? optionSchema : []),
      ],
      data: [...(version.data ?? []), ...(takesOptions ? optionData : [])],
    }
    if (sources.schema.length === 0 && sources.data.length === 0) {
      entries.push({ version, sources: undefined, loaded: undefined })
      continue
    }
    const key = JSON.stringify([sources.schema.map((entry) => entry.key), sources.data])
    let loaded = loads.get(key)
    if (loaded === undefined) {
      loaded = await loadSources(sources, options, crmOptions)
      loads.set(key, loaded)
    }
    entries.push({ version, sources, loaded })
  }
  return schemasOf(builtIn, entries)
}

async function loadSources(
  sources: VersionSources,
  options: SchemaSourceOptions,
  crmOptions: Omit<CrmDataSetsOptions, 'schema' | 'seed'>,
): Promise<LoadedSources> {
  const started = performance.now()
  // the schema readers (SFDX, describe JSON, XML) load only for a mock given schema sources
  const { loadOrgSchema, reportSkipped } = await import('../org-schema/index.js')
  const loaded = await loadOrgSchema(
    sources.schema.map((entry) => entry.source),
    {
      strict: options.strict,
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    },
  )
  const { schema } = loaded
  const { seed, records, report: dataReport } = await loadVersionSeed(sources.data, schema)
  const crm = createCrmDataSets({ ...crmOptions, schema, ...(seed ? { seed } : {}) })
  // formulas compile as the apps build: what did not is reported, or fails a strict start
  const report = reportSkipped(loaded, crm.metadata.formulas.skipped, options.strict)
  // the seed loads through the record rules on the first open: open once now, so a row that
  // breaks a rule fails the start (naming its file and row) instead of the first environment
  if (seed) crm.open()
  return {
    crm,
    report,
    records,
    dataReport,
    loadMs: Math.round(performance.now() - started),
  }
}

interface VersionEntry {
  version: FixtureVersion
  sources: VersionSources | undefined
  loaded: LoadedSources | undefined
}

/** `builtIn` builds the built-in CRM apps on its first call (once per mock) and returns them after. */
function schemasOf(builtIn: () => CrmDataSets, entries: readonly VersionEntry[]): VersionSchemas {
  const byVersion = new Map(entries.map((entry) => [entry.version.id, entry.loaded?.crm]))
  const versions = entries.map(versionReport)
  const userSchemas = versions.filter((version) => version.schema === 'user').length
  const report: SchemaReport = {
    userSchema: userSchemas > 0,
    message:
      userSchemas === 0
        ? 'No user schema is loaded: every app version serves the built-in demo schema'
        : `${userSchemas} of ${versions.length} app versions serve a user schema; the others serve the built-in demo schema`,
    versions,
  }
  return {
    appsOf: (versionId) => (versionId === undefined ? undefined : byVersion.get(versionId)) ?? builtIn(),
    report: () => structuredClone(report),
  }
}

function versionReport({ version, sources, loaded }: VersionEntry): VersionSchemaReport {
  const base = { appId: version.appId, versionId: version.id, version: version.version }
  if (!sources || !loaded) {
    return {
      ...base,
      schema: 'built-in',
      sources: [],
      data: [],
      records: 0,
      loadMs: 0,
      report: null,
      dataReport: null,
    }
  }
  return {
    ...base,
    schema: 'user',
    // the load report names each source as it was read (documents given in code by their place)
    sources: loaded.report.sources.map((source) => source.path),
    data: [...sources.data],
    records: loaded.records,
    loadMs: loaded.loadMs,
    report: loaded.report,
    dataReport: loaded.dataReport,
  }
}
