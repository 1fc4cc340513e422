import { conformanceTest, expect } from '../../support/harness.js'
import {
  type AppConnection,
  connectApp,
  createRecord,
  expectNativeError,
  query,
  V,
} from '../../support/native.js'
import { createSampleRecords, SFDX_PROJECT } from '../../support/org-schema.js'

// a lookup's deleteConstraint in the sample project: Offer__c.Buyer__c (Contact) Restrict,
// Offer__c.Referrer__c (Account) Cascade, Property__c.Broker__c (Account) SetNull
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT })

async function live(app: AppConnection, soql: string): Promise<number> {
  const response = await query(app, soql)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.totalSize
}

test('describe flags restricting and cascading lookups on the field and the child relationship', async ({
  client,
}) => {
  const app = await connectApp(client)
  const offer = await app.get(`${V}/sobjects/Offer__c/describe`)
  const field = (name: string) => offer.body.fields.find((entry: { name: string }) => entry.name === name)
  expect(field('Buyer__c')).toMatchObject({ restrictedDelete: true, cascadeDelete: false })
  expect(field('Referrer__c')).toMatchObject({ restrictedDelete: false, cascadeDelete: true })
  expect(field('Property__c')).toMatchObject({ restrictedDelete: false, cascadeDelete: true })

  const relationship = async (parent: string, field: string) => {
    const response = await app.get(`${V}/sobjects/${parent}/describe`)
    return response.body.childRelationships.find(
      (entry: { childSObject: string; field: string }) =>
        entry.childSObject === 'Offer__c' && entry.field === field,
    )
  }
  expect(await relationship('Contact', 'Buyer__c')).toMatchObject({
    relationshipName: 'Offers__r',
    restrictedDelete: true,
    cascadeDelete: false,
  })
  expect(await relationship('Account', 'Referrer__c')).toMatchObject({
    relationshipName: 'Referred_Offers__r',
    restrictedDelete: false,
    cascadeDelete: true,
  })
  expect(await relationship('Property__c', 'Property__c')).toMatchObject({
    restrictedDelete: false,
    cascadeDelete: true,
  })
})

test('Restrict: deleting a parent with a live child is refused with DELETE_FAILED, and allowed once it has none', async ({
  client,
}) => {
  const app = await connectApp(client)
  const { offerId } = await createSampleRecords(app)
  const buyerId = await createRecord(app, 'Contact', { LastName: 'Marsh' })
  expect((await app.patch(`${V}/sobjects/Offer__c/${offerId}`, { json: { Buyer__c: buyerId } })).status).toBe(
    204,
  )

  const refused = await app.delete(`${V}/sobjects/Contact/${buyerId}`)
  const error = expectNativeError(refused, 400, 'DELETE_FAILED')
  expect(error.message).toMatch(
    /^Your attempt to delete Marsh could not be completed because it is associated with the following offers\.: /,
  )
  expect((await app.get(`${V}/sobjects/Contact/${buyerId}`)).status).toBe(200)
  expect(await live(app, `SELECT Id FROM Offer__c WHERE Buyer__c = '${buyerId}'`)).toBe(1)

  expect((await app.delete(`${V}/sobjects/Offer__c/${offerId}`)).status).toBe(204)
  expect((await app.delete(`${V}/sobjects/Contact/${buyerId}`)).status).toBe(204)
})

test('Restrict counts children left behind: a cascade that takes the child along is not refused', async ({
  client,
}) => {
  const app = await connectApp(client)
  const { offerId } = await createSampleRecords(app)
  const agencyId = await createRecord(app, 'Account', { Name: 'Quay Agency' })
  const buyerId = await createRecord(app, 'Contact', { LastName: 'Marsh', AccountId: agencyId })
  await app.patch(`${V}/sobjects/Offer__c/${offerId}`, { json: { Buyer__c: buyerId } })

  // the account's contacts go with it, and the buyer's offer would stay behind
  expectNativeError(await app.delete(`${V}/sobjects/Account/${agencyId}`), 400, 'DELETE_FAILED')
  expect(await live(app, `SELECT Id FROM Contact WHERE Id = '${buyerId}'`)).toBe(1)

  // once the offer cascades from the account too, nothing is left pointing at the buyer
  await app.patch(`${V}/sobjects/Offer__c/${offerId}`, { json: { Referrer__c: agencyId } })
  expect((await app.delete(`${V}/sobjects/Account/${agencyId}`)).status).toBe(204)
  expect(await live(app, `SELECT Id FROM Contact WHERE Id = '${buyerId}'`)).toBe(0)
  expect(await live(app, 'SELECT Id FROM Offer__c')).toBe(0)
})

test('Cascade deletes the children with the parent; SetNull clears the reference', async ({ client }) => {
  const app = await connectApp(client)
  const { brokerId, propertyId, offerId } = await createSampleRecords(app)
  await app.patch(`${V}/sobjects/Offer__c/${offerId}`, { json: { Referrer__c: brokerId } })

  expect((await app.delete(`${V}/sobjects/Account/${brokerId}`)).status).toBe(204)
  // Referrer__c (Cascade): the offer went with the account
  expect(await live(app, 'SELECT Id FROM Offer__c')).toBe(0)
  // Broker__c (SetNull): the property stays, its broker cleared
  const property = await app.get(`${V}/sobjects/Property__c/${propertyId}`)
  expect(property.body).toMatchObject({ Id: propertyId, Broker__c: null })
})
