import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, V } from '../../support/native.js'
import { SFDX_PROJECT } from '../../support/org-schema.js'

// Property__c.Sub_Status__c (restricted) depends on Status__c: Available, Under_Offer, Sold
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT })

/** Decodes a `validFor` bitmap into the controlling values it marks. */
function controllingValues(validFor: string, controller: string[]): string[] {
  const bytes = Uint8Array.from(atob(validFor), (ch) => ch.charCodeAt(0))
  return controller.filter((_, index) => ((bytes[index >> 3] ?? 0) & (0x80 >> (index % 8))) !== 0)
}

test("describe: dependentPicklist, controllerName and each value's validFor bitmap", async ({ client }) => {
  const app = await connectApp(client)
  const response = await app.get(`${V}/sobjects/Property__c/describe`)
  const field = (name: string) => response.body.fields.find((entry: { name: string }) => entry.name === name)
  const controller = field('Status__c').picklistValues.map((entry: { value: string }) => entry.value)
  expect(controller).toEqual(['Available', 'Under_Offer', 'Sold'])
  expect(field('Status__c')).toMatchObject({ dependentPicklist: false, controllerName: null })

  const dependent = field('Sub_Status__c')
  expect(dependent).toMatchObject({
    dependentPicklist: true,
    controllerName: 'Status__c',
    restrictedPicklist: true,
  })
  expect(
    dependent.picklistValues.map((entry: { value: string; validFor: string }) => [
      entry.value,
      entry.validFor,
    ]),
  ).toEqual([
    ['Viewing', 'gA=='],
    ['Negotiating', 'QA=='],
    ['Handover', 'YA=='],
  ])
  expect(controllingValues(dependent.picklistValues[2].validFor, controller)).toEqual(['Under_Offer', 'Sold'])
})

test('a dependent value must be valid for the controlling value, on create and update', async ({
  client,
}) => {
  const app = await connectApp(client)
  const base = { Name: 'Lighthouse', Address__c: '1 Quay Road', Price__c: 500_000 }
  const id = await createRecord(app, 'Property__c', {
    ...base,
    Status__c: 'Available',
    Sub_Status__c: 'Viewing',
  })

  const refused = await app.post(`${V}/sobjects/Property__c`, {
    json: { ...base, Status__c: 'Available', Sub_Status__c: 'Handover' },
  })
  const error = expectNativeError(refused, 400, 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST')
  expect(error).toMatchObject({
    message: 'Sub-status: bad value for restricted picklist field: Handover',
    fields: ['Sub_Status__c'],
  })

  // changing the controller alone leaves a value that is no longer valid: refused too
  const controllerOnly = await app.patch(`${V}/sobjects/Property__c/${id}`, { json: { Status__c: 'Sold' } })
  expectNativeError(controllerOnly, 400, 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST')
  const both = await app.patch(`${V}/sobjects/Property__c/${id}`, {
    json: { Status__c: 'Sold', Sub_Status__c: 'Handover', Listed_On__c: '2026-01-05' },
  })
  expect(both.status, JSON.stringify(both.body)).toBe(204)
  // a dependent value without a controlling value is refused; clearing the dependent is fine
  const noController = await app.patch(`${V}/sobjects/Property__c/${id}`, { json: { Status__c: null } })
  expectNativeError(noController, 400, 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST')
  const cleared = await app.patch(`${V}/sobjects/Property__c/${id}`, {
    json: { Status__c: null, Sub_Status__c: null },
  })
  expect(cleared.status, JSON.stringify(cleared.body)).toBe(204)
})
