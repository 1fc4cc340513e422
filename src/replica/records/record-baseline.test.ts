import { expect, it } from 'vitest'
import {
  accountId,
  contactId,
  metadata,
  storeWithAccounts,
} from '../../../test/support/record-store-fixture.js'
import { createRecordStore, loadBaseline } from './record-store.js'

/** The fixture's records and a sequence, as content and as a baseline. */
function baseline() {
  const source = storeWithAccounts()
  source.nextSequence('CaseNumber')
  return { content: source.serialise(), baseline: loadBaseline(metadata, source.serialise()) }
}

const names = (store: ReturnType<typeof createRecordStore>) => [...store.scan('Account')].map((r) => r.Name)

it('starts stores from a baseline without one seeing the writes of another', () => {
  const { content, baseline: shared } = baseline()
  const first = createRecordStore(metadata, shared)
  const second = createRecordStore(metadata, shared)

  first.update(accountId(1), { Name: 'Acme Renamed', External_Id__c: 'EXT-9' })
  first.insert('Account', { Id: first.nextId('Account'), Name: 'Initech' })
  first.purge(accountId(2))
  first.nextSequence('CaseNumber')

  expect(names(first)).toEqual(['Acme Renamed', 'Initech'])
  expect(first.findBy('Account', 'External_Id__c', 'ext-9')?.map((r) => r.Name)).toEqual(['Acme Renamed'])
  expect(first.findBy('Account', 'External_Id__c', 'ext-1')).toEqual([])
  expect(first.serialise().sequences).toEqual({ CaseNumber: 2 })

  expect(names(second)).toEqual(['Acme', 'Globex'])
  expect(second.findBy('Account', 'External_Id__c', 'ext-1')?.map((r) => r.Name)).toEqual(['Acme'])
  expect(second.count('Account')).toBe(2)
  expect(second.nextId('Account')).toBe(accountId(3))
  expect(second.serialise()).toEqual({ ...content, counters: { ...content.counters, Account: 3 } })
  // a third store still gets the baseline as loaded
  expect(createRecordStore(metadata, shared).serialise()).toEqual(content)
})

it('rolls back the write that copied a shared table, leaving the other stores alone', () => {
  const { content, baseline: shared } = baseline()
  const first = createRecordStore(metadata, shared)
  const second = createRecordStore(metadata, shared)
  expect(() =>
    first.transaction(() => {
      first.update(contactId(1), { LastName: 'Changed', AccountId: accountId(2) })
      first.insert('Contact', { Id: first.nextId('Contact'), LastName: 'New', AccountId: accountId(2) })
      throw new Error('undo')
    }),
  ).toThrow('undo')
  expect(first.serialise()).toEqual(content)
  expect(first.findBy('Contact', 'AccountId', accountId(2))).toEqual([])
  second.insert('Contact', { Id: second.nextId('Contact'), LastName: 'Kept', AccountId: accountId(2) })
  expect(second.findBy('Contact', 'AccountId', accountId(2))?.map((r) => r.LastName)).toEqual(['Kept'])
  expect(first.findBy('Contact', 'AccountId', accountId(2))).toEqual([])
  // an index entry several records share (a Set) is the store's own after the copy
  first.update(contactId(2), { AccountId: accountId(2) })
  expect(first.findBy('Contact', 'AccountId', accountId(1))?.map((r) => r.LastName)).toEqual(['One'])
  expect(second.findBy('Contact', 'AccountId', accountId(1))?.map((r) => r.LastName)).toEqual(['One', 'Two'])
})

it('adopts a baseline in place of what a store held, and refuses a bad document up front', () => {
  const { content, baseline: shared } = baseline()
  const store = createRecordStore(metadata)
  store.insert('Account', { Id: accountId(7), Name: 'Gone' })
  store.adopt(shared)
  expect(store.serialise()).toEqual(content)
  expect(() => loadBaseline(metadata, { ...content, records: { Nope: [] } })).toThrow('unknown object "Nope"')
})

it('keeps the records as they are and comes back to them however often, through chained keeps', () => {
  const store = storeWithAccounts()
  const kept = store.keep()
  const before = store.serialise()
  for (let round = 0; round < 3; round++) {
    store.update(accountId(1), { Name: `Round ${round}` })
    store.insert('Account', { Id: store.nextId('Account'), Name: 'Added' })
    store.adopt(kept)
    expect(store.serialise()).toEqual(before)
  }
  // each keep shares the tables as they are then; the store copies them again as it writes
  const marks: Array<{
    baseline: ReturnType<typeof store.keep>
    content: ReturnType<typeof store.serialise>
  }> = []
  for (let level = 0; level < 7; level++) {
    store.update(contactId(1), { LastName: `Level ${level}`, AccountId: accountId((level % 2) + 1) })
    store.insert('Contact', {
      Id: store.nextId('Contact'),
      LastName: `Added ${level}`,
      AccountId: accountId(1),
    })
    marks.push({ baseline: store.keep(), content: store.serialise() })
  }
  const contactsOf = (content: ReturnType<typeof store.serialise>, account: string) =>
    (content.records.Contact as Array<Record<string, unknown>>)
      .filter((r) => r.AccountId === account)
      .map((r) => r.LastName)
  for (const mark of marks.reverse()) {
    store.adopt(mark.baseline)
    expect(store.serialise()).toEqual(mark.content)
    const found = store.findBy('Contact', 'AccountId', accountId(1))?.map((r) => r.LastName)
    expect(found).toEqual(contactsOf(mark.content, accountId(1)))
  }
})

it('copies a table on its first write after a keep: the kept one, and other stores, stay as they were', () => {
  const store = storeWithAccounts()
  const extra = 300
  // one AccountId shared by many records: an index entry holding a set of ids
  for (let n = 3; n <= 2 + extra; n++) {
    store.insert('Contact', { Id: contactId(n), LastName: `Bulk ${n}`, AccountId: accountId(2) })
  }
  expect(store.findBy('Contact', 'AccountId', accountId(2))).toHaveLength(extra)
  const kept = store.keep()
  const before = store.serialise()
  const other = createRecordStore(metadata, kept)

  store.update(contactId(3), { AccountId: accountId(1) })
  store.purge(contactId(4))
  store.insert('Contact', { Id: store.nextId('Contact'), LastName: 'Added', AccountId: accountId(2) })
  const ofAccount = (target: typeof store, n: number) =>
    target.findBy('Contact', 'AccountId', accountId(n)) ?? []
  expect(ofAccount(store, 2)).toHaveLength(extra - 1)
  expect(ofAccount(store, 1).map((r) => r.LastName)).toEqual(['One', 'Two', 'Bulk 3'])
  expect(store.get(contactId(4))).toBeUndefined()

  expect(ofAccount(other, 2)).toHaveLength(extra)
  expect(other.serialise()).toEqual(before)
  store.adopt(kept)
  expect(store.serialise()).toEqual(before)
  expect(ofAccount(store, 2)).toHaveLength(extra)
})

it('hands out frozen records of a shared start: nobody writes one in place', () => {
  const { baseline: shared } = baseline()
  const store = createRecordStore(metadata, shared)
  const found = store.get(accountId(1))!
  expect(Object.isFrozen(found)).toBe(true)
  expect(() => {
    ;(found as Record<string, unknown>).Name = 'Written in place'
  }).toThrow(TypeError)
  store.update(accountId(1), { Name: 'Written through the store' })
  expect(found.Name).toBe('Acme')
  expect(createRecordStore(metadata, shared).get(accountId(1))?.Name).toBe('Acme')
})
