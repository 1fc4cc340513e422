/**
 * A corpus project (test/corpus/eda: its extracted source over its dependencies) served as users
 * serve it: its validation rules fire through REST and through composite, and its formula fields
 * read what the formula says.
 */
import { fileURLToPath } from 'node:url'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, V } from '../../support/native.js'

const corpus = (path: string) => fileURLToPath(new URL(`../../corpus/eda/${path}`, import.meta.url))
const test = conformanceTest({ schema: [corpus('dependencies.json'), corpus('source')] })

const MESSAGE = /^Instead of changing the Contacts in this Relationship/

test('EDA: a relationship’s contacts cannot change (ISNEW, ISCHANGED), through REST and composite', async ({
  client,
}) => {
  const app = await connectApp(client)
  const ann = await createRecord(app, 'Contact', { Salutation: 'Ms.', FirstName: 'Ann', LastName: 'Lee' })
  const bo = await createRecord(app, 'Contact', { Salutation: 'Mr.', FirstName: 'Bo', LastName: 'Lee' })
  const cy = await createRecord(app, 'Contact', { FirstName: 'Cy', LastName: 'Ng' })
  const relationship = await createRecord(app, 'Relationship__c', {
    Contact__c: ann,
    RelatedContact__c: bo,
    Type__c: 'Father',
  })
  const read = await app.get(`${V}/sobjects/Relationship__c/${relationship}`)
  expect(read.body.Relationship_Explanation__c).toBe("Mr. Bo Lee  is Ms. Ann Lee's Father")

  const changed = await app.patch(`${V}/sobjects/Relationship__c/${relationship}`, {
    json: { Contact__c: cy },
  })
  expect(expectNativeError(changed, 400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION')).toMatchObject({
    message: expect.stringMatching(MESSAGE),
    fields: ['Contact__c'],
  })
  const composite = await app.post(`${V}/composite`, {
    json: {
      allOrNone: false,
      compositeRequest: [
        {
          method: 'PATCH',
          url: `${V}/sobjects/Relationship__c/${relationship}`,
          referenceId: 'related',
          body: { RelatedContact__c: cy },
        },
        {
          method: 'PATCH',
          url: `${V}/sobjects/Relationship__c/${relationship}`,
          referenceId: 'type',
          body: { Type__c: 'Brother' },
        },
      ],
    },
  })
  expect(composite.status).toBe(200)
  const [related, type] = composite.body.compositeResponse
  expect(related).toMatchObject({
    httpStatusCode: 400,
    body: [{ errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', fields: ['RelatedContact__c'] }],
  })
  // an update that leaves the contacts alone passes
  expect(type.httpStatusCode).toBe(204)
  const after = await app.get(`${V}/sobjects/Relationship__c/${relationship}`)
  expect(after.body).toMatchObject({ Contact__c: ann, RelatedContact__c: bo, Type__c: 'Brother' })
})
