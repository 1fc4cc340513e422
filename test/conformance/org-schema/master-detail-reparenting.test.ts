import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, V } from '../../support/native.js'
import { createSampleRecords, SFDX_PROJECT } from '../../support/org-schema.js'

// reparentableMasterDetail in the sample project: Offer__c.Property__c false, Viewing__c.Property__c true
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT })

const NEW_PROPERTY = { Name: 'Boathouse', Address__c: '3 Quay Road', Price__c: 900_000 }

test('describe: a master-detail field is updateable only when reparentable', async ({ client }) => {
  const app = await connectApp(client)
  const field = async (object: string) => {
    const response = await app.get(`${V}/sobjects/${object}/describe`)
    return response.body.fields.find((entry: { name: string }) => entry.name === 'Property__c')
  }
  expect(await field('Offer__c')).toMatchObject({ createable: true, updateable: false, nillable: false })
  expect(await field('Viewing__c')).toMatchObject({ createable: true, updateable: true, nillable: false })
})

test('a non-reparentable master-detail field refuses an update that moves the child', async ({ client }) => {
  const app = await connectApp(client)
  const { propertyId, offerId } = await createSampleRecords(app)
  const otherId = await createRecord(app, 'Property__c', NEW_PROPERTY)

  const refused = await app.patch(`${V}/sobjects/Offer__c/${offerId}`, { json: { Property__c: otherId } })
  const error = expectNativeError(refused, 400, 'INVALID_FIELD_FOR_INSERT_UPDATE')
  expect(error.fields).toEqual(['Property__c'])
  expect((await app.get(`${V}/sobjects/Offer__c/${offerId}`)).body.Property__c).toBe(propertyId)
  // the other fields of the child stay updateable
  const amount = await app.patch(`${V}/sobjects/Offer__c/${offerId}`, { json: { Amount__c: 1_450_000 } })
  expect(amount.status).toBe(204)
})

test('a reparentable master-detail field moves the child to another master', async ({ client }) => {
  const app = await connectApp(client)
  const { propertyId } = await createSampleRecords(app)
  const otherId = await createRecord(app, 'Property__c', NEW_PROPERTY)
  const viewingId = await createRecord(app, 'Viewing__c', { Name: 'Saturday', Property__c: propertyId })

  const moved = await app.patch(`${V}/sobjects/Viewing__c/${viewingId}`, { json: { Property__c: otherId } })
  expect(moved.status, JSON.stringify(moved.body)).toBe(204)
  expect((await app.get(`${V}/sobjects/Viewing__c/${viewingId}`)).body.Property__c).toBe(otherId)
  // still a master-detail: required, and deleted with its (new) master
  const cleared = await app.patch(`${V}/sobjects/Viewing__c/${viewingId}`, { json: { Property__c: null } })
  expectNativeError(cleared, 400, 'REQUIRED_FIELD_MISSING')
  expect((await app.delete(`${V}/sobjects/Property__c/${otherId}`)).status).toBe(204)
  expect((await app.get(`${V}/sobjects/Viewing__c/${viewingId}`)).status).toBe(404)
})
