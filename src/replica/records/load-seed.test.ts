import { expect, it } from 'vitest'
import { crmSchemaInput, crmSeed } from '../../fixtures/crm/index.js'
import { createMetadataService } from '../metadata/metadata-service.js'
import { CrmSeed } from '../../schemas/crm-seed.js'
import { loadSeed } from './load-seed.js'
import { createRecordService } from './record-service.js'
import { createRecordStore } from './record-store.js'

const metadata = createMetadataService(crmSchemaInput)
const clock = { now: () => new Date('2026-03-18T12:00:00Z') }

function empty() {
  const store = createRecordStore(metadata)
  const service = createRecordService({ store, metadata, clock, actorUsers: crmSeed.actorUsers })
  return { store, service }
}

it('loads the default seed and counts the records per object', () => {
  const { store, service } = empty()
  expect(loadSeed(service, store, crmSeed)).toEqual({
    User: 3,
    Account: 3,
    Contact: 3,
    Opportunity: 1,
    Case: 1,
    Invoice__c: 1,
  })
  // seeded records carry the seed's date, not the clock's
  expect(store.get(crmSeed.actorUsers.admin!)?.CreatedDate).toBe('2026-01-05T09:00:00.000+0000')
})

it('loads nothing when a record of the seed is invalid, naming it', () => {
  const { store, service } = empty()
  const broken = CrmSeed.parse({
    ...crmSeed,
    records: { ...crmSeed.records, Contact: [...crmSeed.records.Contact!, { FirstName: 'No last name' }] },
  })
  expect(() => loadSeed(service, store, broken)).toThrow(
    /records\.Contact\.3: Required fields are missing: \[LastName\]/,
  )
  expect(store.count('User', { includeDeleted: true })).toBe(0)
  expect(store.count('Account', { includeDeleted: true })).toBe(0)
})

it('rejects a seed of the wrong shape', () => {
  expect(CrmSeed.safeParse({ records: {} }).success).toBe(false)
  expect(CrmSeed.safeParse({ actorUsers: {}, records: { Account: [1] } }).success).toBe(false)
})

it('names the source of a refused record when the seed carries one', () => {
  const { store, service } = empty()
  const broken = CrmSeed.parse({
    ...crmSeed,
    records: { User: crmSeed.records.User, Contact: [{ LastName: 'Fine' }, { FirstName: 'No last name' }] },
    recordSources: { Contact: ['data/Contact.csv line 2', 'data/Contact.csv line 3'] },
  })
  expect(() => loadSeed(service, store, broken)).toThrow(
    'Failed to load the CRM seed: data/Contact.csv line 3 (records.Contact.1): Required fields are missing: [LastName]',
  )
})
