import { expect, it } from 'vitest'
import {
  accountId,
  contactId,
  storeWithAccounts as storeWithTwoContactsOfAcme,
} from '../../../test/support/record-store-fixture.js'
import type { RecordStore } from './record-store.js'

/** The shared fixture plus Contact 3 "Three" of Account 2. */
function storeWithAccounts() {
  const store = storeWithTwoContactsOfAcme()
  store.insert('Contact', { Id: contactId(3), LastName: 'Three', AccountId: accountId(2) })
  return store
}

/** Every write kind once: create (new id), update of an indexed field, delete to the bin, purge, sequence. */
function writeEverything(store: RecordStore) {
  store.insert('Account', { Id: store.nextId('Account'), Name: 'New', External_Id__c: 'EXT-NEW' })
  store.update(accountId(1), { Name: 'Changed', External_Id__c: 'CHANGED' })
  store.update(contactId(2), { IsDeleted: true })
  store.purge(contactId(1))
  store.nextSequence('Case.CaseNumber')
}

const names = (store: RecordStore, object: string) =>
  [...store.scan(object, { includeDeleted: true })].map((found) => found.Name ?? found.LastName)

const later = () => new Promise((resolve) => setTimeout(resolve, 5))

it('undoes every write of a transaction that throws: records, indexes, counters, sequences, the bin', () => {
  const store = storeWithAccounts()
  store.nextSequence('Case.CaseNumber')
  const before = store.serialise()
  expect(() =>
    store.transaction(() => {
      writeEverything(store)
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect(store.serialise()).toEqual(before)
  expect(store.findBy('Account', 'External_Id__c', 'EXT-1')?.map((r) => r.Id)).toEqual([accountId(1)])
  expect(store.findBy('Account', 'External_Id__c', 'CHANGED')).toEqual([])
  expect(store.findBy('Account', 'External_Id__c', 'EXT-NEW')).toEqual([])
  expect(store.findBy('Contact', 'AccountId', accountId(1))?.map((r) => r.Id)).toEqual([
    contactId(1),
    contactId(2),
  ])
  expect(store.count('Contact')).toBe(3)
  // a rolled-back create does not burn its id, nor a sequence its number
  expect(store.nextId('Account')).toBe(accountId(3))
  expect(store.nextSequence('Case.CaseNumber')).toBe(2)
})

it('makes a record deleted and then rolled back live again', () => {
  const store = storeWithAccounts()
  expect(() =>
    store.transaction(() => {
      store.update(contactId(2), { IsDeleted: true })
      expect(store.get(contactId(2))).toBeUndefined()
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect(store.get(contactId(2))?.LastName).toBe('Two')
  expect(store.findBy('Contact', 'AccountId', accountId(1))).toHaveLength(2)
  expect(store.count('Contact')).toBe(3)
})

it('puts purged records back in their place in scan order', () => {
  const store = storeWithAccounts()
  expect(() =>
    store.transaction(() => {
      store.purge(contactId(2))
      store.purge(contactId(1))
      store.insert('Contact', { Id: store.nextId('Contact'), LastName: 'Four' })
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect(names(store, 'Contact')).toEqual(['One', 'Two', 'Three'])
})

it('puts a record purged in a failed savepoint back in its place, the outer transaction going on', () => {
  const store = storeWithAccounts()
  store.transaction(() => {
    store.update(contactId(3), { LastName: 'Three!' })
    expect(() =>
      store.transaction(() => {
        store.purge(contactId(1))
        throw new Error('inner')
      }),
    ).toThrow('inner')
    expect(names(store, 'Contact')).toEqual(['One', 'Two', 'Three!'])
  })
  expect(names(store, 'Contact')).toEqual(['One', 'Two', 'Three!'])
})

it('gives back the counter an insert with an explicit higher id raised', () => {
  const store = storeWithAccounts()
  const before = store.serialise()
  expect(() =>
    store.transaction(() => {
      store.insert('Account', { Id: accountId(40), Name: 'Far' })
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect(store.serialise()).toEqual(before)
  expect(store.nextId('Account')).toBe(accountId(3))
})

it('lets reads inside a transaction see its own writes', () => {
  const store = storeWithAccounts()
  store.transaction(() => {
    store.update(accountId(1), { External_Id__c: 'MOVED' })
    expect(store.findBy('Account', 'External_Id__c', 'moved')?.map((r) => r.Id)).toEqual([accountId(1)])
    expect(store.inTransaction).toBe(true)
  })
  expect(store.inTransaction).toBe(false)
})

it('rolls a failed inner transaction back to its savepoint only', () => {
  const store = storeWithAccounts()
  store.transaction(() => {
    store.update(accountId(1), { Name: 'Outer' })
    expect(() =>
      store.transaction(() => {
        store.update(accountId(2), { Name: 'Inner' })
        store.nextId('Account')
        throw new Error('inner')
      }),
    ).toThrow('inner')
    expect(store.get(accountId(2))?.Name).toBe('Globex')
  })
  expect(store.get(accountId(1))?.Name).toBe('Outer')
  expect(store.get(accountId(2))?.Name).toBe('Globex')
  expect(store.nextId('Account')).toBe(accountId(3))
})

it('undoes a committed inner transaction when the outer one fails', () => {
  const store = storeWithAccounts()
  const before = store.serialise()
  expect(() =>
    store.transaction(() => {
      store.transaction(() => writeEverything(store))
      throw new Error('outer')
    }),
  ).toThrow('outer')
  expect(store.serialise()).toEqual(before)
  expect(store.inTransaction).toBe(false)
})

it('errors on an asynchronous transaction, writing nothing', () => {
  const store = storeWithAccounts()
  const before = store.serialise()
  expect(() =>
    store.transaction(() => {
      store.update(accountId(1), { Name: 'Changed' })
      return Promise.resolve(1)
    }),
  ).toThrow(/must be synchronous/)
  expect(store.serialise()).toEqual(before)
})

it('undoes every write of a failed async transaction, those of nested sync ones included', async () => {
  const store = storeWithAccounts()
  const before = store.serialise()
  await expect(
    store.transactionAsync(async () => {
      store.transaction(() => store.update(accountId(1), { Name: 'First' }))
      await later()
      store.transaction(() => writeEverything(store))
      await later()
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(store.serialise()).toEqual(before)
  expect(store.inTransaction).toBe(false)
})

it('commits an async transaction, keeping a failed savepoint out of it', async () => {
  const store = storeWithAccounts()
  const result = await store.transactionAsync(async (scope) => {
    store.update(accountId(1), { Name: 'Kept' })
    await expect(
      scope.savepoint(async () => {
        store.update(accountId(2), { Name: 'Dropped' })
        await later()
        throw new Error('inner')
      }),
    ).rejects.toThrow('inner')
    return store.get(accountId(2))?.Name
  })
  expect(result).toBe('Globex')
  expect(store.get(accountId(1))?.Name).toBe('Kept')
})

it('runs commit hooks of an async transaction only when it commits', async () => {
  const store = storeWithAccounts()
  const ran: string[] = []
  await store.transactionAsync((scope) => scope.onCommit(() => ran.push('committed')))
  await expect(
    store.transactionAsync((scope) => {
      scope.onCommit(() => ran.push('rolled back'))
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(ran).toEqual(['committed'])
})

it('runs async transactions one at a time; a rollback leaves the next one’s write intact', async () => {
  const store = storeWithAccounts()
  const order: string[] = []
  const first = store.transactionAsync(async () => {
    order.push('first:start')
    store.update(accountId(1), { Name: 'First' })
    await later()
    order.push('first:end')
    throw new Error('boom')
  })
  const second = store.transactionAsync(() => {
    order.push('second')
    expect(store.get(accountId(1))?.Name).toBe('Acme')
    store.update(accountId(1), { Name: 'Second' })
  })
  await expect(first).rejects.toThrow('boom')
  await second
  expect(order).toEqual(['first:start', 'first:end', 'second'])
  expect(store.get(accountId(1))?.Name).toBe('Second')
})

it('makes a writer outside an async transaction wait, and its write outlives the rollback', async () => {
  const store = storeWithAccounts()
  expect(store.whenFree()).toBeUndefined()
  const holder = store.transactionAsync(async () => {
    store.update(accountId(1), { Name: 'Holder' })
    await later()
    throw new Error('boom')
  })
  const writer = (async () => {
    for (let wait = store.whenFree(); wait; wait = store.whenFree()) await wait
    expect(store.inTransaction).toBe(false)
    store.transaction(() => store.update(accountId(2), { Name: 'Writer' }))
  })()
  await expect(holder).rejects.toThrow('boom')
  await writer
  expect(store.get(accountId(1))?.Name).toBe('Acme')
  expect(store.get(accountId(2))?.Name).toBe('Writer')
  expect(store.whenFree()).toBeUndefined()
})

it('refuses a restore or clear while a transaction is open', async () => {
  const store = storeWithAccounts()
  const content = store.serialise()
  store.transaction(() => {
    expect(() => store.restore(content)).toThrow(/a transaction is open/)
    expect(() => store.clear()).toThrow(/a transaction is open/)
  })
  await store.transactionAsync(async () => {
    await later()
    expect(() => store.restore(content)).toThrow(/a transaction is open/)
  })
})
