/**
 * The sample org schema sources (test/fixtures/org-schema) and a few records of the sample SFDX
 * project created over REST: a broker Account, a Property__c it brokers, an Offer__c on it.
 */
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { type AppConnection, createRecord, V } from './native.js'

const here = (path: string) => fileURLToPath(new URL(`../fixtures/org-schema/${path}`, import.meta.url))

/** The sample SFDX project: Property__c, Offer__c, fields on Account, validation rules, formulas. */
export const SFDX_PROJECT = here('sfdx-project')
/** A folder of describe JSON: Vehicle__c and a Contact override. */
export const DESCRIBE_FOLDER = here('describe')
/** A replica schema document: Project__c. */
export const SCHEMA_DOCUMENT = here('schema-document.json')
/**
 * Field settings real projects use (test/fixtures/org-schema/field-semantics/README.md): Member__c
 * with case-sensitive and case-insensitive unique external ids, a Number external id and a
 * geolocation; a custom Activity lookup to it.
 */
export const FIELD_SEMANTICS_PROJECT = here('field-semantics')
/** Describe JSON of Contact holding a managed package's field, `npe01__WorkEmail__c`. */
export const FIELD_SEMANTICS_DESCRIBE = here('field-semantics-describe/Contact.json')
/** A Metadata API format folder with CumulusCI's namespace tokens: `___NAMESPACE___Shelf__c.object`. */
export const METADATA_PACKAGE = here('metadata-package')
/** An SFDX project with a formula field, a default value and a rule that cannot compile (its README). */
export const UNCOMPILABLE_PROJECT = here('uncompilable')
/** Formulas, rules and defaults written as public projects write them (its README lists them). */
export const REAL_WORLD_PROJECT = here('real-world')
/** Seed data for the sample SFDX project: a `sf data export tree` plan (Accounts, Contacts, Properties with Offers). */
export const DATA_PLAN = here('data/plan/Account-Contact-Property__c-plan.json')
/** The same kind of records as CSV files named after their objects, references by external id. */
export const DATA_CSV = here('data/csv')
/** A CSV folder whose second Property__c row breaks the sample project's price rule. */
export const DATA_BREAKING_RULE = here('data/broken/rules')

export interface SampleRecords {
  brokerId: string
  propertyId: string
  offerId: string
}

/** Creates the sample records through REST on an app serving the sample SFDX project. */
export async function createSampleRecords(app: AppConnection): Promise<SampleRecords> {
  const brokerId = await createRecord(app, 'Account', { Name: 'Harbour Brokers', Region__c: 'North' })
  const propertyId = await createRecord(app, 'Property__c', {
    Name: 'Lighthouse',
    Address__c: '1 Quay Road',
    Price__c: 1_500_000,
    Commission__c: 10,
    Broker__c: brokerId,
  })
  const offerId = await createRecord(app, 'Offer__c', { Property__c: propertyId, Amount__c: 1_400_000 })
  return { brokerId, propertyId, offerId }
}

/** Asserts the app serves the sample project: describe of Property__c answers 200. */
export async function expectSampleSchema(app: AppConnection): Promise<void> {
  const response = await app.get(`${V}/sobjects/Property__c/describe`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
}
