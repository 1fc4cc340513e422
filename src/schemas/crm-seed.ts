/**
 * @module
 * The shape of the CRM app's starting data (the default one is src/fixtures/crm/crm-seed-data.ts):
 * which User each actor acts as, and the records every new environment starts with.
 */
import * as z from 'zod'

export const CrmSeed = z.strictObject({
  /** Actor id -> id of the User record it acts as (CreatedById, LastModifiedById, default OwnerId). */
  actorUsers: z.record(z.string(), z.string()),
  /** CreatedDate of seeded records that give none (so seeded data does not depend on the clock). */
  createdDate: z.iso.datetime({ offset: true }).optional(),
  /**
   * The fields of the one Organization record each environment app has; its Id is the
   * environment's organization id, so it is written when the app opens, not with the records.
   */
  organization: z.record(z.string(), z.unknown()).optional(),
  /** Records per object, inserted in this order (Users first: every record refers to one). */
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  /**
   * Where each record came from (`data/Account.csv line 4`), parallel to `records` (null: no
   * note), so a record the rules refuse is named by its source file and row.
   */
  recordSources: z.record(z.string(), z.array(z.string().nullable())).optional(),
})
export type CrmSeed = z.infer<typeof CrmSeed>
export type CrmSeedInput = z.input<typeof CrmSeed>
