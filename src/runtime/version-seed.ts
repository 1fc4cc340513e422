/**
 * @module
 * The seed of an app version with data sources (`data` of a fixture version or of the options):
 * the one place the seed-data loader (src/fixtures/seed-data) plugs in. Until it does, data
 * sources fail the start loudly instead of being ignored.
 */
import type { CrmSchema } from '../schemas/crm-schema.js'
import type { CrmSeed } from '../schemas/crm-seed.js'

export interface VersionSeed {
  /** The seed new environments of the version start with; undefined keeps the built-in seed. */
  seed: CrmSeed | undefined
  /** Records the data sources added. */
  records: number
}

export async function loadVersionSeed(data: readonly string[], _schema: CrmSchema): Promise<VersionSeed> {
  if (data.length === 0) return { seed: undefined, records: 0 }
  throw new Error(`Failed to load seed data "${data[0]}": data sources are not supported yet`)
}
