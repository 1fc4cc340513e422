/**
 * Indexes are built by the first lookup by their field and kept in step by every write after it.
 * These tests look up before, between and after writes (inserts, updates, the recycle bin, purges,
 * rolled-back transactions, stores sharing a baseline) and check every answer against a scan.
 */
import { expect, it } from 'vitest'
import { accountId, metadata, storeWithAccounts } from '../../../test/support/record-store-fixture.js'
import { seededDraw } from '../../../test/support/seeded-draw.js'
import { createRecordStore, loadBaseline, type RecordStore } from './record-store.js'

const INDEXED = [
  ['Account', 'External_Id__c'],
  ['Account', 'Name'],
  ['Account', 'ParentId'],
  ['Contact', 'AccountId'],
] as const

/** Values the random writes draw from: few, so records share them. */
const TEXTS = ['EXT-1', 'ext-1', 'EXT-2', 'Acme', 'Globex', 'acme', null]

/** Ids of `object`'s records found by scanning: the answer an index must give. */
function scanned(store: RecordStore, object: string, field: string, value: unknown, includeDeleted: boolean) {
  const key = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text)
  return [...store.scan(object, { includeDeleted })]
    .filter((found) => found[field] !== null && key(found[field]) === key(value))
    .map((found) => found.Id)
    .sort()
}

/** Every indexed lookup of the test, for every value a record holds and one nobody does. */
function expectIndexesTrue(store: RecordStore) {
  for (const [object, field] of INDEXED) {
    const values = new Set<unknown>(['nobody'])
    for (const found of store.scan(object, { includeDeleted: true })) values.add(found[field])
    values.delete(null)
    for (const value of values) {
      for (const includeDeleted of [false, true]) {
        const ids = store.findBy(object, field, value, { includeDeleted })?.map((found) => found.Id)
        expect(ids, `${object}.${field} = ${String(value)}`).toEqual(
          scanned(store, object, field, value, includeDeleted),
        )
      }
    }
  }
}

/** One random write (or a transaction of two that throws) on `store`. */
function write(store: RecordStore, draw: (below: number) => number) {
  const accounts = [...store.scan('Account', { includeDeleted: true })].map((found) => found.Id as string)
  const contacts = [...store.scan('Contact', { includeDeleted: true })].map((found) => found.Id as string)
  const text = () => TEXTS[draw(TEXTS.length)]!
  const account = () => accounts[draw(accounts.length)]!
  switch (draw(7)) {
    case 0:
      store.insert('Account', {
        Id: store.nextId('Account'),
        Name: text() ?? 'Unnamed',
        External_Id__c: text(),
        ParentId: draw(2) ? account() : null,
      })
      break
    case 1:
      store.insert('Contact', { Id: store.nextId('Contact'), LastName: 'New', AccountId: account() })
      break
    case 2:
      store.update(account(), { External_Id__c: text(), Name: text() ?? 'Renamed' })
      break
    case 3:
      if (contacts.length > 0) store.update(contacts[draw(contacts.length)]!, { AccountId: account() })
      break
    case 4:
      store.update(account(), { IsDeleted: draw(2) === 0 })
      break
    case 5:
      if (accounts.length > 2) store.purge(account())
      break
    default:
      expect(() =>
        store.transaction(() => {
          store.update(account(), { External_Id__c: text(), ParentId: account() })
          store.insert('Account', { Id: store.nextId('Account'), Name: 'Undone', External_Id__c: text() })
          throw new Error('undo')
        }),
      ).toThrow('undo')
  }
}

it('answers lookups by an index built before the writes as a scan does, over random writes', () => {
  for (let round = 0; round < 20; round++) {
    const draw = seededDraw(round + 1)
    const store = storeWithAccounts()
    expectIndexesTrue(store) // builds every index of the test first
    for (let step = 0; step < 40; step++) {
      write(store, draw)
      if (step % 5 === 4) expectIndexesTrue(store)
    }
    expectIndexesTrue(store)
  }
})

it('builds an index from the records written before its first lookup, rolled-back ones left out', () => {
  const draw = seededDraw(7)
  const store = storeWithAccounts()
  for (let step = 0; step < 60; step++) write(store, draw)
  expectIndexesTrue(store)
})

/** The fixture's records, with `extra` more Accounts: a shared table that small or that large. */
function baselineOf(extra: number) {
  const source = storeWithAccounts()
  for (let n = 0; n < extra; n++) {
    source.insert('Account', {
      Id: source.nextId('Account'),
      Name: `Extra ${n % 7}`,
      External_Id__c: `X-${n}`,
    })
  }
  return loadBaseline(metadata, source.serialise())
}

it.each([
  ['the fixture alone', 0],
  ['300 more Accounts', 300],
])('builds indexes of a shared baseline and of the stores written over it (%s)', (_, extra) => {
  const shared = baselineOf(extra)
  const early = createRecordStore(metadata, shared)
  // early writes before anyone looked up
  early.update(accountId(1), { External_Id__c: 'EARLY' })
  const reader = createRecordStore(metadata, shared)
  expect(reader.findBy('Account', 'External_Id__c', 'ext-1')?.map((r) => r.Id)).toEqual([accountId(1)])
  // a store that copies the table after the shared index was built
  const late = createRecordStore(metadata, shared)
  late.update(accountId(2), { External_Id__c: 'EXT-1' })
  expect(late.findBy('Account', 'External_Id__c', 'ext-1')?.map((r) => r.Id)).toEqual([
    accountId(1),
    accountId(2),
  ])
  expect(early.findBy('Account', 'External_Id__c', 'ext-1')).toEqual([])
  expect(early.findBy('Account', 'External_Id__c', 'early')?.map((r) => r.Id)).toEqual([accountId(1)])
  expect(reader.findBy('Account', 'External_Id__c', 'ext-1')?.map((r) => r.Id)).toEqual([accountId(1)])
  for (const store of [early, reader, late]) expectIndexesTrue(store)
  const draw = seededDraw(11)
  for (const store of [early, reader, late]) for (let step = 0; step < 30; step++) write(store, draw)
  for (const store of [early, reader, late]) expectIndexesTrue(store)
  // and a store started from the baseline after all that still sees it as loaded
  expect(
    createRecordStore(metadata, shared)
      .findBy('Account', 'Name', 'acme')
      ?.map((r) => r.Id),
  ).toEqual([accountId(1)])
})
