import { expect, it } from 'vitest'
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { ReplicaError } from '../errors.js'
import type { SObjectRecord } from './record-store.js'
import { deletedRecords, REPLICATION_ID_LIMIT, updatedRecords } from './updated-deleted.js'

const NOW = new Date('2026-03-10T12:00:30.000Z')
const STAMP = '2026-03-10T11:00:00.000+0000'
const object = {
  name: 'Account',
  fields: [{ name: 'Id' }, { name: 'IsDeleted' }, { name: 'SystemModstamp' }],
} as unknown as ObjectDef

/** `count` records changed (or deleted) within the window, made as they are scanned. */
function source(count: number, deleted: boolean) {
  return {
    *scan() {
      for (let i = 0; i < count; i++) {
        yield {
          Id: `001Rm${String(i).padStart(10, '0')}AAA`,
          IsDeleted: deleted,
          SystemModstamp: STAMP,
        } as SObjectRecord
      }
    },
  }
}

const request = {
  start: '2026-03-10T00:00:00+00:00',
  end: '2026-03-10T12:00:00+00:00',
  now: NOW,
  orgCreated: undefined,
}

it('answers 600,000 ids, and refuses one more with EXCEEDED_ID_LIMIT', () => {
  expect(updatedRecords(source(REPLICATION_ID_LIMIT, false), object, request).ids).toHaveLength(600_000)
  expect(() => updatedRecords(source(REPLICATION_ID_LIMIT + 1, false), object, request)).toThrow(
    expect.objectContaining({ code: 'EXCEEDED_ID_LIMIT' }),
  )
})

it('counts deleted records against the same limit', () => {
  expect(deletedRecords(source(REPLICATION_ID_LIMIT, true), object, request).deletedRecords).toHaveLength(
    600_000,
  )
  const over = () => deletedRecords(source(REPLICATION_ID_LIMIT + 1, true), object, request)
  expect(over).toThrow(ReplicaError)
  expect(over).toThrow(/closer together/)
})
