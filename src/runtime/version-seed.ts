/**
 * @module
 * The seed of an app version with data sources (`data` of a fixture version or of the options):
 * the actors' Users, then the records of the sources (src/seed-data). A version without
 * data sources keeps the built-in seed.
 */
import type { CrmSchema } from '../schemas/crm-schema.js'
import type { CrmSeed } from '../schemas/crm-seed.js'
import type { SeedDataReport } from '../schemas/seed-data-report.js'

export interface VersionSeed {
  /** The seed new environments of the version start with; undefined keeps the built-in seed. */
  seed: CrmSeed | undefined
  /** Records the data sources added. */
  records: number
  /** What the data sources held and what was left out; null without data sources. */
  report: SeedDataReport | null
}

export async function loadVersionSeed(data: readonly string[], schema: CrmSchema): Promise<VersionSeed> {
  if (data.length === 0) return { seed: undefined, records: 0, report: null }
  // the data readers (CSV, JSON) load only for a mock given data sources
  const { loadSeedData } = await import('../seed-data/index.js')
  const { seed, report } = await loadSeedData(data, schema)
  return { seed, records: report.total, report }
}
