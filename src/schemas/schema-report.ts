/**
 * @module
 * `GET /__replica/schema`: the org schema each app version's environments get. A version without
 * a user schema serves the built-in demo schema (`schema: "built-in"`, no report); one with a
 * user schema carries the full load report (every object and field imported, every item ignored
 * with its file and reason).
 */
import * as z from 'zod'
import { AppId, Id } from './common.js'
import { SchemaLoadReport } from './schema-load-report.js'
import { SeedDataReport } from './seed-data-report.js'

export const VersionSchemaReport = z.strictObject({
  appId: AppId,
  versionId: Id,
  version: z.string(),
  /** `user` when the version has schema or data sources (fixture or options), else `built-in`. */
  schema: z.enum(['built-in', 'user']),
  /** Schema sources in merge order: absolute paths, or the name of a document given in code. */
  sources: z.array(z.string()),
  /** Seed data sources (absolute paths). */
  data: z.array(z.string()),
  /** Records the data sources added to every new environment's seed. */
  records: z.int().min(0),
  /**
   * Milliseconds loading the version's sources took at start (schema, data, the seed's first
   * load); 0 for the built-in schema. Versions naming the same sources share one load and show it.
   */
  loadMs: z.number().min(0),
  /** The load report; null for the built-in schema. */
  report: SchemaLoadReport.nullable(),
  /** The seed data's report (records per object, what was ignored); null without data sources. */
  dataReport: SeedDataReport.nullable(),
})
export type VersionSchemaReport = z.infer<typeof VersionSchemaReport>

export const SchemaReport = z.strictObject({
  /** True when at least one app version serves a user schema. */
  userSchema: z.boolean(),
  /** One sentence for a person: what the versions serve. */
  message: z.string(),
  versions: z.array(VersionSchemaReport),
})
export type SchemaReport = z.infer<typeof SchemaReport>
