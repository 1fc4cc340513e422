/**
 * @module
 * Loads a CRM seed document (`CrmSeed`, src/schemas/crm-seed.ts) into a record store through the
 * record service, so seeded records pass the same rules and checks as written ones.
 */
import type { CrmSeed } from '../../schemas/crm-seed.js'
import type { RecordService } from './record-service.js'
import type { RecordStore } from './record-store.js'

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
          const source = seed.recordSources?.[object]?.[i]
          const where = source ? `${source} (records.${object}.${i})` : `records.${object}.${i}`
          throw new TypeError(`[replica-mock] Failed to load the CRM seed: ${where}: ${reason}`)
        }
        counts[object] = (counts[object] ?? 0) + 1
      })
    }
  })
  return counts
}
