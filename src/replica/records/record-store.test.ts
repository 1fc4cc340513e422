import { expect, it } from 'vitest'
import {
  accountId,
  contactId,
  metadata,
  storeWithAccounts,
} from '../../../test/support/record-store-fixture.js'
import { makeRecordId } from '../ids.js'
import { createRecordStore, type RecordStoreContent } from './record-store.js'

it('stores every stored field of the object, null when not given, in schema order', () => {
  const store = storeWithAccounts()
  const found = store.get(accountId(1))!
  expect(Object.keys(found)).toEqual(metadata.storedFields('Account').map((field) => field.name))
  expect(found.Phone).toBeNull()
  expect(found.IsDeleted).toBe(false)
})

it('gets a record by 15- or 18-character id in any case', () => {
  const store = storeWithAccounts()
  const id = accountId(1)
  expect(store.get(id)?.Name).toBe('Acme')
  expect(store.get(id.slice(0, 15))?.Name).toBe('Acme')
  expect(store.get(id.toLowerCase())?.Name).toBe('Acme')
  expect(store.get('garbage')).toBeUndefined()
  expect(store.get(makeRecordId('001', 99))).toBeUndefined()
})

it('scans records of an object oldest first', () => {
  const store = storeWithAccounts()
  expect([...store.scan('account')].map((r) => r.Name)).toEqual(['Acme', 'Globex'])
  expect(store.count('Account')).toBe(2)
})

it('finds by an indexed external id case-insensitively', () => {
  const store = storeWithAccounts()
  expect(store.findBy('Account', 'External_Id__c', 'ext-2')?.map((r) => r.Name)).toEqual(['Globex'])
  expect(store.findBy('Account', 'external_id__c', 'EXT-9')).toEqual([])
  expect(store.isIndexed('Account', 'External_Id__c')).toBe(true)
})

it('finds by an indexed reference with a 15-character id', () => {
  const store = storeWithAccounts()
  const found = store.findBy('Contact', 'AccountId', accountId(1).slice(0, 15))
  expect(found?.map((r) => r.LastName)).toEqual(['One', 'Two'])
})

it('finds by Id through the id map', () => {
  const store = storeWithAccounts()
  expect(store.findBy('Account', 'Id', accountId(2))?.map((r) => r.Name)).toEqual(['Globex'])
  expect(store.findBy('Contact', 'Id', accountId(2))).toEqual([])
  expect(store.isIndexed('Account', 'id')).toBe(true)
})

it('returns undefined from findBy for a field without an index', () => {
  const store = storeWithAccounts()
  expect(store.findBy('Account', 'Phone', '555')).toBeUndefined()
  expect(store.isIndexed('Account', 'Phone')).toBe(false)
  // audit references are not indexed (every record would sit under a handful of users)
  expect(store.isIndexed('Account', 'CreatedById')).toBe(false)
  expect(store.isIndexed('Account', 'OwnerId')).toBe(true)
})

it('keeps indexes in step with updates', () => {
  const store = storeWithAccounts()
  store.update(accountId(1), { External_Id__c: 'EXT-NEW' })
  expect(store.findBy('Account', 'External_Id__c', 'EXT-1')).toEqual([])
  expect(store.findBy('Account', 'External_Id__c', 'ext-new')?.map((r) => r.Id)).toEqual([accountId(1)])
  store.update(contactId(1), { AccountId: accountId(2) })
  expect(store.findBy('Contact', 'AccountId', accountId(1))?.map((r) => r.LastName)).toEqual(['Two'])
  expect(store.findBy('Contact', 'AccountId', accountId(2))?.map((r) => r.LastName)).toEqual(['One'])
})

it('returns several matches of an index in creation order', () => {
  const store = storeWithAccounts()
  store.update(accountId(1), { External_Id__c: 'SAME' })
  store.update(accountId(2), { External_Id__c: 'SAME' })
  store.update(accountId(1), { Name: 'Acme 2' })
  expect(store.findBy('Account', 'External_Id__c', 'same')?.map((r) => r.Id)).toEqual([
    accountId(1),
    accountId(2),
  ])
})

it('replaces a record on update, leaving an earlier read unchanged', () => {
  const store = storeWithAccounts()
  const before = store.get(accountId(1))!
  const after = store.update(accountId(1), { Name: 'Acme Renamed' })
  expect(before.Name).toBe('Acme')
  expect(after.Name).toBe('Acme Renamed')
  expect(store.get(accountId(1))).toBe(after)
})

it('hides recycle-bin records from reads unless includeDeleted', () => {
  const store = storeWithAccounts()
  store.update(contactId(1), { IsDeleted: true })
  expect(store.get(contactId(1))).toBeUndefined()
  expect(store.get(contactId(1), { includeDeleted: true })?.IsDeleted).toBe(true)
  expect([...store.scan('Contact')].map((r) => r.LastName)).toEqual(['Two'])
  expect([...store.scan('Contact', { includeDeleted: true })].map((r) => r.LastName)).toEqual(['One', 'Two'])
  expect(store.findBy('Contact', 'AccountId', accountId(1))?.map((r) => r.LastName)).toEqual(['Two'])
  expect(store.findBy('Contact', 'AccountId', accountId(1), { includeDeleted: true })).toHaveLength(2)
  expect(store.count('Contact')).toBe(1)
  expect(store.count('Contact', { includeDeleted: true })).toBe(2)
})

it('purges a record for good', () => {
  const store = storeWithAccounts()
  store.purge(contactId(1))
  expect(store.get(contactId(1), { includeDeleted: true })).toBeUndefined()
  expect(store.findBy('Contact', 'AccountId', accountId(1), { includeDeleted: true })).toHaveLength(1)
})

