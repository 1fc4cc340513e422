/**
 * @module
 * The shape of the CRM app's starting data (src/fixtures/crm/crm-seed-data.ts): which User each
 * actor acts as, and the records every new environment starts with.
 */
import { z } from 'zod'
import type { RecordService } from './record-service.js'
import type { RecordStore } from './record-store.js'

export const CrmSeed = z.strictObject({
  /** Actor id -> id of the User record it acts as (CreatedById, LastModifiedById, default OwnerId). */
  actorUsers: z.record(z.string(), z.string()),
  /** CreatedDate of seeded records that give none (so seeded data does not depend on the clock). */
  createdDate: z.iso.datetime({ offset: true }).optional(),
  /** Records per object, inserted in this order (Users first: every record refers to one). */
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
})
export type CrmSeed = z.infer<typeof CrmSeed>
export type CrmSeedInput = z.input<typeof CrmSeed>

/** Inserts the seed's records through the record rules, all or nothing; returns how many per object. */
export function loadSeed(service: RecordService, store: RecordStore, seed: CrmSeed): Record<string, number> {
  const counts: Record<string, number> = {}
  store.transaction(() => {
    for (const [object, list] of Object.entries(seed.records)) {
      list.forEach((values, i) => {
        const input =
          seed.createdDate && !('CreatedDate' in values)
            ? { CreatedDate: seed.createdDate, ...values }
            : values
        try {
          service.seed(object, input)
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          throw new TypeError(`[replica-mock] Failed to load the CRM seed: records.${object}.${i}: ${reason}`)
        }
        counts[object] = (counts[object] ?? 0) + 1
      })
    }
  })
  return counts
}
