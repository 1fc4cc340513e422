/**
 * @module
 * A seeded CRM (the default schema and seed) on a manual clock, for the domain's unit tests.
 */
import { crmSchemaInput, crmSeed } from '../../src/fixtures/crm/index.js'
import { createMetadataService, type MetadataView } from '../../src/replica/metadata/metadata-service.js'
import { loadSeed } from '../../src/replica/records/load-seed.js'
import { createRecordService } from '../../src/replica/records/record-service.js'
import { createRecordStore } from '../../src/replica/records/record-store.js'

export const TEST_NOW = new Date('2026-03-18T12:00:00.000Z')

export const ADMIN: MetadataView = { apiVersion: '60.0', actor: 'admin' }
export const INTEGRATION: MetadataView = { apiVersion: '60.0', actor: 'integration' }
export const READONLY: MetadataView = { apiVersion: '60.0', actor: 'readonly' }

const metadata = createMetadataService(crmSchemaInput)

export function createTestCrm(options: { seed?: boolean } = {}) {
  let now = TEST_NOW.getTime()
  const clock = {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
  }
  const store = createRecordStore(metadata)
  const service = createRecordService({ store, metadata, clock, actorUsers: crmSeed.actorUsers })
  if (options.seed !== false) loadSeed(service, store, crmSeed)
  return { metadata, store, service, clock }
}
