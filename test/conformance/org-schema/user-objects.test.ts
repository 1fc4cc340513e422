import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, V } from '../../support/native.js'
import { createSampleRecords, SFDX_PROJECT } from '../../support/org-schema.js'

// The surfaces beyond REST CRUD and SOQL on a user's objects: SOSL over their searchable text
// fields, composite with references between custom records, sObject Collections, the inspector.
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT })

test('SOSL finds a custom record by its name and by a custom text field', async ({ client }) => {
  const app = await connectApp(client)
  const { propertyId } = await createSampleRecords(app)
  const sosl = (text: string) => app.get(`${V}/search?q=${encodeURIComponent(text)}`)
  const byName = await sosl('FIND {Lighthouse} IN NAME FIELDS RETURNING Property__c(Id, Name)')
  expect(byName.status, JSON.stringify(byName.body)).toBe(200)
  expect(byName.body.searchRecords).toEqual([expect.objectContaining({ Id: propertyId, Name: 'Lighthouse' })])
  const byAddress = await sosl('FIND {Quay} RETURNING Property__c(Id, Address__c)')
  expect(byAddress.body.searchRecords).toEqual([
    expect.objectContaining({ Id: propertyId, Address__c: '1 Quay Road' }),
  ])
})

test('composite creates a custom parent and child in one request, the child naming the parent by reference', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite`, {
    json: {
      allOrNone: true,
      compositeRequest: [
        {
          method: 'POST',
          url: `${V}/sobjects/Property__c`,
          referenceId: 'house',
          body: { Name: 'Harbour View', Address__c: '3 Quay Road', Price__c: 900000 },
        },
        {
          method: 'POST',
          url: `${V}/sobjects/Offer__c`,
          referenceId: 'offer',
          body: { Property__c: '@{house.id}', Amount__c: 850000 },
        },
        { method: 'GET', url: `${V}/sobjects/Property__c/@{house.id}`, referenceId: 'read' },
      ],
    },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  const [house, offer, read] = response.body.compositeResponse
  expect(house.httpStatusCode).toBe(201)
  expect(offer.httpStatusCode).toBe(201)
  // the roll-up over the new child is current within the same request
  expect(read.body).toMatchObject({ Name: 'Harbour View', Offer_Total__c: 850000 })
})

test('sObject Collections create custom records, the validation rule refusing one of them', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite/sobjects`, {
    json: {
      allOrNone: false,
      records: [
        { attributes: { type: 'Property__c' }, Name: 'Kept', Address__c: '4 Quay Road', Price__c: 100 },
        { attributes: { type: 'Property__c' }, Name: 'Free', Address__c: '5 Quay Road', Price__c: 0 },
      ],
    },
  })
  expect(response.status).toBe(200)
  expect(response.body[0]).toMatchObject({ success: true })
  expect(response.body[1]).toMatchObject({
    success: false,
    errors: [
      expect.objectContaining({ statusCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', fields: ['Price__c'] }),
    ],
  })
})

test("the inspector's record browser lists and pages a user's custom objects", async ({ client }) => {
  const app = await connectApp(client)
  const { propertyId } = await createSampleRecords(app)
  const base = `/__replica/ui/api/environments/${app.environment.id}/apps/crm/objects`
  const objects = await client.get(base)
  expect(objects.status, JSON.stringify(objects.body)).toBe(200)
  expect(objects.body.data).toEqual(
    expect.arrayContaining([{ name: 'Property__c', label: 'Property', count: 1 }]),
  )
  const page = await client.get(`${base}/Property__c/records`)
  expect(page.body.records).toEqual([expect.objectContaining({ Id: propertyId, Name: 'Lighthouse' })])
  const record = await client.get(`${base}/Property__c/records/${propertyId}`)
  expect(record.status).toBe(200)
  expect(JSON.stringify(record.body)).toContain('1 Quay Road')
})
