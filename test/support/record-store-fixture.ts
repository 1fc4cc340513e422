/**
 * @module
 * A bare record store (the default schema, no seed, no record rules) holding two Accounts and two
 * Contacts, for the record store's unit tests.
 */
import { crmSchemaInput } from '../../src/fixtures/crm/index.js'
import { makeRecordId } from '../../src/replica/ids.js'
import { createMetadataService } from '../../src/replica/metadata/metadata-service.js'
import { createRecordStore } from '../../src/replica/records/record-store.js'

export const metadata = createMetadataService(crmSchemaInput)
export const accountId = (n: number) => makeRecordId('001', n)
export const contactId = (n: number) => makeRecordId('003', n)

/** Accounts 1 "Acme" (EXT-1) and 2 "Globex" (EXT-2); Contacts 1 "One" and 2 "Two", both of Account 1. */
export function storeWithAccounts() {
  const store = createRecordStore(metadata)
  store.insert('Account', { Id: accountId(1), Name: 'Acme', External_Id__c: 'EXT-1' })
  store.insert('Account', { Id: accountId(2), Name: 'Globex', External_Id__c: 'EXT-2' })
  store.insert('Contact', { Id: contactId(1), LastName: 'One', AccountId: accountId(1) })
  store.insert('Contact', { Id: contactId(2), LastName: 'Two', AccountId: accountId(1) })
  return store
}