it('issues ids after the highest one stored, with the key prefix', () => {
  const store = storeWithAccounts()
  expect(store.nextId('Account')).toBe(accountId(3))
  expect(store.nextId('Lead').slice(0, 3)).toBe('00Q')
})

it('errors on inserting an existing id, a foreign id or an unknown field', () => {
  const store = storeWithAccounts()
  expect(() => store.insert('Account', { Id: accountId(1), Name: 'Dup' })).toThrow(/exists/)
  expect(() => store.insert('Account', { Id: contactId(9), Name: 'X' })).toThrow(/is not its id/)
  expect(() => store.insert('Account', { Id: accountId(9), Nope: 'X' })).toThrow(/not a stored field/)
  expect(() => store.insert('Widget', { Id: accountId(9) })).toThrow(/unknown object/)
  expect(() => store.update(accountId(1), { BillingAddress: 'x' })).toThrow(/not a stored field/)
})

it('stores a frozen copy of the values given, and lets an update repeat the Id but not change it', () => {
  const store = storeWithAccounts()
  const values = { Id: store.nextId('Account'), Name: 'Copied' }
  const stored = store.insert('Account', values)
  values.Name = 'Changed after'
  expect(store.get(stored.Id as string)?.Name).toBe('Copied')
  expect(Object.isFrozen(stored)).toBe(true)
  expect(() => {
    ;(stored as Record<string, unknown>).Name = 'Written in place'
  }).toThrow(TypeError)
  const updated = store.update(accountId(1), { ...store.get(accountId(1))!, Name: 'Acme Full' })
  expect(updated.Name).toBe('Acme Full')
  expect(Object.isFrozen(updated)).toBe(true)
  expect(() => store.update(accountId(1), { Id: accountId(2) })).toThrow(/Id cannot change/)
  expect(store.get(accountId(2))?.Name).toBe('Globex')
})

it('round-trips through serialise, JSON and restore', () => {
  const store = storeWithAccounts()
  store.update(contactId(1), { IsDeleted: true })
  store.nextSequence('Case.CaseNumber')
  store.nextSequence('Case.CaseNumber')
  const json = JSON.parse(JSON.stringify(store.serialise())) as RecordStoreContent
  const copy = createRecordStore(metadata)
  copy.restore(json)
  expect(copy.serialise()).toEqual(store.serialise())
  expect(copy.get(contactId(1))).toBeUndefined()
  expect(copy.get(contactId(1), { includeDeleted: true })?.LastName).toBe('One')
  expect(copy.findBy('Account', 'External_Id__c', 'ext-2')?.map((r) => r.Name)).toEqual(['Globex'])
  expect(copy.nextSequence('Case.CaseNumber')).toBe(3)
  expect(copy.nextId('Account')).toBe(accountId(3))
})

it('stores references of a restored document in canonical 18-character form', () => {
  const store = storeWithAccounts()
  const content = store.serialise()
  const contacts = content.records.Contact as Array<Record<string, unknown>>
  content.records.Contact = contacts.map((contact) => ({ ...contact, AccountId: accountId(2).slice(0, 15) }))
  const copy = createRecordStore(metadata)
  copy.restore(content)
  expect(copy.get(contactId(1))?.AccountId).toBe(accountId(2))
  expect(copy.findBy('Contact', 'AccountId', accountId(2))).toHaveLength(2)
})

it('keeps ids unique after a purge and a restore', () => {
  const store = storeWithAccounts()
  const id = store.nextId('Account')
  store.insert('Account', { Id: id, Name: 'Gone' })
  store.purge(id)
  const copy = createRecordStore(metadata)
  copy.restore(store.serialise())
  expect(copy.nextId('Account')).toBe(accountId(4))
})

it('restores shares no record objects with the document', () => {
  const store = storeWithAccounts()
  const content = JSON.parse(JSON.stringify(store.serialise())) as RecordStoreContent
  const copy = createRecordStore(metadata)
  copy.restore(content)
  ;(content.records.Account![0] as Record<string, unknown>).Name = 'Mutated'
  expect(copy.get(accountId(1))?.Name).toBe('Acme')
})

it('keeps its content when a restore document is bad', () => {
  const store = storeWithAccounts()
  const before = store.serialise()
  const bad = (records: Record<string, unknown[]>) => ({ ...before, records })
  expect(() => store.restore({ format: 'other' })).toThrow(/Failed to restore records: format/)
  expect(() => store.restore(bad({ Widget: [] }))).toThrow(/unknown object "Widget"/)
  expect(() => store.restore(bad({ Account: [{ Id: contactId(1) }] }))).toThrow(
    /Account.0.Id: not an id of Account/,
  )
  expect(() => store.restore(bad({ Account: [{ Id: accountId(1), Nope: 1 }] }))).toThrow(
    /Account.0.Nope: not a stored field/,
  )
  expect(() => store.restore(bad({ Account: [{ Id: accountId(1), Name: { x: 1 } }] }))).toThrow(
    /not a scalar/,
  )
  expect(() => store.restore(bad({ Account: [{ Id: accountId(1), Name: undefined }] }))).toThrow(
    /Account.0.Name: not a scalar/,
  )
  expect(() => store.restore(bad({ Account: [{ Id: accountId(1) }, { Id: accountId(1) }] }))).toThrow(
    /duplicate id/,
  )
  expect(store.serialise()).toEqual(before)
})

it('empties on clear', () => {
  const store = storeWithAccounts()
  store.clear()
  expect(store.count('Account', { includeDeleted: true })).toBe(0)
  expect(store.nextId('Account')).toBe(accountId(1))
})
