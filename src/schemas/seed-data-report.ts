/**
 * @module
 * What loading seed data did: the sources read (and their files), the records per object in load
 * order, and everything in them that was left out, with the file and the reason.
 */
import * as z from 'zod'

export const SeedDataSourceKind = z.enum(['plan', 'tree-file', 'csv-folder', 'csv-file'])
export type SeedDataSourceKind = z.infer<typeof SeedDataSourceKind>

export const SeedDataReport = z.strictObject({
  sources: z.array(
    z.strictObject({
      path: z.string(),
      kind: SeedDataSourceKind,
      /** The record files the source named, in the order they were read. */
      files: z.array(z.string()),
    }),
  ),
  /** Records the sources added, per object, in the order the objects load. */
  records: z.record(z.string(), z.int().min(0)),
  total: z.int().min(0),
  /** Parts of the sources the loader does not use (`attributes.url`, a plan's `saveRefs`, ...). */
  ignored: z.array(z.strictObject({ item: z.string(), file: z.string(), reason: z.string() })),
})
export type SeedDataReport = z.infer<typeof SeedDataReport>
